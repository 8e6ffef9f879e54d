/**
 * `createService`: every route of the interface behind one transport-free `handle(request)`.
 * It never throws and never answers without a well-formed body: envelope routes answer with an
 * envelope whose `status` equals the HTTP status, the ATM token URL with RFC 6749 JSON, the ATM
 * API with its own bodies, each in the request's language (`Accept-Language`).
 *
 * A transport that streams bodies calls `receive(head)` first: everything that can be decided
 * from the method, path and headers (route, method, header size, switches, credentials, rate
 * limit, a declared body above the limit) is answered before a byte of the body is read.
 */
import { ATM_API_BASE_PATH, createAtmApi, type AtmApi } from '../atm/api.js';
import { atmErrorResponse, type AtmErrorKind } from '../atm/errors.js';
import { protocolViolation, splitTarget, type ProtocolViolation } from '../http/protocol.js';
import { errorEnvelope } from '../contracts/envelope.js';
import { codeMessage } from '../errors/codes.js';
import type { Lang } from '../errors/catalog.js';
import type { OAuthError, OAuthTokenResponse, TokenResponse } from '../contracts/token.js';
import { asciiJson } from '../http/json.js';
import { requestLanguage } from '../http/language.js';
import type { RequestBody, ServiceRequest, ServiceResponse } from '../http/types.js';
import { apiState, declaresBody, retryAfter, unavailableFailure } from './admission.js';
import { ATM_SCOPES, bearerToken } from './auth.js';
import { resolveConfig, type ResolvedConfig, type ServiceConfig } from './config.js';
import { verifyCached } from './jwt.js';
import { autoEstrene, beginOperation, obtenerDocumento, segAutoVendor, type Operation } from './operations.js';
import { failureResponse, jsonResponse, say, DEFAULT_RESPONSE_HEADERS, type Failure } from './respond.js';
import { openApiDocument } from './openapi.js';
import { beginGrant, bodyBytes, type Refusal } from './token.js';
import type { ApiName } from './switches.js';
import { messageRef } from '../errors/catalog.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';
import { SERVICE_MESSAGES, serviceMessage } from './messages.js';

/**
 * Paths the service answers (the ATM API's own paths live under `/open-banking/open-data/v2`).
 * `openApi`, `jwks` and `health` are additions to the interface.
 *
 * @example
 * ```ts
 * ROUTES.autoEstrene; // '/api/esb/Cotizador/v1/AutoEstrene'
 * ```
 */
export const ROUTES = Object.freeze({
  token: '/api/esb/ValidaCredenciales/accesstoken',
  atmToken: '/open-banking/oauth2/v1/token',
  autoEstrene: '/api/esb/Cotizador/v1/AutoEstrene',
  segAutoVendor: '/api/esb/Cotizador/v1/SegAutoVendor',
  obtenerDocumento: '/api/esb/ServiciosContribuyentes/obtenerDocumento',
  openApi: '/openapi.json',
  jwks: '/.well-known/jwks.json',
  health: '/health',
});

/**
 * Why a transport could not hand a whole request over: its headers or body did not arrive in
 * time (408), its headers exceed the transport's limit (431), its body exceeds the route's limit
 * (400 ERRESQ004), or it is not HTTP the transport can parse (400).
 *
 * @example
 * ```ts
 * const reason: TransportFailure = 'timeout';
 * ```
 */
export type TransportFailure = 'timeout' | 'headersTooLarge' | 'bodyTooLarge' | 'malformed';

/**
 * What `receive(head)` decided: an answer (the body, if any, is not needed), or the body limit
 * and what to do with the body once it is read (`complete`) or could not be (`fail`).
 *
 * @example
 * ```ts
 * const reception = await service.receive({ method: 'GET', path: '/health', headers: {} });
 * 'response' in reception; // true
 * ```
 */
export type Reception =
  | { readonly response: ServiceResponse }
  | {
      readonly maxBodyBytes: number;
      complete(body: RequestBody): Promise<ServiceResponse>;
      fail(reason: 'timeout' | 'bodyTooLarge'): ServiceResponse;
    };

/**
 * The service `createService` returns.
 *
 * @example
 * ```ts
 * const service: Service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * service.limits.maxBodyBytes; // 1048576
 * ```
 */
