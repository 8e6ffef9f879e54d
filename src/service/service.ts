/**
 * `createService`: every route of the registry (`routes.ts`) behind one transport-free
 * `handle(request)` (its types in `serviceTypes.ts`). The dispatch finds the route, checks the protocol
 * (method, header size, `Accept`) and the switches, and runs the route's handler; the ATM API is
 * mounted at its base path. It never throws and never answers without a well-formed body:
 * envelope routes answer with an envelope whose `status` equals the HTTP status, the ATM token
 * URL with RFC 6749 JSON, the ATM API with its own bodies, each in the request's language
 * (`Accept-Language`).
 *
 * A transport that streams bodies calls `receive(head)` first: everything that can be decided
 * from the method, path and headers (route, method, header size, switches, credentials, rate
 * limit, a declared body above the limit, a large body while the executor is full) is answered
 * before a byte of the body is read. Heavy work (receipts, large bodies' validation) runs on the
 * configured executor (`executor.ts`; in the caller's thread by default); receipts are kept in a
 * bounded cache (`receiptCache.ts`).
 */
import { createAtmApi, type AtmApi } from '../atm/api.js';
import { atmErrorResponse, type AtmErrorKind } from '../atm/errors.js';
import { protocolViolation, splitTarget, type ProtocolViolation } from '../http/protocol.js';
import { errorEnvelope } from '../contracts/envelope.js';
import type { OAuthError } from '../contracts/token.js';
import { codeMessage } from '../errors/codes.js';
import { messageRef, type Lang } from '../errors/catalog.js';
import { asciiJson } from '../http/json.js';
import { requestLanguage } from '../http/language.js';
import type { ServiceRequest, ServiceResponse } from '../http/types.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';
import { apiState, declaresBody, retryAfter, serverBusy, tooManyRequests, unavailableFailure } from './admission.js';
import { ATM_SCOPES, bearerToken, verifyBearer } from './auth.js';
import { resolveConfig } from './config.js';
import { isRefusal, oauthDescription, oauthRefusal, oauthResponse, type Family, type RouteContext } from './handlers.js';
import { serviceMessage } from './messages.js';
import { openApiDocument } from './openapi.js';
import { failureResponse, DEFAULT_RESPONSE_HEADERS, type Failure } from './respond.js';
import { ATM_MOUNT, isAtmPath, routeAt } from './routes.js';
import { bodyBytes } from './token.js';
import { observeDispatch, reportInternal } from './instrument.js';
import { workOf, type ServiceOptions } from './work.js';
import type { Reception, Service, TransportFailure } from './serviceTypes.js';

export type { ServiceOptions } from './work.js';

export { ROUTES } from './routes.js';

export type { Reception, Service, TransportFailure } from './serviceTypes.js';

/** The path without its query string or fragment. */
function routePath(path: string): string {
  return splitTarget(path).pathname;
}

/** Unknown path: 400 ERRNEG001, as the envelope's status list has no 404 (the ATM table lists "No encontrado" under 400 too). */
const NOT_FOUND: Failure = { status: 400, codigoError: 'ERRNEG001', valorIncorrecto: 'path', propiedad: 'recursoNoEncontrado' };

/** The envelope failure of each protocol violation (the interface's examples answer 405 with
 * ERRSEG006 and 406 with ERRSEG007; the code list says ERRSEG004 and ERRSEG005, whose texts the
 * message keeps). */
