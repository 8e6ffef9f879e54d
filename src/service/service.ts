/**
 * `createService`: every route of the interface behind one transport-free `handle(request)`.
 * It never throws and never answers without a well-formed body: envelope routes answer with an
 * envelope whose `status` equals the HTTP status, the ATM token URL with RFC 6749 JSON, the ATM
 * API with its own bodies.
 */
import { ATM_API_BASE_PATH, createAtmApi, type AtmApi } from '../atm/api.js';
import { ATM_ERROR_CACHE_CONTROL, ATM_SECURITY_HEADERS } from '../atm/errors.js';
import type { AtmErrorBody } from '../contracts/atm.js';
import { protocolViolation, splitTarget, type ProtocolViolation } from '../http/protocol.js';
import { errorEnvelope } from '../contracts/envelope.js';
import { ERROR_CODES } from '../errors/codes.js';
import { messageText } from '../errors/messages.js';
import type { OAuthError, OAuthTokenResponse, TokenResponse } from '../contracts/token.js';
import { ATM_SCOPES, bearerToken } from './auth.js';
import { resolveConfig, type ResolvedConfig, type ServiceConfig } from './config.js';
import { verifyToken } from './jwt.js';
import { autoEstrene, obtenerDocumento, runOperation, segAutoVendor, SUCCESS_MESSAGE, type Operation, type Outcome } from './operations.js';
import { failureResponse, jsonResponse, DEFAULT_RESPONSE_HEADERS, type Failure } from './respond.js';
import { grantToken } from './token.js';
import type { ServiceRequest, ServiceResponse } from '../http/types.js';

/**
 * Paths the service answers (the ATM API's own paths live under `/open-banking/open-data/v2`).
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.autoEstrene, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ solicitud }) });
 * JSON.parse(response.body).resultado.cat; // '16.8'
 * ```
 */
export const ROUTES = Object.freeze({
  token: '/api/esb/ValidaCredenciales/accesstoken',
  atmToken: '/open-banking/oauth2/v1/token',
  autoEstrene: '/api/esb/Cotizador/v1/AutoEstrene',
  segAutoVendor: '/api/esb/Cotizador/v1/SegAutoVendor',
  obtenerDocumento: '/api/esb/ServiciosContribuyentes/obtenerDocumento',
});

/**
 * The service `createService` returns.
 *
 * @example
 * ```ts
 * const mine: Service = createService({ clients });
 * mine.limits.maxBodyBytes; // 1048576
 * ```
 */
export interface Service {
  /** Answers one request; never rejects. */
  handle(request: ServiceRequest): Promise<ServiceResponse>;
  /** The limits a transport adapter should enforce while reading (body bytes). */
  readonly limits: { readonly maxHeaderBytes: number; readonly maxBodyBytes: number };
}

type Route = (config: ResolvedConfig, request: ServiceRequest, folio: string) => Promise<ServiceResponse>;

/** RFC 6749 §5.2: invalid_client is 401, the other grant errors 400. */
function oauthError(
  status: number,
  error: OAuthError['error'],
  description: string,
  headers: Readonly<Record<string, string>> = {},
): ServiceResponse {
  const body: OAuthError = { error, error_description: description };
  return jsonResponse(status, body, headers);
}

const token: Route = async (config, request, folio) => {
  const outcome = await grantToken(config, request, folio);
  if ('failure' in outcome) return failureResponse(outcome.failure, folio, config.helpUrl);
  const body: TokenResponse = {
    status: 200,
    codigoRespuesta: '1',
    mensaje: SUCCESS_MESSAGE,
    folio,
    access_token: outcome.accessToken,
    expires_in: String(outcome.expiresIn),
    scope: outcome.scope,
    token_type: 'Bearer',
    issued_at: String(outcome.issuedAtMs),
  };
  return jsonResponse(200, body);
};

const atmToken: Route = async (config, request, folio) => {
  const outcome = await grantToken(config, request, folio);
  if ('failure' in outcome) {
    const { failure, oauthError: error } = outcome;
    return oauthError(
      error === 'invalid_client' ? 401 : 400,
      error,
      failure.propiedad ?? failure.codigoError,
      error === 'invalid_client' ? failure.headers : {},
    );
  }
  const body: OAuthTokenResponse = {
    access_token: outcome.accessToken,
    token_type: 'Bearer',
    expires_in: outcome.expiresIn,
    scope: outcome.scope,
  };
  return jsonResponse(200, body);
};

function operationRoute<T>(operation: Operation<T>): Route {
  return async (config, request, folio) => {
    const outcome: Outcome = await runOperation(operation, config, request);
    if (!outcome.ok) return failureResponse(outcome.failure, folio, config.helpUrl);
    return jsonResponse(200, { status: 200, codigoRespuesta: '1', mensaje: SUCCESS_MESSAGE, folio, ...outcome.fields });
  };
}

/** Each path's handler; a Map, so a path such as `/__proto__` can never reach a prototype. */
const HANDLERS: ReadonlyMap<string, Route> = new Map<string, Route>([
  [ROUTES.token, token],
  [ROUTES.atmToken, atmToken],
  [ROUTES.autoEstrene, operationRoute(autoEstrene)],
  [ROUTES.segAutoVendor, operationRoute(segAutoVendor)],
  [ROUTES.obtenerDocumento, operationRoute(obtenerDocumento)],
]);

