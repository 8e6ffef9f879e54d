/**
 * Token API shapes ("Token request/response" in the interface), defined once as TypeBox schemas,
 * plus the RFC 6749 shapes the ATM API's token URL answers with.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { SUCCESS_FIELDS } from './envelope.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/token.js';

/**
 * RFC 6749 §3.3 scope: space-separated tokens of printable ASCII except `"` and `\`.
 *
 * @example
 * ```ts
 * new RegExp(SCOPE_TEXT).test('update read'); // true
 * ```
 */
export const SCOPE_TEXT = '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+( [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*$';

/**
 * The token request's form fields.
 *
 * @example
 * ```ts
 * validateWith(TokenRequestSchema, { grant_type: 'client_credentials', scope: 'update' }).success; // true
 * ```
 */
export const TokenRequestSchema = precompiled(
  Type.Object(
    {
      grant_type: Type.String({ maxLength: 20, pattern: '^client_credentials$', description: 'Solo client_credentials' }),
      scope: Type.Optional(
        Type.String({ minLength: 1, maxLength: 50, pattern: SCOPE_TEXT, description: 'Permisos solicitados, separados por espacios' }),
      ),
      client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Solo sin encabezado Authorization Basic' })),
      client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Solo sin encabezado Authorization Basic' })),
    },
    { additionalProperties: false, $id: 'TokenRequest', title: 'Token request (form fields)' },
  ),
  checks.checkTokenRequest,
);

/**
 * The token response (status 200). `issued_at` is epoch milliseconds as text.
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${btoa('app:s3cret-value')}` }, body: 'grant_type=client_credentials' });
 * validateWith(TokenResponseSchema, JSON.parse(response.body)).success; // true
 * ```
 */
export const TokenResponseSchema = precompiled(
  Type.Object(
    {
      ...SUCCESS_FIELDS,
      mensaje: Type.Optional(SUCCESS_FIELDS.mensaje),
      access_token: Type.String({ minLength: 1, description: 'JWT firmado' }),
      expires_in: Type.String({ pattern: '^[0-9]+$', description: 'Vigencia en segundos' }),
      scope: Type.String({ description: 'Permisos otorgados, separados por espacios' }),
      token_type: Type.Literal('Bearer'),
      issued_at: Type.String({ pattern: '^[0-9]+$', description: 'Momento de emisión, milisegundos desde 1970-01-01T00:00:00Z' }),
    },
    { additionalProperties: false, $id: 'TokenResponse', title: 'Token response' },
  ),
  checks.checkTokenResponse,
);

/**
 * The RFC 6749 §5.1 success response of the ATM token URL (`/open-banking/oauth2/v1/token`).
 *
 * @example
 * ```ts
 * validateWith(OAuthTokenResponseSchema, { access_token: 'eyJ…', token_type: 'Bearer', expires_in: 3600, scope: 'read' }).success; // true
 * ```
 */
export const OAuthTokenResponseSchema = precompiled(
  Type.Object(
    {
      access_token: Type.String({ minLength: 1 }),
      token_type: Type.Literal('Bearer'),
      expires_in: Type.Integer({ minimum: 1 }),
      scope: Type.String(),
    },
    { additionalProperties: false, $id: 'OAuthTokenResponse', title: 'OAuth 2.0 token response (ATM token URL)' },
  ),
  checks.checkOAuthTokenResponse,
);

/**
 * The RFC 6749 §5.2 error response of the ATM token URL (`temporarily_unavailable`, from RFC
 * 6749 §4.1.2.1, answers the 429 and 503 that §5.2 has no code for).
 *
 * @example
 * ```ts
 * validateWith(OAuthErrorSchema, { error: 'invalid_client', error_description: 'Credenciales del cliente no válidas' }).success; // true
 * ```
 */
export const OAuthErrorSchema = precompiled(
  Type.Object(
    {
      error: Type.Union([
        Type.Literal('invalid_request'),
        Type.Literal('invalid_client'),
        Type.Literal('unsupported_grant_type'),
        Type.Literal('invalid_scope'),
        Type.Literal('server_error'),
        Type.Literal('temporarily_unavailable'),
      ]),
      error_description: Type.String(),
    },
    { additionalProperties: false, $id: 'OAuthError', title: 'OAuth 2.0 error response (ATM token URL)' },
  ),
  checks.checkOAuthError,
);

