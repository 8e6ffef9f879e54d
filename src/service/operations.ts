/**
 * The protected JSON operations (AutoEstrene, SegAutoVendor, obtenerDocumento) in two steps:
 * the head (bearer token, rate limit, `Content-Type`, declared size, room for a large body's
 * validation) before the body is read, then the body (size, one validation reporting its first
 * issue — a large body's on the service's executor —, the engine; a receipt rendered by the
 * executor, or taken from the receipt cache).
 */
import { headerField } from '../http/headers.js';
import { PaymentRecordSchema, type ObtenerDocumentoRequest } from '../contracts/taxpayer.js';
import type { SegAutoVendorRequest } from '../contracts/policy.js';
import {
  validateAutoEstrene,
  validateObtenerDocumento,
  validateSegAutoVendor,
  type AutoEstreneRequest,
  type ValidationOptions,
} from '../contracts/requests.js';
import { collectIssues, type ValidationResult } from '../validation/validate.js';
import { quoteValidCreditJson } from '../quotes/creditJson.js';
import { asciiJson } from '../http/json.js';
import { quoteValidPolicy } from '../quotes/quotePolicy.js';
import { localizedMessage, QuoteError } from '../errors/quoteError.js';
import { checkBearer, UPDATE_SCOPE } from './auth.js';
import type { ResolvedConfig } from './config.js';
import { mediaType } from '../http/media.js';
import { checkLineaCaptura } from '../documents/lineaCaptura.js';
import { mexicoCityDate } from '../dates/mexicoCity.js';
import type { Failure } from './respond.js';
import type { RequestBody, ServiceRequest } from '../http/types.js';
import { declaredLength, retryAfter, serverBusy, tooManyRequests } from './admission.js';
import { ExecutorBusy, IN_PROCESS_EXECUTOR, type ValidatedOperation } from './executor.js';
import { HEAVY_BODY_BYTES, type Work } from './work.js';
import { bodyBytes, issueFailure } from './token.js';

/**
 * What an operation produced: the fields to add to the success envelope, or a failure.
 *
 * @example
 * ```ts
 * const outcome: Outcome = { ok: true, fields: { resultado: { listaSeguroAuto: [] } } };
 * ```
 */
export type Outcome =
  | {
      readonly ok: true;
      readonly fields: Readonly<Record<string, unknown>>;
      /** The fields as JSON members (`"resultado":{…}`), when the operation wrote them itself. */
      readonly json?: string | undefined;
    }
  | { readonly ok: false; readonly failure: Failure };

const HERE: Work = Object.freeze({ executor: IN_PROCESS_EXECUTOR });

/**
 * One protected JSON operation: a validator and what to do with valid data; `job` names the
 * validator for an executor's `validate` job (without it, every body is validated in the caller's
 * thread).
 *
 * @example
 * ```ts
 * const echo: Operation<unknown> = { validate: (body) => ({ success: true, data: body }), run: async (data) => ({ ok: true, fields: { resultado: data } }) };
 * ```
 */
export interface Operation<T> {
  readonly validate: (body: unknown, options: ValidationOptions) => ValidationResult<T>;
  readonly run: (data: T, config: ResolvedConfig, work: Work) => Promise<Outcome>;
  readonly job?: ValidatedOperation | undefined;
  /** Heavy (a receipt): one client's requests take their turns (`Work.lanes`). */
  readonly heavy?: boolean | undefined;
}

/**
 * `valorIncorrecto` in one form on every route: the field's path from the body's root, as the
 * validator writes it (`solicitud.informacionSeguro.modelo`). The engines name their fields from
 * the `solicitud` they are given (`informacionSeguro.modelo`); this puts them under the wrapper.
 *
 * @example
 * ```ts
 * bodyPath('solicitud', 'plazo'); // 'solicitud.plazo'
 * bodyPath('solicitud', 'informacionSeguro.idPaquete'); // 'solicitud.informacionSeguro.idPaquete'
 * bodyPath('solicitud', ''); // 'solicitud'
 * ```
 */
export function bodyPath(root: string, field: string): string {
  return field === '' ? root : field.startsWith('[') ? `${root}${field}` : `${root}.${field}`;
}

/**
 * A protected operation whose head passed: the body limit and what to do with the body.
 *
 * @example
 * ```ts
 * const pending: PendingOperation = { maxBodyBytes: 1048576, finish: async () => ({ ok: true, fields: {} }) };
 * ```
 */
export interface PendingOperation {
  readonly maxBodyBytes: number;
  finish(body: RequestBody): Promise<Outcome>;
}

/**
 * An engine's coded error as a failure: request and business codes are the caller's fault
 * (400, the engine's message in the request's language); anything else (an invariant,
 * ERRSER002) is the bank's (500, without the detail).
 */
function engineFailure(error: QuoteError, root: string): Failure {
  if (error.codigoError.startsWith('ERRESQ') || error.codigoError === 'ERRNEG001') {
    return {
      status: 400,
      codigoError: error.codigoError,
      propiedad: (lang) => localizedMessage(error, lang),
      // The engines are given the body's `solicitud` (root): their paths are relative to it. A check
      // of the body itself (the línea de captura's) names its fields from the root already ('').
      valorIncorrecto: error.valorIncorrecto === undefined || root === '' ? error.valorIncorrecto : bodyPath(root, error.valorIncorrecto),
    };
  }
  return { status: 500, codigoError: 'ERRSER002' };
}