function protocolFailure(violation: ProtocolViolation, maxHeaderBytes: number, methods: readonly string[]): Failure {
  switch (violation) {
    case 'headersTooLarge':
      return headersTooLarge(maxHeaderBytes);
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

/** The served OpenAPI document's text, built once per process when first asked for. */
let openApiText: string | undefined;

/** The warning codes told by default (`console.warn`) in this process: each once. */
const toldByDefault = new Set<string>();

/**
 * Creates the service. Throws a `QuoteError` (`ERRESQ005`, `valorIncorrecto` `config.<setting>`) at creation for an unusable configuration (no
 * clients, a short secret, a weak or mismatched RSA key, a bad ATM data set, an executor without `run` and `turn`); once created, `handle` never throws. Without
 * `tokenSecret` or `tokenKeys` it signs with a random secret of this instance and says so (`onWarning`; by default
 * `console.warn`, once per process).
 *
 * @example
 * ```ts
 * const service = createService({
 *   clients: [{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] }],
 *   tokenSecret: 'a shared secret of at least 32 bytes!!',
 * });
 * const res = await service.handle({
 *   method: 'POST', path: '/api/esb/ValidaCredenciales/accesstoken',
 *   headers: { authorization: `Basic ${btoa('app:s3cret-value')}`, 'content-type': 'application/x-www-form-urlencoded' },
 *   body: 'grant_type=client_credentials&scope=update',
 * });
 * JSON.parse(res.body).token_type; // 'Bearer'
 * ```
 */
export function createService(options: ServiceOptions): Service {
  // The service's own settings go to resolveConfig; where work runs is this module's.
  const {
    executor: _executor,
    receiptCacheBytes: _receiptCacheBytes,
    heavyPerClient: _heavyPerClient,
    heavyPerSecond: _heavyPerSecond,
    ...config
  } = options;
  const resolved = resolveConfig(config);
  const work = workOf(options);
  for (const warning of resolved.warnings) {
    if (resolved.onWarning !== undefined) resolved.onWarning(warning);
    else if (!toldByDefault.has(warning.code)) {
      toldByDefault.add(warning.code);
      console.warn(`[${warning.code}] ${warning.message}`);
    }
  }
  const atmClaims = async (request: ServiceRequest) => {
    const bearer = bearerToken(request);
    if (bearer === undefined) return undefined;
    const result = await verifyBearer(resolved, bearer, ATM_SCOPES);
    return result.ok ? result.claims : undefined;
  };
  const atmApi: AtmApi = createAtmApi({
    atms: config.atms,
    public: config.atmsPublic ?? false,
    maxHeaderBytes: resolved.maxHeaderBytes,
    authorize: async (request) => (await atmClaims(request)) !== undefined,
    unavailable: () => apiState(resolved, ATM_MOUNT.api) !== undefined,
    limit: async (request) => {
      if (resolved.rateLimit === undefined) return undefined;
      const claims = await atmClaims(request);
      return claims === undefined ? undefined : retryAfter(resolved, claims.sub);
    },
  });

  const context: RouteContext = {
    config: resolved,
    work,
    openApiText: () => {
      openApiText ??= asciiJson(openApiDocument());
      return openApiText;
    },
  };

  function familyOf(path: string): Family {
    return routeAt(path)?.family ?? (isAtmPath(path) ? 'atm' : 'envelope');
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
      (error: unknown) => {
        reportInternal(resolved, folio, path, error);
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
    const route = routeAt(path);
    if (route === undefined && isAtmPath(path)) {
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
    const methods = route?.methods ?? ['POST'];
    const family = route?.family ?? 'envelope';
    const violation = protocolViolation(head, {
      maxHeaderBytes: resolved.maxHeaderBytes,
      known: route !== undefined,
      methods,
      checkAccept: true,
    });
    if (violation !== undefined)
      return { response: failureIn(family, protocolFailure(violation, resolved.maxHeaderBytes, methods), folio, lang, 'badRequest') };
    if (route === undefined) return { response: failureIn(family, NOT_FOUND, folio, lang, 'notFound') };
    if (route.api !== undefined) {
      const state = apiState(resolved, route.api);
      if (state !== undefined)
        return { response: failureIn(family, unavailableFailure(state, route.api), folio, lang, 'serviceUnavailable') };
    }
    const step = await route.begin(context, head, folio, lang);
    if ('response' in step) return step;
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
    } catch (error) {
      reportInternal(resolved, folio, path, error);
      try {
        return { response: internalError(path, folio, lang) };
      } catch {
        return { response: fallbackResponse(folio) };
      }
    }
  }

  function transportFailure(reason: TransportFailure, head?: ServiceRequest, retryAfterSeconds = 1): ServiceResponse {
    const folio = resolved.folio();
    let lang: Lang = 'es';
    try {
      lang = head === undefined ? 'es' : requestLanguage(head);
      const family = head === undefined ? 'envelope' : familyOf(routePath(String(head.path)));
      const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
      switch (reason) {
        case 'timeout':
        case 'bodyTooLarge':
          return bodyFailure(reason, family, folio, lang);
        case 'headersTooLarge':
          return failureIn(family, headersTooLarge(resolved.maxHeaderBytes), folio, lang, 'headersTooLarge');
        case 'malformed':
          return badRequest(family, 'ERRESQ005', 'request', messageRef(VALIDATION_MESSAGES, 'formatoInvalido'), folio, lang);
        case 'missingHost':
          return badRequest(family, 'ERRESQ006', 'Host', messageRef(VALIDATION_MESSAGES, 'campoFaltante'), folio, lang);
        case 'badExpectation':
          return badRequest(family, 'ERRESQ005', 'Expect', serviceMessage('soloExpectContinue'), folio, lang);
        case 'busy':
        case 'stopping':
          return failureIn(family, serverBusy(seconds, reason), folio, lang, 'serviceUnavailable');
        case 'tooManyConnections':
          return failureIn(
            family,
            { ...tooManyRequests(seconds), propiedad: serviceMessage('demasiadasConexiones', { seconds }) },
            folio,
            lang,
            'tooManyRequests',
          );
      }
    } catch {
      return fallbackResponse(folio);
    }
  }

  function badRequest(
    family: Family,
    codigoError: 'ERRESQ005' | 'ERRESQ006',
    valorIncorrecto: string,
    propiedad: Failure['propiedad'],
    folio: string,
    lang: Lang,
  ): ServiceResponse {
    return failureIn(family, { status: 400, codigoError, valorIncorrecto, propiedad }, folio, lang, 'badRequest');
  }

  // The observer, the metrics, CORS, trusted proxies (`instrument.ts`); the dispatch itself when none is configured.
  const served = observeDispatch(resolved, { receive, transportFailure });
  return Object.freeze({
    limits: Object.freeze({
      maxHeaderBytes: resolved.maxHeaderBytes,
      maxBodyBytes: resolved.maxBodyBytes,
      maxFormBytes: resolved.maxFormBytes,
      requestTimeoutMs: resolved.requestTimeoutMs,
    }),
    receive: served.receive,
    transportFailure: served.transportFailure,
    async handle(request: ServiceRequest): Promise<ServiceResponse> {
      const reception = await served.receive(request);
      if ('response' in reception) return reception.response;
      if (bodyBytes(request.body) > reception.maxBodyBytes) return reception.fail('bodyTooLarge');
      return reception.complete(request.body);
    },
  });
}
