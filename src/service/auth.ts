/**
 * Bearer authentication of the protected operations. Codes (the interface shows none for the
 * quoter's 401/403): missing, malformed or badly signed token, or one its client no longer
 * backs (removed, scopes cut, secret changed after it was issued) → 401 ERRSEG001; expired → 403
 * ERRSEG002; without the required scope → 403 ERRSEG003.
 */
import { headerField } from '../http/headers.js';
import type { KnownClient } from './clients.js';
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
  const result = verifyBearer(config, token, anyOfScopes);
  return result instanceof Promise ? result.then(toCheck) : toCheck(result);
}

const INVALID: TokenVerification = Object.freeze({ ok: false, reason: 'invalid' });

/**
 * The claims already found backed by their client, and by which (a list's clients never change,
 * so a token checked against one is not checked again; a lookup's answers are new objects).
 */
const backedBy = new WeakMap<TokenClaims, KnownClient>();

/** Whether the client the token names still exists, holds every scope it grants, and had its secret before the token was issued. */
function backs(client: KnownClient | undefined, claims: TokenClaims): boolean {
  if (client === undefined) return false;
  if (backedBy.get(claims) === client) return true;
  const backed =
    client.record.clientId === claims.sub &&
    claims.scope.split(' ').every((scope) => client.scopes.has(scope)) &&
    (client.secretChangedAt === undefined || claims.iat >= client.secretChangedAt);
  if (backed) backedBy.set(claims, client);
  return backed;
}

/**
 * Verifies a bearer token (through the service's cache) and then its client, on every request:
 * the client `sub` names must still exist, hold every scope the token grants, and have had its
 * secret since before the token was issued (`secretChangedAt`); otherwise the token is invalid
 * (401) at once, whatever the cache holds. Synchronous for a cached token of a listed client.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * (await verifyBearer(config, 'a.b.c', ['update'])).ok; // false
 * ```
 */
export function verifyBearer(
  config: ResolvedConfig,
  token: string,
  anyOfScopes: readonly string[],
): TokenVerification | Promise<TokenVerification> {
  const result = verifyCached(config.tokenCache, config.keys, token, config.now(), config.tokenRules, anyOfScopes);
  const withClient = (verified: TokenVerification): TokenVerification | Promise<TokenVerification> => {
    if (!verified.ok) return verified;
    const found = config.directory.find(verified.claims.sub);
    if (found instanceof Promise) return found.then((client) => (backs(client, verified.claims) ? verified : INVALID));
    return backs(found, verified.claims) ? verified : INVALID;
  };
  return result instanceof Promise ? result.then(withClient) : withClient(result);
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
