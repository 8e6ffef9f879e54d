import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  AtmDatasetError,
  AtmErrorBodySchema,
  exampleAtmDataset,
  ATM_ERRORS,
  atmErrorBody,
  atmErrorResponse,
  createAtmApi,
  validateAtmListResponse,
  type AtmApiConfig,
  type AtmDataset,
  type AtmListResponse,
} from '../../src/entry/atm.js';
import { validateWith } from '../../src/validation/validate.js';
import { QuoteError, localizedMessage } from '../../src/errors/quoteError.js';
import type { ServiceRequest, ServiceResponse } from '../../src/http/types.js';
import { datasetArb } from './arbitraries.js';

const LIST = '/open-banking/open-data/v2/atms';
const VERSION = '/open-banking/open-data/v2/atms/api-version';
// The example's LastUpdated, 2025-01-15T06:00:00-06:00, is 12:00:00 GMT.
const SAME = 'Wed, 15 Jan 2025 12:00:00 GMT';
const EARLIER = 'Wed, 15 Jan 2025 11:59:59 GMT';
const LATER = 'Thu, 16 Jan 2025 00:00:00 GMT';

const publicApi = createAtmApi({ public: true });

async function call(headers: ServiceRequest['headers'] = {}, path = LIST, method = 'GET', api = publicApi): Promise<ServiceResponse> {
  const response = await api.handle({ method, path, headers });
  if (response === undefined) throw new Error(`no response for ${method} ${path}`);
  return response;
}

const ok = await call();
const tag = ok.headers['Etag']!;

function expectSecurityHeaders(response: ServiceResponse): void {
  expect(response.headers['Strict-Transport-Security']).toBe('max-age=31536000');
  expect(response.headers['X-Frame-Options']).toBe('DENY');
  expect(response.headers['X-Content-Type-Options']).toBe('nosniff');
  expect(response.headers['Cache-Control']).toBeDefined();
}

function expectError(response: ServiceResponse, status: number, title: string, description?: string): void {
  expect(response.status).toBe(status);
  expectSecurityHeaders(response);
  expect(response.headers['Cache-Control']).toBe('no-store');
  const body: unknown = JSON.parse(response.body);
  expect(validateWith(AtmErrorBodySchema, body).success).toBe(true);
  expect(body).toMatchObject({ status: String(status), title });
  // Descriptions are es_MX by default: the Spanish entry of the interface's (English) text.
  if (description !== undefined) expect(body).toMatchObject({ description: spanishOf(description) });
}

/** Each case's description: the interface's own (English) text and its Spanish, written out here. */
const DESCRIPTIONS: Readonly<Record<keyof typeof ATM_ERRORS, { readonly en: string; readonly es: string }>> = {
  badRequest: { en: 'request could not be understood', es: 'No se pudo entender la solicitud' },
  badIfModifiedSince: { en: 'invalid value in the If-Modified-Since header', es: 'Valor no válido en el encabezado If-Modified-Since' },
  invalidContent: {
    en: 'the service only accepts requests that accept application/json',
    es: 'El servicio solo acepta peticiones que aceptan application/json',
  },
  catalogNotFound: { en: 'the catalog does not exist', es: 'El catálogo no existe' },
  notFound: { en: 'the resource does not exist', es: 'El recurso no existe' },
  unauthorized: { en: 'the service could not authenticate the request', es: 'El servicio no pudo autenticar la solicitud' },
  methodNotAllowed: { en: 'the service only accepts GET requests', es: 'El servicio solo acepta peticiones GET' },
  notAcceptable: { en: 'the service only accepts application/json', es: 'El servicio solo acepta application/json' },
  timeout: {
    en: 'the client failed to send a request and a timeout occurred',
    es: 'El cliente no envió la solicitud a tiempo y se agotó el tiempo de espera',
  },
  tooManyRequests: { en: 'too many requests to this resource', es: 'Demasiadas peticiones a este recurso' },
  headersTooLarge: { en: 'header fields too long', es: 'Los campos de encabezado son demasiado largos' },
  serviceUnavailable: { en: 'the service is temporarily unavailable', es: 'El servicio no está disponible temporalmente' },
  internalError: { en: 'unexpected error in the bank systems', es: 'Error inesperado en los sistemas del banco' },
};

