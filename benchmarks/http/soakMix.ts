/**
 * The soak's mix (`soak.ts`): the kinds of request it sends to `serve`, each with the statuses it
 * may get, and their weights. The token kinds keep the newest tokens in {@link tokens} (so a run
 * may outlast a token's hour) and the ATM list keeps each query's ETag for the conditional kind.
 */
import { AUTOESTRENE_60, BENCH_CLIENT, send, type Answer } from './shared.js';

export type Request = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer;
  from?: string;
};
/** One kind of the mix: how to make its i-th request, the statuses it may get, what to keep from an answer. */
export type Kind = {
  readonly name: string;
  readonly make: (i: number) => Request;
  readonly expect: readonly number[];
  readonly keep?: (answer: Answer, request: Request) => void;
};

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';
const GOOD_BASIC = basic(BENCH_CLIENT.clientId, BENCH_CLIENT.clientSecret);
/** The newest tokens the mix obtained (the token kinds refresh them, so a run may outlast a token's hour). */
export const tokens = { update: '', read: '' };
/** The newest ETag of each ATM query. */
const etags = new Map<string, string>();

const CREDIT = (JSON.parse(AUTOESTRENE_60) as { solicitud: Record<string, unknown> }).solicitud;
const credit = (changes: Record<string, unknown>) => JSON.stringify({ solicitud: { ...CREDIT, ...changes } });
const INSURER = {
  idPaquete: 1,
  idAseguradora: 1,
  cveEntidadFederativa: 2,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idAgencia: 1002,
  numeroAgencia: 4501,
  modelo: 2026,
  enganche: '87500.00',
  codigoPostal: '21000',
};
const PERIODS = ['M', 'Q', 'C', 'S', 'D'];
const TERMS = [6, 12, 18, 24, 36, 48, 60, 72];
const ATM_QUERIES = ['', '?service=ATST', '?open24h=true', '?lat=19.4326&lon=-99.1332&limit=3', '?postalCode=03100', '?currency=MXN'];
const ATM = '/open-banking/open-data/v2/atms';
const QUOTE = '/api/esb/Cotizador/v1/AutoEstrene';
const DOCUMENT = '/api/esb/ServiciosContribuyentes/obtenerDocumento';
const TOKEN = '/api/esb/ValidaCredenciales/accesstoken';
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
/** Another loopback address: bad secrets never come from the real client's, whose failures would lock it out. */
const elsewhere = (i: number) => `127.0.0.${2 + (i % 8)}`;
const keepToken = (scope: 'update' | 'read') => (answer: Answer) => {
  if (answer.status === 200) tokens[scope] = (JSON.parse(answer.body) as { access_token: string }).access_token;
};

