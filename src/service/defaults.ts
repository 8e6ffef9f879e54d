/**
 * The service's documented defaults: token lifetime and audience, body, form and header limits,
 * the request timeout and the clock skew (`./config.ts` resolves a configuration against them).
 */

/**
 * Default token lifetime, seconds (the interface leaves it open).
 *
 * @example
 * ```ts
 * DEFAULT_TOKEN_TTL_SECONDS; // 3600
 * const response = await createService({ clients }).handle({ method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${btoa('app:s3cret-value')}` }, body: 'grant_type=client_credentials' });
 * JSON.parse(response.body).expires_in; // '3600'
 * ```
 */
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/**
 * Default limit on the request body's size, bytes.
 *
 * @example
 * ```ts
 * createService({ clients }).limits.maxBodyBytes === DEFAULT_MAX_BODY_BYTES; // true
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Default limit on the token request's form, bytes: every legal form fits (four fields of at
 * most 100 characters, each percent-encoded), and a hostile one is refused before it is read.
 *
 * @example
 * ```ts
 * DEFAULT_MAX_FORM_BYTES; // 4096
 * ```
 */
export const DEFAULT_MAX_FORM_BYTES = 4096;
/**
 * Default limit on the token request's form fields (a legal form has at most four).
 *
 * @example
 * ```ts
 * DEFAULT_MAX_FORM_FIELDS; // 8
 * ```
 */
export const DEFAULT_MAX_FORM_FIELDS = 8;
/**
 * Default time for a request's headers and body to arrive, milliseconds; later → 408 ERRSER001.
 *
 * @example
 * ```ts
 * DEFAULT_REQUEST_TIMEOUT_MS; // 30000
 * ```
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * Default clock skew tolerated on a token's `nbf`, `iat` and `exp`, seconds.
 *
 * @example
 * ```ts
 * DEFAULT_CLOCK_SKEW_SECONDS; // 30
 * ```
 */
export const DEFAULT_CLOCK_SKEW_SECONDS = 30;
/**
 * Default `iss` of the tokens (instances that verify each other's tokens share it).
 *
 * @example
 * ```ts
 * DEFAULT_TOKEN_ISSUER; // 'cotizador'
 * ```
 */
export const DEFAULT_TOKEN_ISSUER = 'cotizador';
/**
 * Default `aud` of the tokens.
 *
 * @example
 * ```ts
 * DEFAULT_TOKEN_AUDIENCE; // 'cotizador-api'
 * ```
 */
export const DEFAULT_TOKEN_AUDIENCE = 'cotizador-api';
/** How many verified tokens a service remembers (each until it expires). */