function spanishOf(interfaceText: string): string {
  const entry = Object.values(DESCRIPTIONS).find((e) => e.en === interfaceText);
  if (entry === undefined) throw new Error(`not an ATM description of the interface: ${interfaceText}`);
  return entry.es;
}

describe('GET /atms', () => {
  it('answers 200 with a valid list response and the interface headers', () => {
    expect(ok.status).toBe(200);
    expect(ok.headers).toEqual({
      'Strict-Transport-Security': 'max-age=31536000',
      'Cache-Control': 'max-age=28800',
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'application/json; charset=utf-8',
      Etag: tag,
      'Last-Modified': SAME,
    });
    const body = JSON.parse(ok.body) as AtmListResponse;
    expect(validateAtmListResponse(body).success).toBe(true);
    expect(body.meta).toEqual({
      LastUpdated: exampleAtmDataset().LastUpdated,
      TotalResults: 27,
      Agreement: 'Por definir',
      License: 'Por definir',
      TermsOfUse: 'Por definir',
    });
    expect(body.data).toEqual(exampleAtmDataset().data);
  });

  it('has a strong ETag: the quoted sha256 of the body, stable across calls and instances', async () => {
    expect(tag).toBe(`"${createHash('sha256').update(ok.body).digest('hex')}"`);
    expect((await call()).headers['Etag']).toBe(tag);
    expect((await call({}, LIST, 'GET', createAtmApi({ public: true }))).headers['Etag']).toBe(tag);
    const other = createAtmApi({ public: true, license: 'https://example.org/licencia' });
    expect((await call({}, LIST, 'GET', other)).headers['Etag']).not.toBe(tag);
  });

  it('takes Agreement, License and TermsOfUse from the configuration', async () => {
    const api = createAtmApi({ public: true, agreement: 'Convenio 1', license: 'https://l.example', termsOfUse: 'https://t.example' });
    const body = JSON.parse((await call({}, LIST, 'GET', api)).body) as AtmListResponse;
    expect(body.meta).toMatchObject({ Agreement: 'Convenio 1', License: 'https://l.example', TermsOfUse: 'https://t.example' });
  });

  it('serves any valid data set as a valid list response counting its ATMs', async () => {
    await fc.assert(
      fc.asyncProperty(datasetArb, async (dataset) => {
        const response = await call({}, LIST, 'GET', createAtmApi({ public: true, atms: dataset }));
        const body = JSON.parse(response.body) as AtmListResponse;
        expect(validateAtmListResponse(body).success).toBe(true);
        expect(body.data).toEqual(dataset.data);
        expect(body.meta.TotalResults).toBe(dataset.data.flatMap((group) => group.Brand).flatMap((brand) => brand.ATM).length);
      }),
      { numRuns: 150 },
    );
  });

  it('leaves paths outside the base to the main service', async () => {
    for (const path of ['/', '/api/esb/Cotizador/v1/AutoEstrene', '/open-banking/open-data/v2x/atms', '/open-banking/open-data/v1/atms']) {
      expect(await publicApi.handle({ method: 'GET', path, headers: {} })).toBeUndefined();
    }
  });

  it('answers 404 for unknown resources under the base', async () => {
    for (const path of ['/open-banking/open-data/v2', '/open-banking/open-data/v2/branches', `${LIST}/`, `${LIST}/123`]) {
      expectError(await call({}, path), 404, 'No encontrado', 'the resource does not exist');
    }
  });
});

