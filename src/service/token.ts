/**
 * The client_credentials grant, shared by both token URLs: the interface's
 * `/api/esb/ValidaCredenciales/accesstoken` (envelope responses) and the ATM API's
 * `/open-banking/oauth2/v1/token` (RFC 6749 responses).
 */
import { messageText } from '../errors/messages.js';
import { firstIssueReport } from '../contracts/envelope.js';
import { validateTokenRequest } from '../contracts/requests.js';
import { headerField } from '../http/headers.js';
import type { OAuthError } from '../contracts/token.js';
import { authenticateClient, parseBasic, type PresentedCredentials } from './clients.js';
import type { ResolvedConfig } from './config.js';
import { signToken } from './jwt.js';
import { mediaType } from '../http/media.js';
import type { Failure } from './respond.js';
import type { ServiceRequest } from '../http/types.js';

/**
 * A granted token.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${Buffer.from('app:s3cret').toString('base64')}` }, body: 'grant_type=client_credentials&scope=update' };
 * const outcome = await grantToken(config, request, 'f-1');
 * if ('accessToken' in outcome) outcome.expiresIn; // 3600
 * ```
 */
export interface Grant {
  readonly accessToken: string;
  readonly scope: string;
  /** Issue instant, epoch milliseconds. */
  readonly issuedAtMs: number;
  readonly expiresIn: number;
}

/**
 * A refused token request: the envelope failure and its RFC 6749 error code.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${Buffer.from('app:wrong').toString('base64')}` }, body: 'grant_type=client_credentials' };
 * const outcome = await grantToken(config, request, 'f-1');
 * if ('failure' in outcome) outcome.oauthError; // 'invalid_client'
 * ```
 */
export interface Refusal {
  readonly failure: Failure;
  readonly oauthError: OAuthError['error'];
}

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="cotizador", charset="UTF-8"' };

function refuse(oauthError: OAuthError['error'], failure: Failure): Refusal {
  return { oauthError, failure };
}

/**
 * Runs the client_credentials grant: form validation, client authentication (Basic header or
 * form fields, never both), scope check, and a signed JWT.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${Buffer.from('app:s3cret').toString('base64')}` }, body: 'grant_type=client_credentials&scope=update' };
 * const outcome = await grantToken(config, request, 'f-1');
 * if ('accessToken' in outcome) outcome.scope; // 'update'
 * ```
 */
export async function grantToken(config: ResolvedConfig, request: ServiceRequest, folio: string): Promise<Grant | Refusal> {
  const contentType = headerField(request, 'content-type');
  if (contentType !== undefined && mediaType(contentType).type !== 'application/x-www-form-urlencoded') {
    return refuse('invalid_request', {
      status: 400,
      codigoError: 'ERRESQ005',
      valorIncorrecto: 'Content-Type',
      propiedad: messageText('contentTypeForm'),
    });
  }
  const body = request.body ?? '';
  if (Buffer.byteLength(body) > config.maxBodyBytes) {
    return refuse('invalid_request', {
      status: 400,
      codigoError: 'ERRESQ004',
      valorIncorrecto: 'body',
      propiedad: messageText('cuerpoExcedeLimite'),
    });
  }
  const form = validateTokenRequest(body);
  if (!form.success) {
    const report = firstIssueReport(form.issues);
    const oauthError =
      report.valorIncorrecto === 'grant_type' && report.codigoError === 'ERRESQ005' ? 'unsupported_grant_type' : 'invalid_request';
    return refuse(oauthError, { status: 400, ...report });
  }
  const { scope, client_id: formId, client_secret: formSecret } = form.data;

  let presented: PresentedCredentials;
  const authorization = headerField(request, 'authorization');
  if (authorization !== undefined) {
    const basic = parseBasic(authorization);
    if (basic === undefined) {
      return refuse('invalid_client', {
        status: 401,
        codigoError: 'ERRSEG001',
        valorIncorrecto: 'Authorization',
        propiedad: messageText('basicEsperado'),
        headers: BASIC_CHALLENGE,
      });
    }
    if (formId !== undefined || formSecret !== undefined) {
      const field = formId !== undefined ? 'client_id' : 'client_secret';
      return refuse('invalid_request', {
        status: 400,
        codigoError: 'ERRESQ003',
        valorIncorrecto: field,
        propiedad: messageText('credencialesDuplicadas'),
      });
    }
    presented = basic;
  } else if (formId !== undefined && formSecret !== undefined) {
    presented = { clientId: formId, clientSecret: formSecret };
  } else if (formId !== undefined || formSecret !== undefined) {
    const missing = formId === undefined ? 'client_id' : 'client_secret';
    return refuse('invalid_request', {
      status: 400,
      codigoError: 'ERRESQ006',
      valorIncorrecto: missing,
      propiedad: messageText('campoFaltante'),
    });
  } else {
    return refuse('invalid_client', {
      status: 401,
      codigoError: 'ERRSEG001',
      valorIncorrecto: 'Authorization',
      propiedad: messageText('credencialesFaltan'),
      headers: BASIC_CHALLENGE,
    });
  }

  const client = await authenticateClient(config.clients, presented);
  if (client === undefined) {
    return refuse('invalid_client', {
      status: 401,
      codigoError: 'ERRSEG001',
      propiedad: messageText('credencialesInvalidas'),
      headers: BASIC_CHALLENGE,
    });
  }
  const requested = scope === undefined ? [...client.scopes] : [...new Set(scope.split(' '))];
  const denied = requested.find((wanted) => !client.scopes.includes(wanted));
  if (denied !== undefined || requested.length === 0) {
    return refuse('invalid_scope', {
      status: 403,
      codigoError: 'ERRSEG003',
      valorIncorrecto: 'scope',
      propiedad: messageText('scopeNoPermitido'),
    });
  }
  const issuedAtMs = config.now().getTime();
  const iat = Math.floor(issuedAtMs / 1000);
  const granted = requested.join(' ');
  const accessToken = signToken(config.signing, {
    sub: client.clientId,
    scope: granted,
    iat,
    exp: iat + config.tokenTtlSeconds,
    jti: folio,
  });
  return { accessToken, scope: granted, issuedAtMs, expiresIn: config.tokenTtlSeconds };
}
