/**
 * Bearer authentication of the protected operations. Codes (the interface shows none for the
 * quoter's 401/403): missing, malformed or badly signed token → 401 ERRSEG001; expired → 403
 * ERRSEG002; without the required scope → 403 ERRSEG003.
 */
import { messageText } from '../errors/messages.js';
import { headerField } from '../http/headers.js';
import type { ResolvedConfig } from './config.js';
import { verifyToken, type TokenFailure } from './jwt.js';
import type { Failure } from './respond.js';
import type { ServiceRequest } from '../http/types.js';

/**
 * The scope the quoter and taxpayer operations require.
 *
 * @example
 * ```ts
 * UPDATE_SCOPE; // 'update'
 * ```
 */
export const UPDATE_SCOPE = 'update';
/**
 * Scopes that open the ATM API (the scheme names `atms:read`, the global requirement `read`).
 *
 * @example
 * ```ts
 * ATM_SCOPES; // ['atms:read', 'read']
 * ```
 */
export const ATM_SCOPES: readonly string[] = Object.freeze(['atms:read', 'read']);

const FAILURES: Record<TokenFailure, Failure> = {
  invalid: {
    status: 401,
    codigoError: 'ERRSEG001',
    valorIncorrecto: 'Authorization',
    propiedad: messageText('tokenInvalido'),
    headers: { 'WWW-Authenticate': 'Bearer realm="cotizador", error="invalid_token"' },
  },
  expired: {
    status: 403,
    codigoError: 'ERRSEG002',
    valorIncorrecto: 'Authorization',
    propiedad: messageText('tokenExpirado'),
    headers: { 'WWW-Authenticate': 'Bearer realm="cotizador", error="invalid_token", error_description="expired"' },
  },
  forbidden: {
    status: 403,
    codigoError: 'ERRSEG003',
    valorIncorrecto: 'Authorization',
    propiedad: messageText('tokenSinPermiso'),
    headers: { 'WWW-Authenticate': `Bearer realm="cotizador", error="insufficient_scope", scope="${UPDATE_SCOPE}"` },
  },
};

/**
 * The bearer token of `Authorization: Bearer …`, or undefined.
 *
 * @example
 * ```ts
 * bearerToken({ method: 'POST', path: '/', headers: { authorization: 'Bearer abc.def.ghi' } }); // 'abc.def.ghi'
 * ```
 */
export function bearerToken(request: ServiceRequest): string | undefined {
  const header = headerField(request, 'authorization');
  const match = header === undefined ? null : /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  return match?.[1];
}

/**
 * Checks the request's bearer token; undefined when it grants one of `anyOfScopes`, otherwise
 * the failure to answer with.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * checkBearer(config, { method: 'POST', path: ROUTES.autoEstrene, headers: { authorization: `Bearer ${token}` } }, [UPDATE_SCOPE]); // undefined
 * const failure = checkBearer(config, { method: 'POST', path: ROUTES.autoEstrene, headers: {} }, [UPDATE_SCOPE]);
 * failure?.status; // 401
 * failure?.codigoError; // 'ERRSEG001'
 * ```
 */
export function checkBearer(config: ResolvedConfig, request: ServiceRequest, anyOfScopes: readonly string[]): Failure | undefined {
  const token = bearerToken(request);
  if (token === undefined) return FAILURES.invalid;
  const result = verifyToken(config.signing, token, config.now(), anyOfScopes);
  return result.ok ? undefined : FAILURES[result.reason];
}