describe('conditional requests', () => {
  const is304 = (response: ServiceResponse) => {
    expect(response.status).toBe(304);
    expect(response.body).toBe('');
    // The 200's headers but Content-Type (RFC 9110 §15.4.5: no representation metadata on a 304).
    const { 'Content-Type': type, ...rest } = ok.headers;
    expect(type).toBe('application/json; charset=utf-8');
    expect(response.headers).toEqual(rest);
  };
  const weak = `W/${tag}`;

  it('If-None-Match: the current tag, its weak form, a list containing it, or * → 304', async () => {
    is304(await call({ 'If-None-Match': tag }));
    is304(await call({ 'if-none-match': weak }));
    is304(await call({ 'If-None-Match': `"abc", ${weak}, "def"` }));
    is304(await call({ 'If-None-Match': `"a,b",${tag}` }));
    is304(await call({ 'If-None-Match': ['"abc"', tag] }));
    is304(await call({ 'If-None-Match': '*' }));
  });

  it('If-None-Match: other tags, unquoted or truncated tags → 200', async () => {
    for (const value of ['"abc"', '"abc", W/"def"', tag.slice(1, -1), `${tag.slice(0, -2)}"`, `W/${tag.slice(1, -1)}`, '**', `"${tag}"`]) {
      const response = await call({ 'If-None-Match': value });
      expect(response.status).toBe(200);
      expect(response.body).toBe(ok.body);
    }
  });

  it('If-Modified-Since: earlier → 200; equal or later → 304', async () => {
    expect((await call({ 'If-Modified-Since': EARLIER })).status).toBe(200);
    is304(await call({ 'If-Modified-Since': SAME }));
    is304(await call({ 'If-Modified-Since': LATER }));
  });

  it('If-Modified-Since: the obsolete RFC 850 and asctime forms are understood', async () => {
    is304(await call({ 'If-Modified-Since': 'Wednesday, 15-Jan-25 12:00:00 GMT' }));
    expect((await call({ 'If-Modified-Since': 'Wednesday, 15-Jan-25 11:59:59 GMT' })).status).toBe(200);
    is304(await call({ 'If-Modified-Since': 'Wed Jan 15 12:00:00 2025' }));
    expect((await call({ 'If-Modified-Since': 'Wed Jan  1 12:00:00 2025' })).status).toBe(200);
  });

  it('If-Modified-Since compares whole seconds (HTTP-dates have no fractions)', async () => {
    const api = createAtmApi({ public: true, atms: { LastUpdated: '2025-01-15T12:00:00.750Z', data: [] } });
    expect((await call({ 'If-Modified-Since': SAME }, LIST, 'GET', api)).status).toBe(304);
    expect((await call({ 'If-Modified-Since': 'Wed, 15 Jan 2025 11:59:59 GMT' }, LIST, 'GET', api)).status).toBe(200);
  });

  it('an unparseable If-Modified-Since → 400 with the interface text', async () => {
    for (const value of [
      'yesterday',
      '2025-01-15T12:00:00Z',
      'Wed, 32 Jan 2025 12:00:00 GMT',
      'Wed, 29 Feb 2025 12:00:00 GMT',
      'Wed, 15 Jan 2025 12:00:00 CST',
      'Xyz, 15 Jan 2025 12:00:00 GMT',
      '',
    ]) {
      expectError(await call({ 'If-Modified-Since': value }), 400, 'Solicitud Incorrecta', 'invalid value in the If-Modified-Since header');
    }
  });

  it('If-None-Match takes precedence over If-Modified-Since', async () => {
    expect((await call({ 'If-None-Match': '"other"', 'If-Modified-Since': LATER })).status).toBe(200);
    is304(await call({ 'If-None-Match': tag, 'If-Modified-Since': EARLIER }));
    expect((await call({ 'If-None-Match': '"other"', 'If-Modified-Since': 'garbage' })).status).toBe(200);
  });

  it('HEAD: same status and headers as GET, never a body', async () => {
    const head = await call({}, LIST, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(ok.headers);
    expect(head.body).toBe('');
    is304(await call({ 'If-None-Match': tag }, LIST, 'HEAD'));
    is304(await call({ 'If-Modified-Since': SAME }, LIST, 'head'));
    const bad = await call({ 'If-Modified-Since': 'nope' }, LIST, 'HEAD');
    expect(bad.status).toBe(400);
    expect(bad.body).toBe('');
    expect(bad.headers).toEqual((await call({ 'If-Modified-Since': 'nope' })).headers);
  });
});

describe('errors', () => {
  it('405 for other methods, with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of [LIST, VERSION]) {
        const response = await call({}, path, method);
        expectError(response, 405, 'Método no permitido', 'the service only accepts GET requests');
        expect(response.headers['Allow']).toBe('GET, HEAD');
      }
    }
    expect((await call({}, LIST, 'get')).status).toBe(200);
  });

  it('406 when Accept excludes JSON; 200 when a range admits it', async () => {
    const refused = [
      'text/html',
      'application/xml',
      'application/json;q=0',
      'application/json; q=0.000',
      'application/json;q=0, */*',
      '*/*;q=0.5, application/json;q=0',
      'application/*;q=0, text/*',
      'application/xml, */*;q=0',
      'application/json;charset=iso-8859-1',
      'application/problem+json',
      'application/json;q=2',
      'garbage',
    ];
    for (const accept of refused) {
      expectError(await call({ Accept: accept }), 406, "Encabezado 'Accept' no válido", 'the service only accepts application/json');
    }
    const accepted = [
      'application/json',
      'APPLICATION/JSON',
      '*/*',
      'application/*',
      'text/html, application/json;q=0.1',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      'text/html;q=0.9, */*;q=0.1',
      'application/json;q=0, application/json;charset=utf-8;q=0.5',
      '',
    ];
    for (const accept of accepted) expect((await call({ accept })).status, accept).toBe(200);
    expect((await call({ Accept: ['text/html', 'application/json'] })).status).toBe(200);
    expect((await call({ Accept: 'text/html' }, VERSION)).status).toBe(406);
  });

  it('401 (with WWW-Authenticate: Bearer) when protected; fail closed without authorize', async () => {
    const closed = createAtmApi();
    for (const path of [LIST, VERSION]) {
      const response = await call({ Authorization: 'Bearer anything' }, path, 'GET', closed);
      expectError(response, 401, 'Token de acceso no válido', 'the service could not authenticate the request');
      expect(response.headers['WWW-Authenticate']).toBe('Bearer');
    }
    const seen: ServiceRequest[] = [];
    const api = createAtmApi({
      authorize: async (request) => {
        seen.push(request);
        return request.headers['authorization'] === 'Bearer good';
      },
    });
    expect((await call({ authorization: 'Bearer bad' }, LIST, 'GET', api)).status).toBe(401);
    expect((await call({}, LIST, 'GET', api)).status).toBe(401);
    const good = await call({ authorization: 'Bearer good' }, LIST, 'GET', api);
    expect(good.status).toBe(200);
    expect(good.body).toBe(ok.body);
    expect(seen.map((r) => r.headers['authorization'])).toEqual(['Bearer bad', undefined, 'Bearer good']);
    const head = await call({}, LIST, 'HEAD', api);
    expect(head.status).toBe(401);
    expect(head.body).toBe('');
  });

  it('public: true never consults authorize', async () => {
    let calls = 0;
    const api = createAtmApi({
      public: true,
      authorize: async () => {
        calls++;
        return false;
      },
    });
    expect((await call({}, LIST, 'GET', api)).status).toBe(200);
    expect(calls).toBe(0);
  });

  it('authentication is checked before Accept and the query', async () => {
    const closed = createAtmApi();
    expect((await call({ Accept: 'text/html' }, `${LIST}?bad=1`, 'GET', closed)).status).toBe(401);
  });

  it('431 when names + values exceed the limit (default 8 KiB), with status "431" in the body', async () => {
    const big = 'x'.repeat(8192);
    const response = await call({ 'X-Big': big });
    expectError(response, 431, 'Campos de encabezados demasiado largos.', 'header fields too long');
    // Exactly at the limit passes; one byte over fails. "ab" + "cdé" = 2 + 4 bytes.
    const api = createAtmApi({ public: true, maxHeaderBytes: 6 });
    expect((await call({ ab: 'cde' }, LIST, 'GET', api)).status).toBe(200);
    expect((await call({ ab: 'cdé' }, LIST, 'GET', api)).status).toBe(200);
    expect((await call({ ab: 'cdéf' }, LIST, 'GET', api)).status).toBe(431);
    expect((await call({ ab: ['c', 'd'] }, LIST, 'GET', api)).status).toBe(200);
    expect((await call({ ab: ['cd', 'e'] }, LIST, 'GET', api)).status).toBe(431);
  });
});