export interface Service {
  /** Answers one request whose body is at hand (bytes, text or a framework's parsed value); never rejects. */
  handle(request: ServiceRequest): Promise<ServiceResponse>;
  /** The first step for a transport that streams the body: decides what it can from the head. Never rejects. */
  receive(head: ServiceRequest): Promise<Reception>;
  /** The answer to a request the transport could not read, in the shape of its path's API (the generic envelope when the path is unknown). */
  transportFailure(reason: TransportFailure, head?: ServiceRequest): ServiceResponse;
  /** The limits a transport enforces while reading: header and body bytes, the token form's bytes, the time to read a request. */
  readonly limits: {
    readonly maxHeaderBytes: number;
    readonly maxBodyBytes: number;
    readonly maxFormBytes: number;
    readonly requestTimeoutMs: number;
  };
}

/** Which error bodies a path speaks. */
type Family = 'envelope' | 'oauth' | 'atm';

type Continuation =
  | { readonly failure: Failure | Refusal }
  | { readonly maxBodyBytes: number; finish(body: RequestBody): Promise<ServiceResponse> };

interface Route {
  readonly methods: readonly string[];
  readonly family: Family;
  /** The API the switches name; undefined for the service's own routes (never switched off). */
  readonly api: ApiName | undefined;
  readonly begin: (config: ResolvedConfig, head: ServiceRequest, folio: string, lang: Lang) => Promise<Continuation> | Continuation;
}

const SUCCESS_PREFIX: Readonly<Record<Lang, string>> = {
  es: `{"status":200,"codigoRespuesta":"1","mensaje":${asciiJson(SERVICE_MESSAGES.locales.es.operacionExitosa)},"folio":`,
  en: `{"status":200,"codigoRespuesta":"1","mensaje":${asciiJson(SERVICE_MESSAGES.locales.en.operacionExitosa)},"folio":`,
};

/** The success envelope's text, written around the result (the same bytes as stringifying the whole). */
function successResponse(folio: string, lang: Lang, fields: Readonly<Record<string, unknown>>, json: string | undefined): ServiceResponse {
  let body = SUCCESS_PREFIX[lang] + asciiJson(folio);
  if (json !== undefined) body += `,${json}`;
  else for (const [name, value] of Object.entries(fields)) body += `,${JSON.stringify(name)}:${asciiJson(value)}`;
  return { status: 200, headers: DEFAULT_RESPONSE_HEADERS, body: `${body}}`, folio };
}

/** RFC 6749 §5.2 error JSON (the ATM token URL). */
function oauthResponse(
  status: number,
  error: OAuthError['error'],
  description: string,
  headers: Readonly<Record<string, string>> = {},
): ServiceResponse {
  const body: OAuthError = { error, error_description: description };
  return jsonResponse(status, body, headers);
}

/** The OAuth answer of a refusal: invalid_client 401, 429 and 503 keep their status, the rest 400. */
function oauthRefusal(refusal: Refusal, lang: Lang): ServiceResponse {
  const { failure, oauthError } = refusal;
  const status = oauthError === 'invalid_client' ? 401 : oauthError === 'temporarily_unavailable' ? failure.status : 400;
  const keepHeaders = oauthError === 'invalid_client' || oauthError === 'temporarily_unavailable';
  return oauthResponse(status, oauthError, oauthDescription(failure, lang), keepHeaders ? failure.headers : {});
}

function oauthDescription(failure: Failure, lang: Lang): string {
  return failure.propiedad === undefined ? failure.codigoError : say(failure.propiedad, lang);
}

function isRefusal(value: Failure | Refusal): value is Refusal {
  return 'oauthError' in value;
}

function tokenRoute(family: 'envelope' | 'oauth'): Route {
  return {
    methods: ['POST'],
    family,
    api: 'token',
    async begin(config, head, folio, lang) {
      const step = await beginGrant(config, head, folio);
      if ('failure' in step) return { failure: step };
      return {
        maxBodyBytes: step.maxBodyBytes,
        async finish(body) {
          const outcome = await step.finish(body);
          if ('failure' in outcome) {
            return family === 'oauth' ? oauthRefusal(outcome, lang) : failureResponse(outcome.failure, folio, config.helpUrl, lang);
          }
          if (family === 'oauth') {
            const answer: OAuthTokenResponse = {
              access_token: outcome.accessToken,
              token_type: 'Bearer',
              expires_in: outcome.expiresIn,
              scope: outcome.scope,
            };
            return jsonResponse(200, answer);
          }
          const answer: TokenResponse = {
            status: 200,
            codigoRespuesta: '1',
            mensaje: SERVICE_MESSAGES.locales[lang].operacionExitosa,
            folio,
            access_token: outcome.accessToken,
            expires_in: String(outcome.expiresIn),
            scope: outcome.scope,
            token_type: 'Bearer',
            issued_at: String(outcome.issuedAtMs),
          };
          return { ...jsonResponse(200, answer), folio };
        },
      };
    },
  };
}

