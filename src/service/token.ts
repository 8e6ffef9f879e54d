/**
 * The client_credentials grant, shared by both token URLs: the interface's
 * `/api/esb/ValidaCredenciales/accesstoken` (envelope responses) and the ATM API's
 * `/open-banking/oauth2/v1/token` (RFC 6749 responses).
 *
 * The client is authenticated before the form is looked at: with `Authorization: Basic`, before
 * the body is even read (a wrong or missing credential is a 401 whatever the body holds); with
 * credentials in the form, the form is split (at most `maxFormBytes`, `maxFormFields`) only to
 * find them, and validated after they check out.
 */
import { firstIssueReport } from '../contracts/envelope.js';
import { TokenRequestSchema, type OAuthError } from '../contracts/token.js';
import { headerField } from '../http/headers.js';
import { mediaType } from '../http/media.js';
import type { RequestBody, ServiceRequest } from '../http/types.js';
import { utf8Length } from '../util/bytes.js';
import { parseFormBody } from '../validation/body.js';
import { validateWith } from '../validation/validate.js';
import { declaredLength, retryAfter, tooManyRequests } from './admission.js';
import { startAuthAttempt } from './authLimit.js';
import { authenticateClient, parseBasic, type ClientRecord, type PresentedCredentials } from './clients.js';
import type { ResolvedConfig } from './config.js';
import { signToken } from './jwt.js';
import { serviceMessage } from './messages.js';
import type { Failure } from './respond.js';
import { messageRef } from '../errors/catalog.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';

/**
 * A granted token.
 *
 * @example
 * ```ts
 * const grant: Grant = { accessToken: 'eyJ…', scope: 'update', issuedAtMs: 1736964000000, expiresIn: 3600 };
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
 * const refusal: Refusal = { oauthError: 'invalid_client', failure: { status: 401, codigoError: 'ERRSEG001' } };
 * ```
 */
export interface Refusal {
  readonly failure: Failure;
  readonly oauthError: OAuthError['error'];
}

/**
 * A token request whose head passed: the body limit, and what to do with the body.
 *
 * @example
 * ```ts
 * const pending: PendingGrant = { maxBodyBytes: 4096, finish: async () => refusal };
 * ```
 */
export interface PendingGrant {
  readonly maxBodyBytes: number;
  finish(body: RequestBody): Promise<Grant | Refusal>;
}

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="cotizador", charset="UTF-8"' };

function refuse(oauthError: OAuthError['error'], failure: Failure): Refusal {
  return { oauthError, failure };
}

const BODY_TOO_LARGE = (): Refusal =>
  refuse('invalid_request', { status: 400, codigoError: 'ERRESQ004', valorIncorrecto: 'body', propiedad: 'cuerpoExcedeLimite' });

const BAD_CREDENTIALS = refuse('invalid_client', {
  status: 401,
  codigoError: 'ERRSEG001',
  propiedad: 'credencialesInvalidas',
  headers: BASIC_CHALLENGE,
});

/**
 * The byte length of a body the transport or a framework handed over (0 for a parsed value).
 *
 * @example
 * ```ts
 * bodyBytes('añ'); // 3
 * ```
 */