/**
 * Runs a synchronous engine given the body's `root` object ('' for the body itself), turning its
 * coded errors into failures (other errors propagate to the 500 handler).
 */
function runEngine(engine: () => Outcome, root = 'solicitud'): Outcome {
  try {
    return engine();
  } catch (error) {
    if (error instanceof QuoteError) return { ok: false, failure: engineFailure(error, root) };
    throw error;
  }
}

/** A check of the body's own fields that throws coded errors, as the failure it makes (undefined when it passes). */
function refusal(check: () => void): (Outcome & { readonly ok: false }) | undefined {
  const outcome = runEngine(() => {
    check();
    return { ok: true, fields: {} };
  }, '');
  return outcome.ok ? undefined : outcome;
}

/**
 * `obtenerDocumento` with `config.lineaCaptura`'s checks around it: a malformed line is refused
 * before the lookup (the caller's error, 400 naming `lineaCaptura`); a treasury line's payment
 * (its amount, and its date against the line's expiry) after it, 400 ERRNEG001. The record looked
 * up is handed to the operation, which checks it and renders its receipt.
 */
function checkingLine(operation: Operation<ObtenerDocumentoRequest>): Operation<ObtenerDocumentoRequest> {
  return {
    ...operation,
    run: async (data, config, ...rest) => {
      const malformed = refusal(() => checkLineaCaptura(data.lineaCaptura, config.lineaCaptura));
      if (malformed !== undefined) return malformed;
      if (config.lineaCaptura !== 'treasury') return operation.run(data, config, ...rest);
      const record = await config.documents(data.lineaCaptura);
      if (record !== undefined) {
        const paid = { importe: String(record.importe), fecha: String(record.fechaPago).slice(0, 10) };
        const contradicted = refusal(() => checkLineaCaptura(data.lineaCaptura, 'treasury', paid));
        // Only ERRNEG001 is the line's; a record the check cannot read is malformed, the bank's error (500).
        if (contradicted !== undefined)
          return contradicted.failure.codigoError === 'ERRNEG001'
            ? contradicted
            : { ok: false, failure: { status: 500, codigoError: 'ERRSER002' } };
      }
      return operation.run(data, { ...config, documents: async () => record }, ...rest);
    },
  };
}

/**
 * `POST /api/esb/Cotizador/v1/AutoEstrene`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, now: () => new Date('2026-01-31T18:00:00Z') });
 * const outcome = await autoEstrene.run({ solicitud }, config);
 * outcome.ok; // true
 * ```
 */
export const autoEstrene: Operation<AutoEstreneRequest> = {
  validate: validateAutoEstrene,
  job: 'autoEstrene',
  run: async (data, config) =>
    runEngine(() => {
      // Speed: the result written as text straight from the schedule (`quoteValidCreditJson`: a level
      // table's rows never become objects) instead of `quoteValidCredit` then `creditResultJson` of
      // its rows; takes handle() from 2.00–2.02× to 1.71–1.81× quoteCredit at 60 payments
      // (benchmarks/http/varied.ts after 3,000 varied requests, 2026-11-26). The answer is the JSON alone.
      const json = quoteValidCreditJson(
        data.solicitud,
        { ...config.creditOptions, fechaApertura: mexicoCityDate(config.now()) },
        asciiJson,
      );
      return { ok: true, fields: {}, json: `"resultado":${json}` };
    }),
};

/**
 * `POST /api/esb/Cotizador/v1/SegAutoVendor`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, now: () => new Date('2026-01-31T18:00:00Z') });
 * const outcome = await segAutoVendor.run({ solicitud: policySolicitud }, config);
 * outcome.ok; // true
 * ```
 */
export const segAutoVendor: Operation<SegAutoVendorRequest> = {
  validate: validateSegAutoVendor,
  job: 'segAutoVendor',
  run: async (data, config) =>
    runEngine(() => ({
      ok: true,
      fields: { resultado: quoteValidPolicy(data.solicitud, { ...config.policyOptions, fechaInicio: mexicoCityDate(config.now()) }) },
    })),
};

/**
 * `POST /api/esb/ServiciosContribuyentes/obtenerDocumento`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients });
 * const outcome = await obtenerDocumento.run({ lineaCaptura: '0124ABCD5678EFGH9012' }, config, { executor: IN_PROCESS_EXECUTOR });
 * outcome.ok; // true
 * ```
 */