describe('GET /atms/api-version', () => {
  it('returns the configured version, 1.0.0 by default', async () => {
    const response = await call({}, VERSION);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ version: '1.0.0' });
    expectSecurityHeaders(response);
    const api = createAtmApi({ public: true, version: '2.3.4' });
    expect(JSON.parse((await call({}, VERSION, 'GET', api)).body)).toEqual({ version: '2.3.4' });
  });

  it('takes no query parameters', async () => {
    expectError(await call({}, `${VERSION}?x=1`), 400, 'Solicitud Incorrecta', 'request could not be understood');
  });
});

describe('query-parameter extension', () => {
  const total = async (query: string) => {
    const response = await call({}, `${LIST}?${query}`);
    expect(response.status, query).toBe(200);
    const body = JSON.parse(response.body) as AtmListResponse;
    expect(validateAtmListResponse(body).success).toBe(true);
    return body;
  };

  it('filters and counts', async () => {
    expect((await total('service=ATST')).meta.TotalResults).toBe(7);
    expect((await total('accessibility=ATWA')).meta.TotalResults).toBe(5);
    expect((await total('category=ATRU')).meta.TotalResults).toBe(1);
    expect((await total('currency=EUR')).meta.TotalResults).toBe(2);
    expect((await total('brand=Financiera+Ilustrativa')).meta.TotalResults).toBe(8);
    expect((await total('brand=Cajeros%20Red%20Demo&open24h=true')).meta.TotalResults).toBe(6);
    expect((await total('open24h=false')).meta.TotalResults).toBe(10);
    expect((await total('postalCode=97000')).meta.TotalResults).toBe(2);
    expect((await total('postalCode=00000')).data).toEqual([]);
  });

  it('nearest: one data item per ATM, in distance order', async () => {
    const body = await total('lat=19.4326&lon=-99.1332&limit=3');
    expect(body.meta.TotalResults).toBe(3);
    expect(body.data.map((g) => g.Brand[0]!.ATM[0]!.Identification)).toEqual(['CRD-CDMX-0001', 'BEJ-CDMX-0001', 'BEJ-CDMX-0003']);
    expect((await total('lat=19.4326&lon=-99.1332')).meta.TotalResults).toBe(5);
    const filtered = await total('lat=21.16&lon=-86.8&service=ATST&limit=1');
    expect(filtered.data[0]!.Brand[0]!.ATM[0]!.Identification).toBe('CRD-CUN-0001');
  });

  it('filtered responses carry their own stable ETag and honour If-None-Match', async () => {
    const first = await call({}, `${LIST}?service=ATST`);
    const again = await call({}, `${LIST}?service=ATST`);
    expect(first.headers['Etag']).toBe(`"${createHash('sha256').update(first.body).digest('hex')}"`);
    expect(first.headers['Etag']).toBe(again.headers['Etag']);
    expect(first.headers['Etag']).not.toBe(tag);
    expect((await call({ 'If-None-Match': first.headers['Etag']! }, `${LIST}?service=ATST`)).status).toBe(304);
    expect((await call({ 'If-None-Match': tag }, `${LIST}?service=ATST`)).status).toBe(200);
  });

  it('400 for unknown, repeated, empty or invalid parameters', async () => {
    const bad = [
      'service=XXXX',
      'service=atba',
      'accessibility=ATBA',
      'category=ATWA',
      'currency=mxn',
      'currency=MXNN',
      'open24h=yes',
      'postalCode=12345678901234567',
      `brand=${'x'.repeat(141)}`,
      'service=ATBA&service=ATCT',
      'service=',
      'colour=red',
      'lat=19.4',
      'lon=-99.1',
      'limit=3',
      'lat=91&lon=0',
      'lat=0&lon=181',
      'lat=abc&lon=0',
      'lat=1e1&lon=0',
      'lat=0&lon=0&limit=0',
      'lat=0&lon=0&limit=1001',
      'lat=0&lon=0&limit=2.5',
    ];
    for (const query of bad)
      expectError(await call({}, `${LIST}?${query}`), 400, 'Solicitud Incorrecta', 'request could not be understood');
  });
});

