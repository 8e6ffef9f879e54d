/**
 * Heavy work and where it runs. A request that can cost milliseconds of CPU (a receipt's PDF, the
 * validation of a large body) is a {@link Job}; the service hands it to an {@link Executor}. The
 * service is portable, so its default executor runs every job in the caller's thread, as before;
 * `cotizador/node` provides one that runs them on a bounded pool of worker threads
 * (`createWorkerPool`), whose jobs may be refused when its queue is full ({@link ExecutorBusy}:
 * the client gets 503 ERRSER003 with `Retry-After`). {@link runJob} is what both run.
 */
import type { PaymentRecord } from '../contracts/taxpayer.js';
import { validateAutoEstrene, validateObtenerDocumento, validateSegAutoVendor, type ValidationOptions } from '../contracts/requests.js';
import { renderReceiptBase64, type ReceiptIssuer } from '../documents/receipt.js';
import type { ValidationResult } from '../validation/validate.js';

/**
 * The operations whose bodies a job can validate, by their route's name.
 *
 * @example
 * ```ts
 * const name: ValidatedOperation = 'autoEstrene';
 * ```
 */
export type ValidatedOperation = 'autoEstrene' | 'segAutoVendor' | 'obtenerDocumento';

const VALIDATORS: Readonly<Record<ValidatedOperation, (body: unknown, options: ValidationOptions) => ValidationResult<unknown>>> = {
  autoEstrene: validateAutoEstrene,
  segAutoVendor: validateSegAutoVendor,
  obtenerDocumento: validateObtenerDocumento,
};

/**
 * One piece of heavy work, as plain data (it may cross to another thread): render a receipt (its
 * base64), or validate an operation's body (the first issue, as the envelope reports it).
 *
 * @example
 * ```ts
 * const job: Job = { kind: 'validate', operation: 'autoEstrene', body: '{"solicitud":{}}' };
 * ```
 */
export type Job =
  | { readonly kind: 'receipt'; readonly record: PaymentRecord; readonly issuer: ReceiptIssuer | undefined }
  | { readonly kind: 'validate'; readonly operation: ValidatedOperation; readonly body: Uint8Array | string };

/**
 * What a job gives: a receipt's base64 text, a validation's result.
 *
 * @example
 * ```ts
 * const documento: JobOutput<{ kind: 'receipt'; record: PaymentRecord; issuer: undefined }> = 'JVBERi0x';
 * ```
 */
export type JobOutput<J extends Job> = J extends { readonly kind: 'receipt' } ? string : ValidationResult<unknown>;

/**
 * Runs a job here, in the caller's thread: what every executor does in the end (the worker pool's
 * threads call it too).
 *
 * @example
 * ```ts
 * const result = await runJob({ kind: 'validate', operation: 'autoEstrene', body: '{"solicitud":{}}' });
 * result.success; // false
 * ```
 */
export async function runJob<J extends Job>(job: J): Promise<JobOutput<J>> {
  if (job.kind === 'receipt') return (await renderReceiptBase64(job.record, { issuer: job.issuer })) as JobOutput<J>;
  return VALIDATORS[job.operation](job.body, { maxIssues: 1 }) as JobOutput<J>;
}

/**
 * Why an executor refused a job: it has as much waiting as it may hold. The client is told to
 * come back after `retryAfterSeconds` (503 ERRSER003 with `Retry-After`).
 *
 * @example
 * ```ts
 * const busy = new ExecutorBusy(2);
 * busy.retryAfterSeconds; // 2
 * ```
 */
export class ExecutorBusy extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`executor busy: retry after ${retryAfterSeconds} s`);
    this.name = 'ExecutorBusy';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * Where the service runs its heavy work. `run` resolves with the job's output, or rejects with
 * {@link ExecutorBusy} (refused: too much waiting) or the job's own error. `turn` resolves when a
 * cheap answer to a heavy route (a cached receipt) may be given: an executor that lets such
 * answers wait their turn behind the other requests keeps a client asking for receipts as fast
 * as it can from crowding out everyone else (it may also reject with {@link ExecutorBusy}).
 * `offloadBodyBytes`: bodies of at least this many bytes are validated with a `validate` job
 * (undefined: every body in the caller's thread). `busy()`: the seconds a new job would be told
 * to wait now, or undefined when it would be taken (asked from a request's head, so a large body
 * is refused before it is read).
 *
 * @example
 * ```ts
 * const here: Executor = { run: runJob, turn: async () => {} };
 * (await here.run({ kind: 'validate', operation: 'obtenerDocumento', body: '{}' })).success; // false
 * ```
 */
export interface Executor {
  run<J extends Job>(job: J): Promise<JobOutput<J>>;
  turn(): Promise<void>;
  readonly offloadBodyBytes?: number | undefined;
  busy?(): number | undefined;
}

/**
 * The default executor: every job in the caller's thread, nothing refused.
 *
 * @example
 * ```ts
 * IN_PROCESS_EXECUTOR.offloadBodyBytes; // undefined
 * ```
 */
export const IN_PROCESS_EXECUTOR: Executor = Object.freeze({
  run: runJob,
  turn: () => Promise.resolve(),
  offloadBodyBytes: undefined,
});

/**
 * Whether a value is an executor (the configuration check).
 *
 * @example
 * ```ts
 * isExecutor(IN_PROCESS_EXECUTOR); // true
 * isExecutor({}); // false
 * ```
 */
export function isExecutor(value: unknown): value is Executor {
  const candidate = value as Partial<Executor> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.run === 'function' &&
    typeof candidate.turn === 'function' &&
    (candidate.offloadBodyBytes === undefined || (Number.isSafeInteger(candidate.offloadBodyBytes) && candidate.offloadBodyBytes >= 0)) &&
    (candidate.busy === undefined || typeof candidate.busy === 'function')
  );
}
