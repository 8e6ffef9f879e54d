/**
 * The protected JSON operations (AutoEstrene, SegAutoVendor, obtenerDocumento): bearer check,
 * `Content-Type` and size checks, validation to coded issues, the engine, the success envelope.
 */
import { headerField } from '../http/headers.js';
import { firstIssueReport } from '../contracts/envelope.js';
import { PaymentRecordSchema, type ObtenerDocumentoRequest } from '../contracts/taxpayer.js';
import type { SegAutoVendorRequest } from '../contracts/policy.js';
import { validateAutoEstrene, validateObtenerDocumento, validateSegAutoVendor, type AutoEstreneRequest } from '../contracts/requests.js';
import { collectIssues, type ValidationResult } from '../validation/validate.js';
import { quoteValidCredit } from '../quotes/quoteCredit.js';
import { quoteValidPolicy } from '../quotes/quotePolicy.js';
import { renderReceiptBase64 } from '../documents/receipt.js';
import { QuoteError } from '../errors/quoteError.js';
import { messageText } from '../errors/messages.js';
import { checkBearer, UPDATE_SCOPE } from './auth.js';
import type { ResolvedConfig } from './config.js';
import { mediaType } from '../http/media.js';
import { mexicoCityDate } from '../dates/mexicoCity.js';
import type { Failure } from './respond.js';
import type { ServiceRequest } from '../http/types.js';

/**
 * The message of every success envelope.
 *
 * @example
 * ```ts
 * const response = await service.handle({ method: 'POST', path: ROUTES.autoEstrene, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ solicitud }) });
 * response.status; // 200
 * JSON.parse(response.body).mensaje === SUCCESS_MESSAGE; // true (for every 200)
 * ```
 */
export const SUCCESS_MESSAGE = messageText('operacionExitosa');

/**
 * What an operation produced: the fields to add to the success envelope, or a failure.
 *
 * @example
 * ```ts
 * const outcome: Outcome = { ok: true, fields: { resultado: quoteCredit(solicitud) } };
 * const failure: Outcome = { ok: false, failure: { status: 400, codigoError: 'ERRNEG001', valorIncorrecto: 'lineaCaptura' } };
 * ```
 */
export type Outcome =
  | { readonly ok: true; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly failure: Failure };

/**
 * One protected JSON operation: a validator and what to do with valid data.
 *
 * @example
 * ```ts
 * const echo: Operation<unknown> = { validate: (body) => parseJsonBody(body), run: async (data) => ({ ok: true, fields: { resultado: data } }) };
 * ```
 */
export interface Operation<T> {
  readonly validate: (body: string) => ValidationResult<T>;
  readonly run: (data: T, config: ResolvedConfig) => Promise<Outcome>;
}

/**
 * An engine's coded error as a failure: request and business codes are the caller's fault
 * (400); anything else (an invariant, ERRSER002) is the bank's (500, without the detail).
 */
function engineFailure(error: QuoteError): Failure {
  if (error.codigoError.startsWith('ERRESQ') || error.codigoError === 'ERRNEG001') {
    return { status: 400, codigoError: error.codigoError, propiedad: error.mensaje, valorIncorrecto: error.valorIncorrecto };
  }
  return { status: 500, codigoError: 'ERRSER002' };
}

/** Runs a synchronous engine, turning its coded errors into failures (other errors propagate to the 500 handler). */
function runEngine(fields: () => Readonly<Record<string, unknown>>): Outcome {
  try {
    return { ok: true, fields: fields() };
  } catch (error) {
    if (error instanceof QuoteError) return { ok: false, failure: engineFailure(error) };
    throw error;
  }
}

/**
 * `POST /api/esb/Cotizador/v1/AutoEstrene`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.autoEstrene, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ solicitud }) };
 * const outcome = await runOperation(autoEstrene, config, request);
 * outcome.ok && (outcome.fields.resultado as CreditResult).pagoMensual; // '10216.91'
 * ```
 */