function operationRoute<T>(operation: Operation<T>, api: ApiName): Route {
  return {
    methods: ['POST'],
    family: 'envelope',
    api,
    async begin(config, head, folio, lang) {
      const step = await beginOperation(operation, config, head);
      if ('failure' in step) return step;
      return {
        maxBodyBytes: step.maxBodyBytes,
        async finish(body) {
          const outcome = await step.finish(body);
          if (!outcome.ok) return failureResponse(outcome.failure, folio, config.helpUrl, lang);
          return successResponse(folio, lang, outcome.fields, outcome.json);
        },
      };
    },
  };
}

/** Each path's route; a Map, so a path such as `/__proto__` can never reach a prototype. */
const HANDLERS: ReadonlyMap<string, Route> = new Map<string, Route>([
  [ROUTES.token, tokenRoute('envelope')],
  [ROUTES.atmToken, tokenRoute('oauth')],
  [ROUTES.autoEstrene, operationRoute(autoEstrene, 'quoter')],
  [ROUTES.segAutoVendor, operationRoute(segAutoVendor, 'quoter')],
  [ROUTES.obtenerDocumento, operationRoute(obtenerDocumento, 'taxpayer')],
]);

let openApiText: string | undefined;

/** The service's own read-only documents: what each answers, and how long a cache may keep it. */
const DOCUMENTS: ReadonlyMap<string, { readonly body: (config: ResolvedConfig) => string; readonly cacheControl: string }> = new Map([
  [
    ROUTES.openApi,
    {
      body: () => {
        openApiText ??= asciiJson(openApiDocument());
        return openApiText;
      },
      cacheControl: 'max-age=3600',
    },
  ],
  [ROUTES.jwks, { body: (config: ResolvedConfig) => asciiJson(config.keys.jwks), cacheControl: 'max-age=300' }],
  [ROUTES.health, { body: () => '{"status":"ok"}', cacheControl: 'no-store' }],
]);

/** The path without its query string or fragment. */
function routePath(path: string): string {
  return splitTarget(path).pathname;
}

function isAtmPath(path: string): boolean {
  return path === ATM_API_BASE_PATH || path.startsWith(`${ATM_API_BASE_PATH}/`);
}

/** Unknown path: 400 ERRNEG001, as the envelope's status list has no 404 (the ATM table lists "No encontrado" under 400 too). */
const NOT_FOUND: Failure = { status: 400, codigoError: 'ERRNEG001', valorIncorrecto: 'path', propiedad: 'recursoNoEncontrado' };

/** The envelope failure of each protocol violation (the interface's examples answer 405 with
 * ERRSEG006 and 406 with ERRSEG007; the code list says ERRSEG004 and ERRSEG005, whose texts the
 * message keeps). */
function protocolFailure(violation: ProtocolViolation, config: ResolvedConfig, methods: readonly string[]): Failure {
  switch (violation) {
    case 'headersTooLarge':
      return headersTooLarge(config.maxHeaderBytes);
    case 'notFound':
      return NOT_FOUND;
    case 'methodNotAllowed':
      return {
        status: 405,
        codigoError: 'ERRSEG006',
        mensajeCode: 'ERRSEG004',
        valorIncorrecto: 'method',
        propiedad: methods.includes('GET') ? 'soloGet' : 'soloPost',
        headers: { Allow: methods.join(', ') },
      };
    case 'notAcceptable':
      return { status: 406, codigoError: 'ERRSEG007', mensajeCode: 'ERRSEG005', valorIncorrecto: 'Accept', propiedad: 'soloJson' };
  }
}

function headersTooLarge(bytes: number): Failure {
  return { status: 431, codigoError: 'ERRSEG007', valorIncorrecto: 'headers', propiedad: serviceMessage('encabezadosExceden', { bytes }) };
}

/** The last-resort answer when even building an error failed (no config is read). */
function fallbackResponse(folio: string): ServiceResponse {
  const body = errorEnvelope({ status: 500, codigoError: 'ERRSER002', folio });
  return { status: 500, headers: { ...DEFAULT_RESPONSE_HEADERS }, body: asciiJson(body), folio };
}

let warnedEphemeral = false;