export const obtenerDocumento: Operation<ObtenerDocumentoRequest> = checkingLine({
  validate: validateObtenerDocumento,
  heavy: true,
  job: 'obtenerDocumento',
  run: async ({ lineaCaptura }, config, work) => {
    const record = await config.documents(lineaCaptura);
    if (record === undefined) {
      return {
        ok: false,
        failure: { status: 400, codigoError: 'ERRNEG001', valorIncorrecto: 'lineaCaptura', propiedad: 'pagoNoRegistrado' },
      };
    }
    // The lookup is the bank's system: a malformed record is its error (500), not the caller's.
    if (collectIssues(PaymentRecordSchema, record, '', 1).length > 0 || record.lineaCaptura !== lineaCaptura) {
      return { ok: false, failure: { status: 500, codigoError: 'ERRSER002' } };
    }
    if (work.receipts === undefined) {
      const documento = await work.executor.run({ kind: 'receipt', record, issuer: config.receiptIssuer });
      return { ok: true, fields: { Resultado: { documento } } };
    }
    const { documento, json } = await work.receipts.get(record, config.receiptIssuer, work.executor);
    return { ok: true, fields: { Resultado: { documento } }, json: `"Resultado":{"documento":${json}}` };
  },
});

const BODY_TOO_LARGE: Failure = { status: 400, codigoError: 'ERRESQ004', valorIncorrecto: 'body', propiedad: 'cuerpoExcedeLimite' };

/** Waits for `client`'s next turn of heavy work and takes it at once (its pace counts it); false when its queue is full. */
async function takeTurn(work: Work, client: string): Promise<boolean> {
  const release = await work.lanes?.enter(client);
  release?.();
  return work.lanes === undefined || release !== undefined;
}

/**
 * The head of a protected JSON operation: bearer token with the `update` scope, the client's
 * rate limit, `Content-Type` (JSON, UTF-8, when given), the declared size, and for a body the
 * executor would validate, room in it (else 503 ERRSER003 before the body is read). A failure, or
 * what reads the body: its size, one validation (its first issue), then the operation; a job the
 * executor refuses is 503 ERRSER003 with `Retry-After`.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients });
 * const step = await beginOperation(autoEstrene, config, { method: 'POST', path: '/', headers: {} });
 * 'failure' in step && step.failure.status; // 401
 * ```
 */
export async function beginOperation<T>(
  operation: Operation<T>,
  config: ResolvedConfig,
  head: ServiceRequest,
  work: Work = HERE,
): Promise<PendingOperation | { readonly failure: Failure }> {
  const checked = checkBearer(config, head, [UPDATE_SCOPE]);
  const bearer = checked instanceof Promise ? await checked : checked;
  if ('failure' in bearer) return bearer;
  const seconds = config.rateLimit === undefined ? undefined : await retryAfter(config, bearer.claims.sub);
  if (seconds !== undefined) return { failure: tooManyRequests(seconds) };
  const contentType = headerField(head, 'content-type');
  if (contentType !== undefined) {
    const { type, charset } = mediaType(contentType);
    if (type !== 'application/json' || (charset !== undefined && charset !== 'utf-8')) {
      return { failure: { status: 400, codigoError: 'ERRESQ005', valorIncorrecto: 'Content-Type', propiedad: 'contentTypeJson' } };
    }
  }
  const declared = declaredLength(head);
  if (declared !== undefined && declared > config.maxBodyBytes) return { failure: BODY_TOO_LARGE };
  // A large body is heavy work (read, parsed, validated): it takes its client's turn, as a receipt
  // does, before it is read when its size is declared, else once it is read.
  const sub = bearer.claims.sub;
  const heavyBody = (size: number): boolean => work.lanes !== undefined && size >= HEAVY_BODY_BYTES;
  const paced = declared !== undefined && heavyBody(declared);
  if (paced && !(await takeTurn(work, sub))) return { failure: tooManyRequests(1) };
  const offload = operation.job === undefined ? undefined : work.executor.offloadBodyBytes;
  if (offload !== undefined && declared !== undefined && declared >= offload) {
    const wait = work.executor.busy?.();
    if (wait !== undefined) return { failure: serverBusy(wait) };
  }
  return {
    maxBodyBytes: config.maxBodyBytes,
    async finish(body) {
      const size = bodyBytes(body);
      if (size > config.maxBodyBytes) return { ok: false, failure: BODY_TOO_LARGE };
      if (!paced && heavyBody(size) && !(await takeTurn(work, sub))) return { ok: false, failure: tooManyRequests(1) };
      try {
        // Bytes or text above the executor's threshold (a parsed value has no size: here).
        const parsed =
          offload !== undefined &&
          operation.job !== undefined &&
          size >= offload &&
          (typeof body === 'string' || body instanceof Uint8Array)
            ? ((await work.executor.run({ kind: 'validate', operation: operation.job, body })) as ValidationResult<T>)
            : operation.validate(body, { maxIssues: 1 });
        if (!parsed.success) return { ok: false, failure: { status: 400, ...issueFailure(parsed.issues) } };
        if (operation.heavy !== true || work.lanes === undefined) return await operation.run(parsed.data, config, work);
        const release = await work.lanes.enter(sub);
        if (release === undefined) return { ok: false, failure: tooManyRequests(1) };
        try {
          return await operation.run(parsed.data, config, work);
        } finally {
          release();
        }
      } catch (error) {
        if (error instanceof ExecutorBusy) return { ok: false, failure: serverBusy(error.retryAfterSeconds) };
        throw error;
      }
    },
  };
}
