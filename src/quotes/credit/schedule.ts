/**
 * Scheduling a planned credit: the plan's loan scheduled by the credit core
 * (`src/credit/loan.ts`) into the quote's working buffer, which every quote reuses; after the
 * schedule's columns the buffer holds the CAT's payments (`./cat.ts`).
 */
import { QuoteError, withField } from '../../errors/quoteError.js';
import { scheduleLoanInto, type Loan, type LoanSchedule } from '../../credit/loan.js';
import { scheduleColumns, type ScheduleColumns } from '../../credit/schedule.js';

/** The most payments a loan has (`plazo` 1–999): the bound of the quote's working buffer. */
const MAX_PAYMENTS = 999;

/**
 * The quote's working buffer, allocated on the first quote and reused by every later one: the five
 * columns of a plain loan's schedule (`scheduleLoanInto`) and, after them, the CAT's payments; with
 * the views of the last count of payments quoted. A quote reads them and drops them before it
 * returns (the response holds only text), and quotes do not nest, so no two quotes ever see it at
 * once.
 */
interface Workspace {
  readonly buffer: Float64Array;
  readonly count: number;
  readonly columns: ScheduleColumns;
  readonly payments: Float64Array;
}

// Speed: one buffer for every quote's schedule columns and CAT payments instead of fresh typed arrays
// per quote (a typed array's backing store is allocated outside the heap); buys 1.7–1.9 µs of 3.3–3.4
// µs per summary quote and 2.3–3.1 µs of 12.3–12.7 µs per table quote at 60 payments (A/B on npm run
// bench's credit60 summary and table, 2026-11-26, 62d6257).
let workspace: Workspace | undefined;

/** The workspace's views for `count` payments (1 … MAX_PAYMENTS). */
function workspaceFor(count: number): Workspace {
  if (workspace?.count !== count) {
    const buffer = workspace?.buffer ?? new Float64Array(6 * MAX_PAYMENTS);
    const payments = buffer.subarray(5 * MAX_PAYMENTS, 5 * MAX_PAYMENTS + count);
    workspace = { buffer, count, columns: scheduleColumns(buffer, count), payments };
  }
  return workspace;
}

/**
 * Schedules the plan's loan in the working buffer; the core names a prepayment
 * `loan.prepayments[i]`, the caller knows it as `options.prepayments[i]`. The schedule's columns
 * are views of the buffer: read them before the next quote.
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * const schedule = schedulePlan(planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS));
 * [schedule.level.length, schedule.level[0]]; // [36, 1_021_691] (36 payments of 10,216.91: pagoMensual of quoteCredit(solicitud))
 * ```
 */
export function schedulePlan(plan: { readonly loan: Loan }): LoanSchedule {
  const payments = plan.loan.payments;
  return scheduleCreditLoan(plan.loan, payments >= 1 && payments <= MAX_PAYMENTS ? workspaceFor(payments).columns : undefined);
}

/**
 * Schedules a credit's loan (in `columns` when given, else in fresh arrays), a prepayment the core
 * refuses named as the caller's `options.prepayments[i]`: {@link schedulePlan}'s step, for a step
 * of planning that needs the schedule too (the life premium's balances).
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * scheduleCreditLoan(planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS).loan).level[0]; // 1_021_691
 * ```
 */
export function scheduleCreditLoan(loan: Loan, columns?: ScheduleColumns): LoanSchedule {
  try {
    return scheduleLoanInto(loan, columns);
  } catch (error) {
    if (error instanceof QuoteError && error.valorIncorrecto?.startsWith('loan.prepayments') === true) {
      throw withField(error, `options.${error.valorIncorrecto.slice('loan.'.length)}`);
    }
    throw error;
  }
}

/**
 * The working buffer's `count` payments after the schedule's columns (`count` ≤ 999), where the
 * CAT's payment flows are written. Overwritten by the next quote.
 *
 * @example
 * ```ts
 * paymentsBuffer(60).length; // 60
 * ```
 */
export function paymentsBuffer(count: number): Float64Array {
  return workspaceFor(count).payments;
}