export const autoEstrene: Operation<AutoEstreneRequest> = {
  validate: validateAutoEstrene,
  run: async (data, config) =>
    runEngine(() => ({
      resultado: quoteValidCredit(data.solicitud, { ...config.creditOptions, fechaApertura: mexicoCityDate(config.now()) }),
    })),
};

/**
 * `POST /api/esb/Cotizador/v1/SegAutoVendor`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.segAutoVendor, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ solicitud: policySolicitud }) };
 * const outcome = await runOperation(segAutoVendor, config, request);
 * outcome.ok && (outcome.fields.resultado as PolicyResult).listaSeguroAuto.length; // 9
 * ```
 */
export const segAutoVendor: Operation<SegAutoVendorRequest> = {
  validate: validateSegAutoVendor,
  run: async (data, config) =>
    runEngine(() => ({
      resultado: quoteValidPolicy(data.solicitud, { ...config.policyOptions, fechaInicio: mexicoCityDate(config.now()) }),
    })),
};

/**
 * `POST /api/esb/ServiciosContribuyentes/obtenerDocumento`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.obtenerDocumento, headers: { authorization: `Bearer ${token}` }, body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}' };
 * const outcome = await runOperation(obtenerDocumento, config, request);
 * outcome.ok && Object.keys(outcome.fields.Resultado as object); // ['documento'] (the receipt PDF, base64)
 * ```
 */
export const obtenerDocumento: Operation<ObtenerDocumentoRequest> = {
  validate: validateObtenerDocumento,
  run: async ({ lineaCaptura }, config) => {
    const record = await config.documents(lineaCaptura);
    if (record === undefined) {
      return {
        ok: false,
        failure: { status: 400, codigoError: 'ERRNEG001', valorIncorrecto: 'lineaCaptura', propiedad: messageText('pagoNoRegistrado') },
      };
    }
    // The lookup is the bank's system: a malformed record is its error (500), not the caller's.
    if (collectIssues(PaymentRecordSchema, record).length > 0 || record.lineaCaptura !== lineaCaptura) {
      return { ok: false, failure: { status: 500, codigoError: 'ERRSER002' } };
    }
    return { ok: true, fields: { Resultado: { documento: await renderReceiptBase64(record) } } };
  },
};

/**
 * Runs a protected JSON operation up to its outcome: bearer token with the `update` scope,
 * `Content-Type` (JSON, UTF-8, when given), body size, validation, then the operation.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', now: () => new Date('2026-01-31T18:00:00Z') });
 * const request = { method: 'POST', path: ROUTES.autoEstrene, headers: { authorization: `Bearer ${token}` }, body: '{"solicitud":{}}' };
 * await runOperation(autoEstrene, config, request); // { ok: false, failure: { status: 400, codigoError: 'ERRESQ006', propiedad: 'Falta un campo requerido', valorIncorrecto: 'solicitud.montoSolicitado' } }
 * ```
 */
export async function runOperation<T>(operation: Operation<T>, config: ResolvedConfig, request: ServiceRequest): Promise<Outcome> {
  const denied = checkBearer(config, request, [UPDATE_SCOPE]);
  if (denied !== undefined) return { ok: false, failure: denied };
  const contentType = headerField(request, 'content-type');
  if (contentType !== undefined) {
    const { type, charset } = mediaType(contentType);
    if (type !== 'application/json' || (charset !== undefined && charset !== 'utf-8')) {
      return {
        ok: false,
        failure: { status: 400, codigoError: 'ERRESQ005', valorIncorrecto: 'Content-Type', propiedad: messageText('contentTypeJson') },
      };
    }
  }
  const body = request.body ?? '';
  if (Buffer.byteLength(body) > config.maxBodyBytes) {
    return {
      ok: false,
      failure: { status: 400, codigoError: 'ERRESQ004', valorIncorrecto: 'body', propiedad: messageText('cuerpoExcedeLimite') },
    };
  }
  const parsed = operation.validate(body);
  if (!parsed.success) {
    return { ok: false, failure: { status: 400, ...firstIssueReport(parsed.issues) } };
  }
  return operation.run(parsed.data, config);
}