export function bodyBytes(body: RequestBody): number {
  if (typeof body === 'string') return utf8Length(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}

/** 429 for an attempt past the failed-authentication limit (its secret is not checked). */
function tooManyFailures(seconds: number): Refusal {
  return refuse('temporarily_unavailable', {
    status: 429,
    codigoError: 'ERRSEG006',
    propiedad: serviceMessage('demasiadosIntentos', { seconds }),
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * The client the credentials authenticate, or the refusal: 429 when the attempt is past the
 * failed-authentication limit (decided before the secret is checked), 401 when the id or the
 * secret is wrong (a failure the limit counts).
 */
async function authenticate(
  config: ResolvedConfig,
  presented: PresentedCredentials,
  address: string | undefined,
): Promise<ClientRecord | Refusal> {
  const limit = config.authFailureLimit;
  const attempt = limit === undefined ? undefined : await startAuthAttempt(limit, presented.clientId, address, config.now().getTime());
  if (attempt?.waitSeconds !== undefined) return tooManyFailures(attempt.waitSeconds);
  const client = await authenticateClient(config.directory, presented);
  if (client === undefined) return BAD_CREDENTIALS; // the attempt's tokens stay taken: a failure
  await attempt?.succeeded();
  return client;
}

function isRefused(outcome: ClientRecord | Refusal): outcome is Refusal {
  return 'oauthError' in outcome;
}

async function limitFor(config: ResolvedConfig, client: ClientRecord): Promise<Refusal | undefined> {
  const seconds = await retryAfter(config, client.clientId);
  return seconds === undefined ? undefined : refuse('temporarily_unavailable', tooManyRequests(seconds));
}

/**
 * The head of a token request: `Content-Type`, Basic credentials (checked now, before the body
 * is read, within the failed-authentication limit of the client id and the request's
 * `remoteAddress`), the client's rate limit and the declared body size. A refusal, or what reads
 * the body.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const step = await beginGrant(config, { method: 'POST', path: '/', headers: { authorization: 'Basic eDp5' } }, 'f-1');
 * 'failure' in step && step.failure.status; // 401
 * ```
 */
export async function beginGrant(config: ResolvedConfig, head: ServiceRequest, folio: string): Promise<PendingGrant | Refusal> {
  const contentType = headerField(head, 'content-type');
  if (contentType !== undefined && mediaType(contentType).type !== 'application/x-www-form-urlencoded') {
    return refuse('invalid_request', {
      status: 400,
      codigoError: 'ERRESQ005',
      valorIncorrecto: 'Content-Type',
      propiedad: 'contentTypeForm',
    });
  }
  let headerClient: ClientRecord | undefined;
  const authorization = headerField(head, 'authorization');
  if (authorization !== undefined) {
    const basic = parseBasic(authorization);
    if (basic === undefined) {
      return refuse('invalid_client', {
        status: 401,
        codigoError: 'ERRSEG001',
        valorIncorrecto: 'Authorization',
        propiedad: 'basicEsperado',
        headers: BASIC_CHALLENGE,
      });
    }
    const outcome = await authenticate(config, basic, head.remoteAddress);
    if (isRefused(outcome)) return outcome;
    headerClient = outcome;
    const limited = await limitFor(config, headerClient);
    if (limited !== undefined) return limited;
  }
  const declared = declaredLength(head);
  if (declared !== undefined && declared > config.maxFormBytes) return BODY_TOO_LARGE();
  return {
    maxBodyBytes: config.maxFormBytes,
    finish: (body) => finishGrant(config, headerClient, body, folio, head.remoteAddress),
  };
}

/** The form's credential fields, when they are text. */
function formCredential(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function finishGrant(
  config: ResolvedConfig,
  headerClient: ClientRecord | undefined,
  body: RequestBody,
  folio: string,
  address: string | undefined,
): Promise<Grant | Refusal> {
  if (bodyBytes(body) > config.maxFormBytes) return BODY_TOO_LARGE();
  const form = parseFormBody(body, { maxFields: config.maxFormFields, maxIssues: 1 });
  if (!form.success) return refuse('invalid_request', { status: 400, ...issueFailure(form.issues) });
  const fields = form.data;
  let client = headerClient;
  if (client === undefined) {
    const formId = fields['client_id'];
    const formSecret = fields['client_secret'];
    if (formId === undefined && formSecret === undefined) {
      return refuse('invalid_client', {
        status: 401,
        codigoError: 'ERRSEG001',
        valorIncorrecto: 'Authorization',
        propiedad: 'credencialesFaltan',
        headers: BASIC_CHALLENGE,
      });
    }
    if (formId === undefined || formSecret === undefined) {
      const missing = formId === undefined ? 'client_id' : 'client_secret';
      return refuse('invalid_request', {
        status: 400,
        codigoError: 'ERRESQ006',
        valorIncorrecto: missing,
        propiedad: messageRef(VALIDATION_MESSAGES, 'campoFaltante'),
      });
    }
    const clientId = formCredential(formId);
    const clientSecret = formCredential(formSecret);
    if (clientId === undefined || clientSecret === undefined) {
      const wrong = clientId === undefined ? 'client_id' : 'client_secret';
      return refuse('invalid_request', {
        status: 400,
        codigoError: 'ERRESQ005',
        valorIncorrecto: wrong,
        propiedad: messageRef(VALIDATION_MESSAGES, 'formatoInvalido'),
      });
    }
    const outcome = await authenticate(config, { clientId, clientSecret }, address);
    if (isRefused(outcome)) return outcome;
    client = outcome;
    const limited = await limitFor(config, client);
    if (limited !== undefined) return limited;
  } else if (fields['client_id'] !== undefined || fields['client_secret'] !== undefined) {
    const field = fields['client_id'] !== undefined ? 'client_id' : 'client_secret';
    return refuse('invalid_request', {
      status: 400,
      codigoError: 'ERRESQ003',
      valorIncorrecto: field,
      propiedad: 'credencialesDuplicadas',
    });
  }
  const checked = validateWith(TokenRequestSchema, fields, '', 1);
  if (!checked.success) {
    const report = issueFailure(checked.issues);
    const oauthError =
      report.valorIncorrecto === 'grant_type' && report.codigoError === 'ERRESQ005' ? 'unsupported_grant_type' : 'invalid_request';
    return refuse(oauthError, { status: 400, ...report });
  }
  const { scope } = checked.data;
  const requested = scope === undefined ? [...client.scopes] : [...new Set(scope.split(' '))];
  const denied = requested.find((wanted) => !client.scopes.includes(wanted));
  if (denied !== undefined || requested.length === 0) {
    return refuse('invalid_scope', { status: 403, codigoError: 'ERRSEG003', valorIncorrecto: 'scope', propiedad: 'scopeNoPermitido' });
  }
  const issuedAtMs = config.now().getTime();
  const iat = Math.floor(issuedAtMs / 1000);
  const granted = requested.join(' ');
  const accessToken = await signToken(
    config.keys,
    { sub: client.clientId, scope: granted, iat, nbf: iat, exp: iat + config.tokenTtlSeconds, jti: folio },
    config.tokenRules,
  );
  return { accessToken, scope: granted, issuedAtMs, expiresIn: config.tokenTtlSeconds };
}

/**
 * The failure fields reporting the first issue of a validation, its message by id (so it can be
 * said in English).
 *
 * @example
 * ```ts
 * const failure = issueFailure([{ code: 'ERRESQ006', path: 'grant_type', message: 'Falta un campo requerido', messageId: 'campoFaltante' }]);
 * [failure.codigoError, failure.valorIncorrecto]; // ['ERRESQ006', 'grant_type']
 * renderMessage(failure.propiedad as MessageRef, 'en'); // 'A required field is missing'
 * ```
 */
export function issueFailure(
  issues: Parameters<typeof firstIssueReport>[0],
): Pick<Failure, 'codigoError' | 'propiedad' | 'valorIncorrecto'> {
  const report = firstIssueReport(issues);
  const first = issues[0];
  return {
    codigoError: report.codigoError,
    propiedad: first === undefined ? undefined : messageRef(VALIDATION_MESSAGES, first.messageId, first.messageParams),
    valorIncorrecto: report.valorIncorrecto,
  };
}