describe('configuration', () => {
  it('rejects an invalid data set with every issue and its path', () => {
    const broken = structuredClone(exampleAtmDataset()) as AtmDataset;
    broken.data[1]!.Brand[0]!.ATM[2]!.ATMServices = [];
    (broken.data[0]!.Brand[1]!.ATM[0]!.SupportedCurrencies as string[])[0] = 'pesos';
    let thrown: unknown;
    try {
      createAtmApi({ atms: broken });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AtmDatasetError);
    expect(thrown).toBeInstanceOf(QuoteError);
    const error = thrown as AtmDatasetError;
    expect(error.issues.map((i) => [i.code, i.path])).toEqual([
      ['ERRESQ005', 'data[0].Brand[1].ATM[0].SupportedCurrencies[0]'],
      ['ERRESQ004', 'data[1].Brand[0].ATM[2].ATMServices'],
    ]);
    expect(error.codigoError).toBe('ERRESQ005');
    expect(error.valorIncorrecto).toBe('data[0].Brand[1].ATM[0].SupportedCurrencies[0]');
    // The first issue's message, in the language the error is rendered in.
    expect(error.mensaje).toBe('Conjunto de datos de cajeros no válido: El tipo o el formato del campo no es válido');
    expect(localizedMessage(error, 'en')).toBe('Invalid ATM data set: The type or format of the field is not valid');
    expect(() => createAtmApi({ atms: 'not a data set' })).toThrow(AtmDatasetError);
    const bare = new AtmDatasetError([]);
    expect([bare.codigoError, bare.valorIncorrecto, bare.mensaje]).toEqual([
      'ERRESQ005',
      undefined,
      'Conjunto de datos de cajeros no válido: sin detalle',
    ]);
    expect(localizedMessage(bare, 'en')).toBe('Invalid ATM data set: no detail');
  });

  it('rejects bad options with a coded error naming the option', () => {
    // A number out of range is ERRESQ004, an empty text ERRESQ002, a value of the wrong type ERRESQ005.
    const bad: [AtmApiConfig, string, string, string][] = [
      [{ maxHeaderBytes: 0 }, 'ERRESQ004', 'maxHeaderBytes', 'Debe ser un entero positivo'],
      [{ maxHeaderBytes: 1.5 }, 'ERRESQ004', 'maxHeaderBytes', 'Debe ser un entero positivo'],
      [{ version: '' }, 'ERRESQ002', 'version', 'No puede estar vacío'],
      [{ agreement: '' }, 'ERRESQ002', 'agreement', 'No puede estar vacío'],
      [{ license: 3 as unknown as string }, 'ERRESQ005', 'license', 'Debe ser texto'],
      [{ termsOfUse: null as unknown as string }, 'ERRESQ005', 'termsOfUse', 'Debe ser texto'],
      [{ authorize: 'yes' as never }, 'ERRESQ005', 'authorize', 'Debe ser una función'],
    ];
    for (const [config, code, field, mensaje] of bad) {
      let thrown: unknown;
      try {
        createAtmApi(config);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, field).toBeInstanceOf(QuoteError);
      const error = thrown as QuoteError;
      expect([error.codigoError, error.valorIncorrecto, error.mensaje]).toEqual([code, field, mensaje]);
    }
  });

  it('never mutates the configured data set and is not affected by later changes to it', async () => {
    await fc.assert(
      fc.asyncProperty(datasetArb, async (dataset) => {
        const snapshot = structuredClone(dataset);
        const api = createAtmApi({ public: true, atms: dataset });
        const before = await call({}, LIST, 'GET', api);
        await call({}, `${LIST}?lat=0&lon=0&limit=3`, 'GET', api);
        await call({}, `${LIST}?open24h=true`, 'GET', api);
        expect(dataset).toEqual(snapshot);
        expect(Object.isFrozen(dataset)).toBe(false);
        dataset.data.push({ Brand: [{ BrandName: 'Añadida después', ATM: [] }] });
        dataset.LastUpdated = '1999-01-01T00:00:00Z';
        expect((await call({}, LIST, 'GET', api)).body).toBe(before.body);
      }),
      { numRuns: 90 },
    );
  });
});