/**
 * The token request's form fields, as a type.
 *
 * @example
 * ```ts
 * const form: TokenRequest = { grant_type: 'client_credentials', scope: 'update' };
 * ```
 *
 * @useDeclaredType
 */
export type TokenRequest = Static<typeof TokenRequestSchema>;
/**
 * The token response, as a type.
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${btoa('app:s3cret-value')}` }, body: 'grant_type=client_credentials' });
 * const { access_token, expires_in }: TokenResponse = JSON.parse(response.body);
 * expires_in; // '3600'
 * access_token.split('.').length; // 3 (a compact JWT)
 * ```
 *
 * @useDeclaredType
 */
export type TokenResponse = Static<typeof TokenResponseSchema>;
/**
 * The ATM token URL's success response, as a type.
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.atmToken, headers: { authorization: `Basic ${btoa('app:s3cret-value')}` }, body: 'grant_type=client_credentials&scope=read' });
 * const { token_type, expires_in, scope }: OAuthTokenResponse = JSON.parse(response.body);
 * [token_type, expires_in, scope]; // ['Bearer', 3600, 'read']
 * ```
 *
 * @useDeclaredType
 */
export type OAuthTokenResponse = Static<typeof OAuthTokenResponseSchema>;
/**
 * The ATM token URL's error response, as a type.
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.atmToken, headers: { authorization: `Basic ${btoa('app:s3cret-value')}` }, body: 'grant_type=client_credentials&scope=admin' });
 * const { error }: OAuthError = JSON.parse(response.body);
 * error; // 'invalid_scope'
 * ```
 *
 * @useDeclaredType
 */
export type OAuthError = Static<typeof OAuthErrorSchema>;

/**
 * One public key of the JSON Web Key Set (RFC 7517) served at `/.well-known/jwks.json`: an RSA
 * key that verifies RS256 access tokens, named by its `kid`.
 *
 * @example
 * ```ts
 * validateWith(JwkSchema, { kty: 'RSA', kid: 'k1', use: 'sig', alg: 'RS256', n: 'sXchDgMbM4', e: 'AQAB' }).success; // true
 * ```
 */
export const JwkSchema = precompiled(
  Type.Object(
    {
      kty: Type.Literal('RSA'),
      kid: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' }),
      use: Type.Literal('sig'),
      alg: Type.Literal('RS256'),
      n: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'Modulus, base64url' }),
      e: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'Public exponent, base64url' }),
    },
    { additionalProperties: false, $id: 'Jwk', title: 'RSA public key (JWK)' },
  ),
  checks.checkJwk,
);

/**
 * The JSON Web Key Set: every public key that verifies current tokens (the signing key first,
 * then previous keys kept for rotation). Empty when tokens are signed with a shared HS256 secret.
 *
 * @example
 * ```ts
 * validateWith(JwksSchema, { keys: [] }).success; // true
 * ```
 */
export const JwksSchema = precompiled(
  Type.Object({ keys: Type.Array(JwkSchema) }, { additionalProperties: false, $id: 'Jwks', title: 'JSON Web Key Set (RFC 7517)' }),
  checks.checkJwks,
);

/**
 * A key of the JWKS, as a type.
 *
 * @example
 * ```ts
 * const key: Jwk = { kty: 'RSA', kid: 'k1', use: 'sig', alg: 'RS256', n: 'sXch', e: 'AQAB' };
 * ```
 */
export type Jwk = Static<typeof JwkSchema>;
/**
 * The JWKS, as a type.
 *
 * @example
 * ```ts
 * const { keys }: Jwks = JSON.parse((await service.handle({ method: 'GET', path: '/.well-known/jwks.json', headers: {} })).body);
 * keys; // [] (the service signs with an HS256 secret)
 * ```
 */
export type Jwks = Static<typeof JwksSchema>;