/**
 * Creates the service. Throws a `QuoteError` (`ERRESQ005`, `valorIncorrecto` `config.<setting>`) at creation for an unusable configuration (no
 * clients, a short secret, a weak or mismatched RSA key, a bad ATM data set); once created, `handle` never throws. Without
 * `tokenSecret` or `tokenKeys` it signs with a random secret of this process and says so once (a process warning).
 *
 * @example
 * ```ts
 * const service = createService({
 *   clients: [{ clientId: 'app', clientSecret: 's3cret', scopes: ['update', 'read'] }],
 *   tokenSecret: 'a shared secret of at least 32 bytes!!',
 * });
 * const res = await service.handle({
 *   method: 'POST', path: '/api/esb/ValidaCredenciales/accesstoken',
 *   headers: { authorization: 'Basic ' + Buffer.from('app:s3cret').toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
 *   body: 'grant_type=client_credentials&scope=update',
 * });
 * JSON.parse(res.body).token_type; // 'Bearer'
 * ```
 */
export function createService(config: ServiceConfig): Service {
  const resolved = resolveConfig(config);
  if (resolved.keys.ephemeral && !warnedEphemeral) {
    warnedEphemeral = true;
    process.emitWarning(SERVICE_MESSAGES.locales.en.llaveEfimera, { code: 'COTIZADOR_EPHEMERAL_KEY' });
  }
  const atmClaims = async (request: ServiceRequest) => {
    const bearer = bearerToken(request);
    if (bearer === undefined) return undefined;
    const result = await verifyCached(resolved.tokenCache, resolved.keys, bearer, resolved.now(), resolved.tokenRules, ATM_SCOPES);
    return result.ok ? result.claims : undefined;
  };
  const atmApi: AtmApi = createAtmApi({
    atms: config.atms,
    public: config.atmsPublic ?? false,
    maxHeaderBytes: resolved.maxHeaderBytes,
    authorize: async (request) => (await atmClaims(request)) !== undefined,
    unavailable: () => apiState(resolved, 'atm') !== undefined,
    limit: async (request) => {
      if (resolved.rateLimit === undefined) return undefined;
      const claims = await atmClaims(request);
      return claims === undefined ? undefined : retryAfter(resolved, claims.sub);
    },
  });

  function familyOf(path: string): Family {
    if (path === ROUTES.atmToken) return 'oauth';
    return isAtmPath(path) ? 'atm' : 'envelope';
  }

  /** A failure in the shape of the path's API. */
  function failureIn(family: Family, failure: Failure, folio: string, lang: Lang, atmKind: AtmErrorKind): ServiceResponse {
    if (family === 'atm') return { ...atmErrorResponse(atmKind, failure.headers ?? {}, lang), folio };
    if (family === 'oauth') {
      const error: OAuthError['error'] =
        failure.status === 429 || failure.status === 503
          ? 'temporarily_unavailable'
          : failure.status >= 500
            ? 'server_error'
            : 'invalid_request';
      return { ...oauthResponse(failure.status, error, oauthDescription(failure, lang), failure.headers), folio };
    }
    return failureResponse(failure, folio, resolved.helpUrl, lang);
  }

  function internalError(path: string, folio: string, lang: Lang): ServiceResponse {
    const family = familyOf(path);
    if (family === 'oauth') return { ...oauthResponse(500, 'server_error', codeMessage('ERRSER002', lang)), folio };
    return failureIn(family, { status: 500, codigoError: 'ERRSER002' }, folio, lang, 'internalError');
  }

  function safely(path: string, folio: string, lang: Lang, run: () => Promise<ServiceResponse>): Promise<ServiceResponse> {
    return run().then(
      (response) => (response.folio === undefined ? { ...response, folio } : response),
      () => {
        try {
          return internalError(path, folio, lang);
        } catch {
          return fallbackResponse(folio);
        }
      },
    );
  }

  function bodyFailure(reason: 'timeout' | 'bodyTooLarge', family: Family, folio: string, lang: Lang): ServiceResponse {
    const failure: Failure =
      reason === 'timeout'
        ? {
            status: 408,
            codigoError: 'ERRSER001',
            propiedad: serviceMessage('tiempoAgotado', { seconds: resolved.requestTimeoutMs / 1000 }),
          }
        : { status: 400, codigoError: 'ERRESQ004', valorIncorrecto: 'body', propiedad: 'cuerpoExcedeLimite' };
    return failureIn(family, failure, folio, lang, reason === 'timeout' ? 'timeout' : 'badRequest');
  }

  async function receiveIn(head: ServiceRequest, folio: string, lang: Lang): Promise<Reception> {
    const path = routePath(String(head.path));
    const document = DOCUMENTS.get(path);
    const route = HANDLERS.get(path);
    if (route === undefined && document === undefined && isAtmPath(path)) {
      const atm = async (): Promise<ServiceResponse> => {
        const answer = await atmApi.handle(head);
        if (answer === undefined) throw new Error('the ATM API declined a path under its base');
        return answer;
      };
      if (!declaresBody(head)) return { response: { ...(await atm()), folio } };
      // A GET with a body: read (and ignore) it within the limits, so a trickled one times out as the ATM API's 408.
      return {
        maxBodyBytes: resolved.maxBodyBytes,
        complete: () => safely(path, folio, lang, atm),
        fail: (reason) => bodyFailure(reason, 'atm', folio, lang),
      };
    }
    const methods = document === undefined ? (route?.methods ?? ['POST']) : ['GET', 'HEAD'];
    const family = familyOf(path);
    const violation = protocolViolation(head, {
      maxHeaderBytes: resolved.maxHeaderBytes,
      known: route !== undefined || document !== undefined,
      methods,
      checkAccept: true,
    });
    if (violation !== undefined)
      return { response: failureIn(family, protocolFailure(violation, resolved, methods), folio, lang, 'badRequest') };
    if (document !== undefined) {
      const body = String(head.method).toUpperCase() === 'HEAD' ? '' : document.body(resolved);
      return { response: { status: 200, headers: { ...DEFAULT_RESPONSE_HEADERS, 'Cache-Control': document.cacheControl }, body, folio } };
    }
    if (route === undefined) return { response: failureIn(family, NOT_FOUND, folio, lang, 'notFound') };
    if (route.api !== undefined) {
      const state = apiState(resolved, route.api);
      if (state !== undefined)
        return { response: failureIn(family, unavailableFailure(state, route.api), folio, lang, 'serviceUnavailable') };
    }
    const step = await route.begin(resolved, head, folio, lang);
    if ('failure' in step) {
      const refusal = step.failure;
      if (isRefusal(refusal)) {
        return {
          response:
            family === 'oauth'
              ? { ...oauthRefusal(refusal, lang), folio }
              : failureResponse(refusal.failure, folio, resolved.helpUrl, lang),
        };
      }
      return { response: failureIn(family, refusal, folio, lang, 'badRequest') };
    }
    return {
      maxBodyBytes: step.maxBodyBytes,
      complete: (body) => safely(path, folio, lang, () => step.finish(body)),
      fail: (reason) => bodyFailure(reason, family, folio, lang),
    };
  }

  async function receive(head: ServiceRequest): Promise<Reception> {
    const folio = resolved.folio();
    let lang: Lang = 'es';
    let path = '';
    try {
      lang = requestLanguage(head);
      path = routePath(String(head.path));
      return await receiveIn(head, folio, lang);
    } catch {
      try {
        return { response: internalError(path, folio, lang) };
      } catch {
        return { response: fallbackResponse(folio) };
      }
    }
  }

  function transportFailure(reason: TransportFailure, head?: ServiceRequest): ServiceResponse {
    const folio = resolved.folio();
    let lang: Lang = 'es';
    try {
      lang = head === undefined ? 'es' : requestLanguage(head);
      const family = head === undefined ? 'envelope' : familyOf(routePath(String(head.path)));
      switch (reason) {
        case 'timeout':
        case 'bodyTooLarge':
          return bodyFailure(reason, family, folio, lang);
        case 'headersTooLarge':
          return failureIn(family, headersTooLarge(resolved.maxHeaderBytes), folio, lang, 'headersTooLarge');
        case 'malformed':
          return failureIn(
            family,
            {
              status: 400,
              codigoError: 'ERRESQ005',
              valorIncorrecto: 'request',
              propiedad: messageRef(VALIDATION_MESSAGES, 'formatoInvalido'),
            },
            folio,
            lang,
            'badRequest',
          );
      }
    } catch {
      return fallbackResponse(folio);
    }
  }

  return Object.freeze({
    limits: Object.freeze({
      maxHeaderBytes: resolved.maxHeaderBytes,
      maxBodyBytes: resolved.maxBodyBytes,
      maxFormBytes: resolved.maxFormBytes,
      requestTimeoutMs: resolved.requestTimeoutMs,
    }),
    receive,
    transportFailure,
    async handle(request: ServiceRequest): Promise<ServiceResponse> {
      const reception = await receive(request);
      if ('response' in reception) return reception.response;
      if (bodyBytes(request.body) > reception.maxBodyBytes) return reception.fail('bodyTooLarge');
      return reception.complete(request.body);
    },
  });
}