export const KINDS: Readonly<Record<string, Kind>> = {
  tokenBasic: {
    name: 'token (Basic)',
    make: () => ({
      method: 'POST',
      path: TOKEN,
      headers: { authorization: GOOD_BASIC, 'content-type': FORM },
      body: 'grant_type=client_credentials&scope=update',
    }),
    expect: [200],
    keep: keepToken('update'),
  },
  tokenForm: {
    name: 'token (form)',
    make: () => ({
      method: 'POST',
      path: TOKEN,
      headers: { 'content-type': FORM },
      body: `grant_type=client_credentials&client_id=${BENCH_CLIENT.clientId}&client_secret=${BENCH_CLIENT.clientSecret}&scope=update`,
    }),
    expect: [200],
  },
  atmToken: {
    name: 'ATM token',
    make: () => ({
      method: 'POST',
      path: '/open-banking/oauth2/v1/token',
      headers: { authorization: GOOD_BASIC, 'content-type': FORM },
      body: 'grant_type=client_credentials&scope=read',
    }),
    expect: [200],
    keep: keepToken('read'),
  },
  badSecret: {
    name: 'token, bad secret',
    make: (i) => ({
      method: 'POST',
      path: i % 2 === 0 ? TOKEN : '/open-banking/oauth2/v1/token',
      headers: { authorization: basic(i % 3 === 0 ? `intruder-${i % 50}` : BENCH_CLIENT.clientId, `wrong-${i}`), 'content-type': FORM },
      body: 'grant_type=client_credentials&scope=update',
      from: elsewhere(i),
    }),
    expect: [400, 401, 429],
  },
  quote: {
    name: 'AutoEstrene',
    make: (i) => ({
      method: 'POST',
      path: QUOTE,
      headers: bearer(tokens.update),
      body: credit({
        plazo: TERMS[i % TERMS.length],
        periodicidad: PERIODS[Math.floor(i / 3) % PERIODS.length],
        generaTablaPagos: i % 4 !== 0,
        montoSolicitado: `${200_000 + (i % 101) * 1000}.00`,
        tasa: `${9 + (i % 11)}.${i % 2 === 0 ? '50' : '25'}`,
      }),
    }),
    expect: [200],
  },
  insured: {
    name: 'AutoEstrene, insured',
    make: (i) => ({
      method: 'POST',
      path: QUOTE,
      headers: bearer(tokens.update),
      body: credit({ plazo: [12, 24, 36, 48][i % 4], tipoSeguro: 1 + (i % 2), informacionSeguro: INSURER }),
    }),
    expect: [200],
  },
  refusedQuote: {
    name: 'AutoEstrene, refused',
    make: (i) => ({
      method: 'POST',
      path: QUOTE,
      headers: bearer(tokens.update),
      body: credit(i % 2 === 0 ? { plazo: -1 } : { periodicidad: 'X' }),
    }),
    expect: [400],
  },
  policy: {
    name: 'SegAutoVendor',
    make: (i) => ({
      method: 'POST',
      path: '/api/esb/Cotizador/v1/SegAutoVendor',
      headers: bearer(tokens.update),
      body: JSON.stringify({
        solicitud: {
          cveEntidadFederativa: 9,
          idTipoUnidad: 1,
          idUsoAutomovil: 1,
          idClaveVehiculo: 1001,
          modelo: 2025,
          idAgencia: 10,
          montoSumaAsegurada: `${300_000 + (i % 7) * 10_000}.00`,
          enganche: '70000.00',
          plazoFinanciado: [12, 24, 36, 48][i % 4],
          codigoPostal: '03100',
        },
      }),
    }),
    expect: [200],
  },
  unknownLine: {
    name: 'document, unknown line',
    make: (i) => ({
      method: 'POST',
      path: DOCUMENT,
      headers: bearer(tokens.update),
      body: JSON.stringify({ lineaCaptura: `0124ABCD${String(i).padStart(12, '0')}` }),
    }),
    expect: [400],
  },
  badLine: {
    name: 'document, malformed line',
    make: (i) => ({
      method: 'POST',
      path: DOCUMENT,
      headers: bearer(tokens.update),
      body: JSON.stringify({ lineaCaptura: i % 2 === 0 ? 'abc' : 12345 }),
    }),
    expect: [400],
  },
  receipt: {
    name: 'document, receipt (PDF)',
    make: () => ({ method: 'POST', path: DOCUMENT, headers: bearer(tokens.update), body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}' }),
    // A full pool or queue is a documented answer (503 ERRSER003 / 429 with Retry-After), not a failure.
    expect: [200, 429, 503],
  },
  atmList: {
    name: 'ATM list',
    make: (i) => {
      const query = ATM_QUERIES[i % ATM_QUERIES.length] as string;
      return {
        method: i % 5 === 0 ? 'HEAD' : 'GET',
        path: `${ATM}${query}`,
        headers: { authorization: `Bearer ${tokens.read}` },
        body: '',
      };
    },
    expect: [200],
    keep: (answer, request) => {
      const tag = answer.headers.etag;
      if (typeof tag === 'string') etags.set(request.path, tag);
    },
  },
  atmCached: {
    name: 'ATM list, If-None-Match',
    make: (i) => {
      const path = `${ATM}${ATM_QUERIES[i % ATM_QUERIES.length]}`;
      return {
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${tokens.read}`, 'if-none-match': etags.get(path) ?? '"none"' },
        body: '',
      };
    },
    expect: [200, 304],
  },
  atmOther: {
    name: 'ATM: version, bad query, no token',
    make: (i) => {
      const read: Record<string, string> = { authorization: `Bearer ${tokens.read}` };
      const requests: Request[] = [
        { method: 'GET', path: `${ATM}/api-version`, headers: read, body: '' },
        { method: 'GET', path: `${ATM}?foo=${i}`, headers: read, body: '' },
        { method: 'GET', path: ATM, headers: {}, body: '' },
      ];
      return requests[i % requests.length] as Request;
    },
    expect: [200, 400, 401],
  },
  malformed: {
    name: 'malformed body',
    make: (i) => {
      const bodies: [string, string | Buffer][] = [
        ['application/json', '{"solicitud":'],
        ['application/json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
        ['text/plain', AUTOESTRENE_60],
        ['application/json', ''],
        ['application/json', '[1,2,3]'],
        ['application/json', `{"solicitud":{"plazo":${'9'.repeat(400)}}}`],
      ];
      const [type, body] = bodies[i % bodies.length] as [string, string | Buffer];
      return { method: 'POST', path: QUOTE, headers: { ...bearer(tokens.update), 'content-type': type }, body };
    },
    expect: [400, 415],
  },
  noToken: {
    name: 'no or bad token',
    make: (i) => ({
      method: 'POST',
      path: QUOTE,
      headers: i % 2 === 0 ? { 'content-type': 'application/json' } : bearer('not.a.token'),
      body: AUTOESTRENE_60,
    }),
    expect: [401],
  },
  unknown: {
    name: 'unknown path or method',
    make: (i) =>
      [
        { method: 'GET', path: `/nada/${i}`, headers: {}, body: '' },
        { method: 'POST', path: '/api/esb/Cotizador/v1/Desconocido', headers: bearer(tokens.update), body: '{}' },
        { method: 'GET', path: QUOTE, headers: bearer(tokens.update), body: '' },
        { method: 'DELETE', path: '/health', headers: {}, body: '' },
      ][i % 4] as Request,
    expect: [400, 404, 405],
  },
  documents: {
    name: 'health, ready, OpenAPI, JWKS',
    make: (i) => ({
      method: 'GET',
      path: ['/health', '/ready', '/openapi.json', '/.well-known/jwks.json'][i % 4] as string,
      headers: {},
      body: '',
    }),
    expect: [200],
  },
};

/** The mix, by weight: mostly quotes, as a quoting server's traffic would be. */
export const MIX: readonly Kind[] = Object.entries({
  quote: 12,
  insured: 3,
  refusedQuote: 2,
  policy: 4,
  tokenBasic: 1,
  tokenForm: 1,
  atmToken: 1,
  badSecret: 2,
  unknownLine: 1,
  badLine: 1,
  receipt: 1,
  atmList: 3,
  atmCached: 2,
  atmOther: 1,
  malformed: 2,
  noToken: 1,
  unknown: 2,
  documents: 2,
}).flatMap(([key, weight]) => Array.from({ length: weight }, () => KINDS[key] as Kind));

/** The first ATM token (the ATM kinds need one before the ATM token kind has run). */
export async function firstReadToken(port: number): Promise<void> {
  const answer = await send(
    port,
    'POST',
    '/open-banking/oauth2/v1/token',
    { authorization: GOOD_BASIC, 'content-type': FORM },
    'grant_type=client_credentials&scope=read',
    false,
  );
  keepToken('read')(answer);
  if (tokens.read === '') throw new Error(`no ATM token: ${answer.body}`);
}
