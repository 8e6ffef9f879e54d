/**
 * Bearer authentication of the protected operations. Codes (the interface shows none for the
 * quoter's 401/403): missing, malformed or badly signed token → 401 ERRSEG001; expired → 403
 * ERRSEG002; without the required scope → 403 ERRSEG003.
 */
import { headerField } from '../http/headers.js';
import type { ResolvedConfig } from './config.js';
import { verifyCached, type TokenClaims, type TokenFailure, type TokenVerification } from './jwt.js';
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
    propiedad: 'tokenInvalido',
    headers: { 'WWW-Authenticate': 'Bearer realm="cotizador", error="invalid_token"' },
  },
  expired: {
    status: 403,
    codigoError: 'ERRSEG002',
    valorIncorrecto: 'Authorization',
    propiedad: 'tokenExpirado',
    headers: { 'WWW-Authenticate': 'Bearer realm="cotizador", error="invalid_token", error_description="expired"' },
  },
  forbidden: {
    status: 403,
    codigoError: 'ERRSEG003',
    valorIncorrecto: 'Authorization',
    propiedad: 'tokenSinPermiso',
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
export function bearerToken(request: Pick<ServiceRequest, 'headers'>): string | undefined {
  const header = headerField(request as ServiceRequest, 'authorization');
  if (header === undefined || header.length > 8192) return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  return match?.[1];
}

/**
 * The claims of the request's bearer token when it grants one of `anyOfScopes`, otherwise the
 * failure to answer with.
 *
 * @example
 * ```ts
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const outcome = await checkBearer(config, { method: 'POST', path: '/', headers: {} }, [UPDATE_SCOPE]);
 * 'failure' in outcome; // true
 * ```
 */
export function checkBearer(
  config: ResolvedConfig,
  request: Pick<ServiceRequest, 'headers'>,
  anyOfScopes: readonly string[],
): BearerCheck | Promise<BearerCheck> {
  const token = bearerToken(request);
  if (token === undefined) return { failure: FAILURES.invalid };
  const result = verifyCached(config.tokenCache, config.keys, token, config.now(), config.tokenRules, anyOfScopes);
  return result instanceof Promise ? result.then(toCheck) : toCheck(result);
}

/**
 * What {@link checkBearer} decides: the token's claims, or the failure to answer with.
 *
 * @example
 * ```ts
 * const check: BearerCheck = { failure: { status: 401, codigoError: 'ERRSEG001' } };
 * ```
 */
export type BearerCheck = { readonly claims: TokenClaims } | { readonly failure: Failure };

function toCheck(result: TokenVerification): BearerCheck {
  return result.ok ? { claims: result.claims } : { failure: FAILURES[result.reason] };
}