describe('error helpers for the main service', () => {
  it('408, 429 and 503 bodies and responses, in English on request', () => {
    expect(atmErrorBody('timeout', 'en')).toEqual({
      status: '408',
      title: 'Timeout',
      description: 'the client failed to send a request and a timeout occurred',
    });
    expect(atmErrorBody('tooManyRequests', 'en')).toEqual({
      status: '429',
      title: 'Demasiadas peticiones',
      description: 'too many requests to this resource',
    });
    expect(atmErrorBody('serviceUnavailable')).toEqual({
      status: '503',
      title: 'Servicio temporalmente no disponible.',
      description: 'El servicio no está disponible temporalmente',
    });
    // en_US gives the interface's own text of every case; es_MX (the default) its Spanish.
    expect(Object.keys(DESCRIPTIONS).sort()).toEqual(Object.keys(ATM_ERRORS).sort());
    for (const [kind, entry] of Object.entries(ATM_ERRORS)) {
      const { en, es } = DESCRIPTIONS[kind as keyof typeof ATM_ERRORS];
      expect(entry.description, kind).toBe(en);
      expect(atmErrorBody(kind as keyof typeof ATM_ERRORS, 'en').description, kind).toBe(en);
      expect(atmErrorBody(kind as keyof typeof ATM_ERRORS).description, kind).toBe(es);
    }
    const response = atmErrorResponse('tooManyRequests', { 'Retry-After': '60' });
    expectError(response, 429, 'Demasiadas peticiones');
    expect(response.headers['Retry-After']).toBe('60');
  });
});

describe('no clock', () => {
  it('handles requests while Date.now and argument-less new Date() throw', async () => {
    const api = createAtmApi({ public: true });
    const RealDate = Date;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('clock read');
    });
    class NoClockDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) throw new Error('clock read');
        super(...(args as [number]));
      }
    }
    globalThis.Date = NoClockDate as DateConstructor;
    try {
      expect((await call({ 'If-Modified-Since': SAME }, LIST, 'GET', api)).status).toBe(304);
      expect((await call({}, `${LIST}?lat=19&lon=-99`, 'GET', api)).status).toBe(200);
      expect((await call({}, VERSION, 'GET', api)).status).toBe(200);
    } finally {
      globalThis.Date = RealDate;
      now.mockRestore();
    }
  });
});