/** The path without its query string or fragment. */
function routePath(path: string): string {
  return splitTarget(path).pathname;
}

/** Unknown path: 400 ERRNEG001, as the envelope's status list has no 404 (the ATM table lists "No encontrado" under 400 too). */
const NOT_FOUND: Failure = {
  status: 400,
  codigoError: 'ERRNEG001',
  valorIncorrecto: 'path',
  propiedad: messageText('recursoNoEncontrado'),
};

/** The envelope failure of each protocol violation (the interface's examples answer 405 with
 * ERRSEG006 and 406 with ERRSEG007; the code list says ERRSEG004 and ERRSEG005, whose texts the
 * message keeps). */
function protocolFailure(violation: ProtocolViolation, config: ResolvedConfig): Failure {
  switch (violation) {
    case 'headersTooLarge':
      return {
        status: 431,
        codigoError: 'ERRSEG007',
        valorIncorrecto: 'headers',
        propiedad: messageText('encabezadosExceden', 'es', { bytes: config.maxHeaderBytes }),
      };
    case 'notFound':
      return NOT_FOUND;
    case 'methodNotAllowed':
      return {
        status: 405,
        codigoError: 'ERRSEG006',
        mensaje: ERROR_CODES.ERRSEG004,
        valorIncorrecto: 'method',
        propiedad: messageText('soloPost'),
        headers: { Allow: 'POST' },
      };
    case 'notAcceptable':
      return {
        status: 406,
        codigoError: 'ERRSEG007',
        mensaje: ERROR_CODES.ERRSEG005,
        valorIncorrecto: 'Accept',
        propiedad: messageText('soloJson'),
      };
  }
}

/** A 500 in the shape of the path's API. */
function internalError(path: string, folio: string, helpUrl: string): ServiceResponse {
  if (path === ROUTES.atmToken) return oauthError(500, 'server_error', ERROR_CODES.ERRSER002);
  if (path === ATM_API_BASE_PATH || path.startsWith(`${ATM_API_BASE_PATH}/`)) {
    const body: AtmErrorBody = { status: '500', title: 'Error interno', description: 'unexpected error in the bank systems' };
    return { status: 500, headers: { ...ATM_SECURITY_HEADERS, 'Cache-Control': ATM_ERROR_CACHE_CONTROL }, body: JSON.stringify(body) };
  }
  return failureResponse({ status: 500, codigoError: 'ERRSER002' }, folio, helpUrl);
}

/** The last-resort answer when even building an error failed (no config is read). */
function fallbackResponse(folio: string): ServiceResponse {
  const body = errorEnvelope({ status: 500, codigoError: 'ERRSER002', folio });
  return { status: 500, headers: { ...DEFAULT_RESPONSE_HEADERS }, body: JSON.stringify(body) };
}

/**
 * Creates the service. Throws a `QuoteError` (`ERRESQ005`, `valorIncorrecto` `config.<setting>`) at creation for an unusable configuration (no
 * clients, a short secret, a bad ATM data set); once created, `handle` never throws.
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
 * res.status; // 200
 * const { access_token, scope, expires_in } = JSON.parse(res.body);
 * access_token.split('.').length; // 3 (a compact JWT)
 * [scope, expires_in]; // ['update', '3600']
 * ```
 */
export function createService(config: ServiceConfig): Service {
  const resolved = resolveConfig(config);
  const atmApi: AtmApi = createAtmApi({
    atms: config.atms,
    public: config.atmsPublic ?? false,
    maxHeaderBytes: resolved.maxHeaderBytes,
    authorize: async (request) => {
      const bearer = bearerToken(request);
      return bearer !== undefined && verifyToken(resolved.signing, bearer, resolved.now(), ATM_SCOPES).ok;
    },
  });

  async function dispatch(request: ServiceRequest, folio: string): Promise<ServiceResponse> {
    const path = routePath(String(request.path));
    const route = HANDLERS.get(path);
    if (route === undefined) {
      const atm = await atmApi.handle(request);
      if (atm !== undefined) return atm;
    }
    const violation = protocolViolation(request, {
      maxHeaderBytes: resolved.maxHeaderBytes,
      known: route !== undefined,
      methods: ['POST'],
      checkAccept: true,
    });
    if (route !== undefined && violation === undefined) return route(resolved, request, folio);
    const answer = violation === undefined ? NOT_FOUND : protocolFailure(violation, resolved);
    if (path === ROUTES.atmToken)
      return oauthError(answer.status, 'invalid_request', answer.propiedad ?? answer.codigoError, answer.headers);
    return failureResponse(answer, folio, resolved.helpUrl);
  }

  return Object.freeze({
    limits: Object.freeze({ maxHeaderBytes: resolved.maxHeaderBytes, maxBodyBytes: resolved.maxBodyBytes }),
    async handle(request: ServiceRequest): Promise<ServiceResponse> {
      const folio = resolved.folio();
      try {
        return await dispatch(request, folio);
      } catch {
        try {
          return internalError(routePath(String(request.path)), folio, resolved.helpUrl);
        } catch {
          return fallbackResponse(folio);
        }
      }
    },
  });
}
