import { describe, expect, it } from 'vitest';
import {
  errorEnvelope,
  ErrorEnvelopeSchema,
  issuesEnvelope,
  validateAutoEstrene,
  validateObtenerDocumento,
  validateSegAutoVendor,
  validateTokenRequest,
  validateWith,
} from '../../src/entry/contracts.js';
import { truncateText } from '../../src/util/text.js';

const codes = (result: { success: boolean; issues?: readonly { code: string; path: string }[] }) =>
  result.success ? [] : (result.issues ?? []).map((issue) => `${issue.code} ${issue.path}`);

describe('validateAutoEstrene', () => {
  it('accepts a valid body as text or as a value', () => {
    const body = { solicitud: { montoSolicitado: '1000.00', plazo: 12, valorFactura: '2000.00' } };
    expect(validateAutoEstrene(JSON.stringify(body))).toEqual({ success: true, data: body });
    expect(validateAutoEstrene(body)).toEqual({ success: true, data: body });
  });

  it('maps invalid JSON to ERRESQ001 and empty or null bodies to ERRESQ002', () => {
    expect(codes(validateAutoEstrene('{"solicitud":'))).toEqual(['ERRESQ001 ']);
    expect(codes(validateAutoEstrene(''))).toEqual(['ERRESQ002 ']);
    expect(codes(validateAutoEstrene('   '))).toEqual(['ERRESQ002 ']);
    expect(codes(validateAutoEstrene('null'))).toEqual(['ERRESQ002 ']);
    expect(codes(validateAutoEstrene(undefined))).toEqual(['ERRESQ002 ']);
  });

  it('collects every issue with its code and path', () => {
    const result = validateAutoEstrene({ solicitud: { montoSolicitado: '', plazo: 1000, valorFactura: 12, extra: 1 } });
    expect(codes(result).sort()).toEqual([
      'ERRESQ002 solicitud.montoSolicitado',
      'ERRESQ003 solicitud.extra',
      'ERRESQ004 solicitud.plazo',
      'ERRESQ005 solicitud.valorFactura',
    ]);
    expect(codes(validateAutoEstrene({ solicitud: {} }))).toEqual([
      'ERRESQ006 solicitud.montoSolicitado',
      'ERRESQ006 solicitud.plazo',
      'ERRESQ006 solicitud.valorFactura',
    ]);
    expect(codes(validateAutoEstrene({ solicitud: null }))).toEqual(['ERRESQ002 solicitud']);
  });

  it('reports __proto__ and constructor keys as fields not defined in the API, polluting nothing', () => {
    const result = validateAutoEstrene(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"solicitud":{"montoSolicitado":"1.00","plazo":1,"valorFactura":"1.00"}}',
    );
    expect(codes(result)).toEqual(['ERRESQ003 __proto__', 'ERRESQ003 constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('validateSegAutoVendor', () => {
  it('names the wrong type and every missing field', () => {
    const result = validateSegAutoVendor('{"solicitud":{"modelo":"2025"}}');
    // The interface's required fields of a policy quote request, modelo aside (sent, as text).
    const required = [
      'cveEntidadFederativa',
      'idTipoUnidad',
      'idUsoAutomovil',
      'idClaveVehiculo',
      'idAgencia',
      'montoSumaAsegurada',
      'enganche',
      'plazoFinanciado',
      'codigoPostal',
    ];
    expect(codes(result).sort()).toEqual(['ERRESQ005 solicitud.modelo', ...required.map((field) => `ERRESQ006 solicitud.${field}`)].sort());
  });
});

describe('validateObtenerDocumento', () => {
  it('requires a 20 to 54 character uppercase alphanumeric lineaCaptura', () => {
    expect(validateObtenerDocumento('{"lineaCaptura":"0124ABCD5678EFGH9012"}').success).toBe(true);
    expect(validateObtenerDocumento({ lineaCaptura: 'A'.repeat(54) }).success).toBe(true);
    expect(codes(validateObtenerDocumento({ lineaCaptura: 'A'.repeat(19) }))).toEqual(['ERRESQ004 lineaCaptura']);
    expect(codes(validateObtenerDocumento({ lineaCaptura: 'A'.repeat(55) }))).toEqual(['ERRESQ004 lineaCaptura']);
    expect(codes(validateObtenerDocumento({ lineaCaptura: 'a'.repeat(20) }))).toEqual(['ERRESQ005 lineaCaptura']);
    expect(codes(validateObtenerDocumento({}))).toEqual(['ERRESQ006 lineaCaptura']);
    expect(codes(validateObtenerDocumento({ lineaCaptura: '' }))).toEqual(['ERRESQ002 lineaCaptura']);
  });
});

describe('validateTokenRequest', () => {
  it('parses form text and checks grant_type, scope and lengths', () => {
    expect(validateTokenRequest('grant_type=client_credentials&scope=update')).toEqual({
      success: true,
      data: { grant_type: 'client_credentials', scope: 'update' },
    });
    expect(codes(validateTokenRequest('grant_type=password'))).toEqual(['ERRESQ005 grant_type']);
    expect(codes(validateTokenRequest('scope=update'))).toEqual(['ERRESQ006 grant_type']);
    expect(codes(validateTokenRequest(`grant_type=client_credentials&client_id=${'x'.repeat(101)}`))).toEqual(['ERRESQ004 client_id']);
    expect(codes(validateTokenRequest('grant_type=client_credentials&scope=a&scope=b'))).toEqual(['ERRESQ005 scope']);
    expect(codes(validateTokenRequest('grant_type=client_credentials&foo=1'))).toEqual(['ERRESQ003 foo']);
    expect(codes(validateTokenRequest(''))).toEqual(['ERRESQ002 ']);
  });

  it('accepts an object of fields', () => {
    expect(validateTokenRequest({ grant_type: 'client_credentials' })).toEqual({
      success: true,
      data: { grant_type: 'client_credentials' },
    });
  });
});

describe('error envelopes', () => {
  it('reports the first issue with detalles', () => {
    const result = validateAutoEstrene('{}');
    if (result.success) throw new Error('expected issues');
    const envelope = issuesEnvelope(result.issues, 'f-1', 'https://help.example/e');
    expect(envelope).toEqual({
      status: 400,
      codigoRespuesta: '0',
      codigoError: 'ERRESQ006',
      folio: 'f-1',
      mensaje: 'No se enviaron campos requeridos',
      detalles: { enlace: 'https://help.example/e#ERRESQ006', propiedad: 'Falta un campo requerido', valorIncorrecto: 'solicitud' },
    });
    expect(validateWith(ErrorEnvelopeSchema, envelope).success).toBe(true);
  });

  it('names the body for root issues', () => {
    const result = validateAutoEstrene('{');
    if (result.success) throw new Error('expected issues');
    expect(issuesEnvelope(result.issues, 'f').detalles.valorIncorrecto).toBe('body');
  });

  it('truncates valorIncorrecto to 50 characters without splitting a surrogate pair', () => {
    const path = `${'a'.repeat(47)}😀😀😀`;
    const envelope = errorEnvelope({ status: 400, codigoError: 'ERRESQ005', folio: 'f', valorIncorrecto: path });
    const value = envelope.detalles.valorIncorrecto ?? '';
    expect(value).toBe(`${'a'.repeat(47)}😀…`);
    expect(value.length).toBe(50);
    expect(
      errorEnvelope({ status: 400, codigoError: 'ERRESQ005', folio: 'f', valorIncorrecto: `${'a'.repeat(48)}😀😀` }).detalles
        .valorIncorrecto,
    ).toBe(`${'a'.repeat(48)}…`);
    expect(validateWith(ErrorEnvelopeSchema, envelope).success).toBe(true);
    expect(truncateText('corto', 50)).toBe('corto');
  });

  it('clamps every length so the envelope is always valid', () => {
    const envelope = errorEnvelope({
      status: 500,
      codigoError: 'ERRSER002',
      folio: 'x'.repeat(80),
      mensaje: 'm'.repeat(900),
      propiedad: '',
    });
    expect(validateWith(ErrorEnvelopeSchema, envelope).success).toBe(true);
    // folio ≤ 36, mensaje ≤ 500, propiedad ≤ 300 (an empty one says the mensaje), each cut with an ellipsis.
    expect(envelope.folio).toBe(`${'x'.repeat(35)}…`);
    expect(envelope.mensaje).toBe(`${'m'.repeat(499)}…`);
    expect(envelope.detalles.propiedad).toBe(`${'m'.repeat(299)}…`);
  });
});
