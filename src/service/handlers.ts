/**
 * How each kind of route of the registry (`routes.ts`) answers, in two steps like the service
 * (the head, then the body when it is needed): a token URL (the interface's envelope or RFC 6749
 * JSON), a protected JSON operation (its result written into the success envelope), and one of
 * the service's own read-only documents. Also the RFC 6749 answers the dispatcher gives on the
 * ATM token URL.
 */
import type { OAuthError, OAuthTokenResponse, TokenResponse } from '../contracts/token.js';
import type { Lang } from '../errors/catalog.js';
import { asciiJson } from '../http/json.js';
import type { RequestBody, ServiceRequest, ServiceResponse } from '../http/types.js';
import type { ResolvedConfig } from './config.js';
import { SERVICE_MESSAGES } from './messages.js';
import { beginOperation, type Operation } from './operations.js';
import { DEFAULT_RESPONSE_HEADERS, failureResponse, jsonResponse, say, type Failure } from './respond.js';
import { beginGrant, type Refusal } from './token.js';

/**
 * Which error bodies a route speaks: the interface's envelope, RFC 6749 JSON (the ATM token URL),
 * or the ATM API's own.
 *
 * @example
 * ```ts
 * const family: Family = 'oauth';
 * ```
 */
export type Family = 'envelope' | 'oauth' | 'atm';

/**
 * What a route's handler may use: the service's resolved configuration and its OpenAPI text.
 *
 * @example
 * ```ts
 * const context: RouteContext = { config: resolveConfig({ clients }), openApiText: () => '{}' };
 * ```
 */
export interface RouteContext {
  readonly config: ResolvedConfig;
  readonly openApiText: () => string;
}

/**
 * What a handler decided from the head: the answer, a refusal (to be said in the route's
 * family), or the body limit and what to do with the body.
 *
 * @example
 * ```ts
 * const step: Step = { failure: { status: 401, codigoError: 'ERRSEG001' } };
 * ```
 */
export type Step =
  | { readonly response: ServiceResponse }
  | { readonly failure: Failure | Refusal }
  | { readonly maxBodyBytes: number; finish(body: RequestBody): Promise<ServiceResponse> };

/**
 * A route's handler: the first step, from the request's head.
 *
 * @example
 * ```ts
 * const health: Begin = (_context, _head, folio) => ({ response: { status: 200, headers: {}, body: '{"status":"ok"}', folio } });
 * ```
 */
export type Begin = (context: RouteContext, head: ServiceRequest, folio: string, lang: Lang) => Promise<Step> | Step;

// Speed: the success envelope written as text around the result's own JSON (`creditResultJson` for a
// credit quote), its constant head precomputed per language, instead of `asciiJson` of the whole
// envelope; buys 38–44 µs of 31–35 µs per handle() of the 60-payment AutoEstrene to bytes, 23–24 µs
// of it `creditResultJson`'s (A/B on benchmarks/handle.ts's request, 2026-11-26, 62d6257).
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

/**
 * RFC 6749 §5.2 error JSON (the ATM token URL).
 *
 * @example
 * ```ts
 * oauthResponse(400, 'invalid_request', 'Falta un campo requerido').body; // '{"error":"invalid_request","error_description":"Falta un campo requerido"}'
 * ```
 */
export function oauthResponse(
  status: number,
  error: OAuthError['error'],
  description: string,
  headers: Readonly<Record<string, string>> = {},
): ServiceResponse {
  const body: OAuthError = { error, error_description: description };
  return jsonResponse(status, body, headers);
}

/**
 * The RFC 6749 description of a failure in `lang`: its message, or its code when it has none.
 *
 * @example
 * ```ts
 * oauthDescription({ status: 401, codigoError: 'ERRSEG001', propiedad: 'credencialesInvalidas' }, 'en'); // 'Invalid client credentials'
 * ```
 */
export function oauthDescription(failure: Failure, lang: Lang): string {
  return failure.propiedad === undefined ? failure.codigoError : say(failure.propiedad, lang);
}

/**
 * The OAuth answer of a refused token request: invalid_client 401, 429 and 503 keep their status
 * and headers, the rest 400.
 *
 * @example
 * ```ts
 * oauthRefusal({ oauthError: 'invalid_client', failure: { status: 401, codigoError: 'ERRSEG001' } }, 'es').status; // 401
 * ```
 */
export function oauthRefusal(refusal: Refusal, lang: Lang): ServiceResponse {
  const { failure, oauthError } = refusal;
  const status = oauthError === 'invalid_client' ? 401 : oauthError === 'temporarily_unavailable' ? failure.status : 400;
  const keepHeaders = oauthError === 'invalid_client' || oauthError === 'temporarily_unavailable';
  return oauthResponse(status, oauthError, oauthDescription(failure, lang), keepHeaders ? failure.headers : {});
}

/**
 * Whether a head's refusal is a token request's (it carries its RFC 6749 error).
 *
 * @example
 * ```ts
 * isRefusal({ status: 401, codigoError: 'ERRSEG001' }); // false
 * ```
 */
export function isRefusal(value: Failure | Refusal): value is Refusal {
  return 'oauthError' in value;
}

/**
 * A token URL: the client_credentials grant, answered with the interface's envelope (`envelope`)
 * or with RFC 6749 JSON (`oauth`).
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const step = await grantHandler('oauth')({ config, openApiText: () => '{}' }, { method: 'POST', path: '/', headers: { authorization: 'Basic eDp5' } }, 'f-1', 'es');
 * 'failure' in step; // true
 * ```
 */
export function grantHandler(family: 'envelope' | 'oauth'): Begin {
  return async ({ config }, head, folio, lang) => {
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
  };
}

/**
 * A protected JSON operation of the envelope APIs, its result in the success envelope.
 *
 * @example
 * ```ts
 * const echo = operationHandler<unknown>({ validate: (body) => ({ success: true, data: body }), run: async (data) => ({ ok: true, fields: { resultado: data } }) });
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const step = await echo({ config, openApiText: () => '{}' }, { method: 'POST', path: '/', headers: {} }, 'f-1', 'es');
 * 'failure' in step; // true
 * ```
 */
export function operationHandler<T>(operation: Operation<T>): Begin {
  return async ({ config }, head, folio, lang) => {
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
  };
}

/**
 * One of the service's own read-only documents (GET and HEAD), with how long a cache may keep it.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients });
 * const step = await documentHandler(() => '{"status":"ok"}', 'no-store')({ config, openApiText: () => '{}' }, { method: 'GET', path: '/health', headers: {} }, 'f-1', 'es');
 * 'response' in step && step.response.body; // '{"status":"ok"}'
 * ```
 */
export function documentHandler(body: (context: RouteContext) => string, cacheControl: string): Begin {
  return (context, head, folio) => ({
    response: {
      status: 200,
      headers: { ...DEFAULT_RESPONSE_HEADERS, 'Cache-Control': cacheControl },
      body: String(head.method).toUpperCase() === 'HEAD' ? '' : body(context),
      folio,
    },
  });
}
