import { describe, expect, it } from 'vitest';
import { schemas, TYPEBOX_SCHEMAS } from '../../src/entry/contracts.js';

describe('schemas', () => {
  it('exports every shape of the interface by name', () => {
    expect(Object.keys(schemas).sort()).toEqual([
      'AtmApiVersion',
      'AtmErrorBody',
      'AtmListResponse',
      'AutoEstreneRequest',
      'AutoEstreneResponse',
      'Detalles',
      'ErrorEnvelope',
      'OAuthError',
      'OAuthTokenResponse',
      'ObtenerDocumentoRequest',
      'ObtenerDocumentoResponse',
      'PaymentRecord',
      'SegAutoVendorRequest',
      'SegAutoVendorResponse',
      'TokenRequest',
      'TokenResponse',
    ]);
  });

  it('are plain JSON objects with $id and title, equal to their TypeBox source without symbols', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
      expect(Object.getOwnPropertySymbols(schema)).toEqual([]);
      expect(schema['$id'], name).toBe(name);
      expect(typeof schema['title']).toBe('string');
      expect(schema).toEqual(JSON.parse(JSON.stringify(TYPEBOX_SCHEMAS[name as keyof typeof TYPEBOX_SCHEMAS])));
    }
  });

  it('use pattern, never format', () => {
    expect(JSON.stringify(schemas)).not.toContain('"format"');
  });

  it('wrap the engine results in the success envelope', () => {
    const response = schemas.AutoEstreneResponse as { required: string[]; properties: Record<string, { $id?: string }> };
    expect(response.required).toEqual(['status', 'codigoRespuesta', 'mensaje', 'folio', 'resultado']);
    expect(response.properties['resultado']?.$id).toBe('ResultadoAutoEstrene');
    expect((schemas.SegAutoVendorResponse as typeof response).properties['resultado']?.$id).toBe('ResultadoSegAutoVendor');
  });

  it('are frozen', () => {
    expect(Object.isFrozen(schemas.TokenRequest)).toBe(true);
    expect(Object.isFrozen((schemas.TokenRequest as { properties: object }).properties)).toBe(true);
  });
});
