/**
 * The schedule of a loan with features: unequal periods (an irregular first period, actual-day
 * interest, rolled dates, promotional rates), a grace period, a balloon, planned extra payments
 * (anualidades), prepayments. The rule, row by row (k from 0):
 *
 * 1. interest Iₖ = round_half_up(Sₖ × ρₖ), IVA Vₖ = round_half_up(Iₖ × iva / 100), as always;
 * 2. a grace row (k < grace) pays Iₖ + Vₖ only: capital 0;
 * 3. the first row after the grace, and the row after a `'reducePayment'` prepayment, take the
 *    level payment p̂ₖ (`./annuity.ts`) rounded half-up; any other row holds the payment unless p̂ₖ
 *    drifted `tolerance` cents from it (the rule of `./payment.ts`), and the penultimate row is
 *    balanced against the last (`penultimatePayment`), the balloon set aside;
 * 4. capital = payment − Iₖ − Vₖ within [0, Sₖ − balloon]; the last row takes the whole balance
 *    (the balloon included); the level payment is net of the anualidades' present value
 *    (`./annuity.ts`), and an anualidad Xₖ of the row adds min(Xₖ, what is left) to its capital
 *    (when nothing is left the loan is settled and the table ends there);
 * 5. a prepayment X of period k + 1 adds min(X, what is left) to the row's capital. When nothing
 *    is left the loan is settled and the table ends there. `'reducePayment'` keeps the number of
 *    payments (the next row re-derives the payment); `'reduceTerm'` holds the payment from then on
 *    (raising it only if it would no longer pay the balance off by the planned last row, by the
 *    drift rule) and the table ends at the first row whose payment covers the balance (at the
 *    planned last row at the latest).
 *
 * The arithmetic is passed in ({@link ScheduleOps}): integer cents with float decisions (fast) or
 * decimal.js throughout (`./referenceSchedule.ts`); a property test proves the two identical.
 */
import { Annuity } from './annuity.js';
import { interestVat, periodInterest } from './interest.js';
import type { Rational } from './rate.js';
import { creditError } from './messages.js';

/**
 * How a prepayment changes the rest of the schedule: `'reducePayment'` keeps the number of
 * payments, `'reduceTerm'` keeps the payment.
 *
 * @example
 * ```ts
 * const mode: PrepaymentMode = 'reduceTerm';
 * quoteCredit(solicitud, { prepayments: [{ period: 6, amount: '100000.00', mode }] }).registros.length; // 23
 * ```
 */
export type PrepaymentMode = 'reducePayment' | 'reduceTerm';

/** A prepayment as the schedule takes it: cents of extra capital paid with payment `period` (1-based). */
export interface SchedulePrepayment {
  readonly period: number;
  readonly amount: number;
  readonly mode: PrepaymentMode;
  /** Its position in the caller's list (errors name it). */
  readonly index: number;
}

/** The features of a schedule besides its rates; every field optional. */
export interface ScheduleFeatures {
  /** Periods of interest and IVA only at the start. */
  readonly grace?: number | undefined;
  /** Capital left for the last payment, cents. */
  readonly balloon?: number | undefined;
  /** Prepayments, sorted by period, at most one per period. */
  readonly prepayments?: readonly SchedulePrepayment[] | undefined;
  /** Anualidades: `planned[k]` cents of capital planned with payment k + 1 (none in the grace or the last row). */
  readonly planned?: ArrayLike<number> | undefined;
}

/** The arithmetic a schedule is built with. */
export interface ScheduleOps {
  interest(balance: number, rate: Rational): number;
  vat(interest: number, iva: number): number;
  initial(annuity: Annuity, k: number, balance: number, balloon: number): number;
  rederive(annuity: Annuity, held: number, k: number, balance: number, balloon: number): number;
}

/**
 * The fast arithmetic: exact integer cents, payments decided in float64 unless too close to a
 * boundary (then at 50 digits).
 *
 * @example
 * ```ts
 * fastScheduleOps().interest(1_000_000, { num: 37, den: 2400 }); // 15417
 * ```
 */
export function fastScheduleOps(): ScheduleOps {
  return FAST_OPS;
}

const FAST_OPS: ScheduleOps = Object.freeze({
  interest: periodInterest,
  vat: interestVat,
  initial: (annuity: Annuity, k: number, balance: number, balloon: number) => annuity.initial(k, balance, balloon),
  rederive: (annuity: Annuity, held: number, k: number, balance: number, balloon: number) => annuity.rederive(held, k, balance, balloon),
});

/** Columns of cents and totals, with the prepayment in each row. */
export interface FeatureColumns {
  readonly opening: Float64Array;
  readonly capital: Float64Array;
  readonly interest: Float64Array;
  readonly vat: Float64Array;
  readonly level: Float64Array;
  /** Extra capital prepaid in each row (part of `capital` and `level`). */
  readonly prepaid: Float64Array;
  /** The anualidad paid in each row (part of `capital` and `level`); undefined without anualidades. */
  readonly planned?: Float64Array | undefined;
  readonly totalInterest: number;
  readonly totalVat: number;
  readonly totalLevel: number;
}

/**
 * Of `held` and its two neighbouring cents, the one that leaves the last payment (less the balloon
 * it carries) closest to it, the row's anualidad `planned` paid besides; ties keep `held`.
 */
function balancePenultimate(
  ops: ScheduleOps,
  held: number,
  balance: number,
  interestAndVat: number,
  nextRate: Rational,
  iva: number,
  balloon: number,
  planned: number,
): number {
  let best = held;
  let bestCost = Infinity;
  for (const candidate of [held, held - 1, held + 1]) {
    const capital = candidate - interestAndVat;
    if (capital < 0 || capital > Math.max(0, balance - balloon)) continue;
    const rest = balance - capital - Math.min(planned, balance - capital);
    const i = ops.interest(rest, nextRate);
    const lastPayment = rest + i + ops.vat(i, iva) - Math.min(balloon, rest);
    const cost = Math.abs(lastPayment - candidate);
    if (cost < bestCost) {
      best = candidate;
      bestCost = cost;
    }
  }
  return best;
}

/** The payment a `'reduceTerm'` table holds at row k: the same, unless it no longer pays the balance off by the planned end. */
function holdPayment(ops: ScheduleOps, annuity: Annuity, held: number, k: number, balance: number): number {
  const rederived = ops.rederive(annuity, held, k, balance, 0);
  return Math.max(rederived, held);
}

/** Where a table holding `held` from row `from` on (balance `balance`) ends, at the annuity's end at the latest. */
function heldEnd(
  ops: ScheduleOps,
  annuity: Annuity,
  rates: readonly Rational[],
  iva: number,
  from: number,
  balance: number,
  held: number,
): number {
  const end = annuity.end;
  let s = balance;
  let payment = held;
  for (let k = from; k < end - 1; k++) {
    payment = holdPayment(ops, annuity, payment, k, s);
    const i = ops.interest(s, rates[k] as Rational);
    const a = payment - i - ops.vat(i, iva);
    if (a >= s) return k + 1;
    if (a > 0) s -= a;
  }
  return end;
}

/**
 * Builds the schedule of `rates.length` planned periods with the given features (see the module
 * comment for the rule). Throws `ERRNEG001` naming `loan.prepayments[i].period` for a prepayment
 * that falls after the loan is settled.
 *
 * @example
 * ```ts
 * const monthly = Array.from({ length: 12 }, () => ({ num: 9, den: 800 }));
 * const s = buildFeatureSchedule(28_000_000, monthly, 16, 0.5, { grace: 2 }, fastScheduleOps());
 * s.capital[0]; // 0
 * ```
 */
export function buildFeatureSchedule(
  principal: number,
  rates: readonly Rational[],
  iva: number,
  tolerance: number,
  features: ScheduleFeatures,
  ops: ScheduleOps,
): FeatureColumns {
  const n = rates.length;
  const grace = features.grace ?? 0;
  const balloon = features.balloon ?? 0;
  const prepayments = features.prepayments ?? [];
  const planned = features.planned;
  const plannedColumn = planned === undefined ? undefined : new Float64Array(n);
  const opening = new Float64Array(n);
  const capital = new Float64Array(n);
  const interest = new Float64Array(n);
  const vat = new Float64Array(n);
  const level = new Float64Array(n);
  const prepaid = new Float64Array(n);
  const annuity = new Annuity(rates, iva, tolerance, planned);
  let end = n;
  let balance = principal;
  let held = 0;
  let holding = false;
  let rederiveNext = false;
  let next = 0; // index of the next prepayment
  let totalInterest = 0;
  let totalVat = 0;
  let totalLevel = 0;
  let k = 0;
  for (; k < end; k++) {
    const rate = rates[k] as Rational;
    const i = ops.interest(balance, rate);
    const v = ops.vat(i, iva);
    const last = k === end - 1;
    const prepayment =
      next < prepayments.length && (prepayments[next] as SchedulePrepayment).period === k + 1 ? prepayments[next] : undefined;
    let a: number;
    if (last) a = balance;
    else if (k < grace) a = 0;
    else {
      if (holding) held = holdPayment(ops, annuity, held, k, balance);
      else {
        if (k === grace || rederiveNext) held = ops.initial(annuity, k, balance, balloon);
        else held = ops.rederive(annuity, held, k, balance, balloon);
        if (k === end - 2 && prepayment === undefined) {
          held = balancePenultimate(ops, held, balance, i + v, rates[k + 1] as Rational, iva, balloon, planned?.[k] ?? 0);
        }
      }
      rederiveNext = false;
      // Capital within [0, balance − balloon]: the balloon stays for the last row.
      const upper = balance > balloon ? balance - balloon : 0;
      a = held - i - v;
      if (a < 0) a = 0;
      else if (a > upper) a = upper;
    }
    // The row's anualidad, planned (never in the grace or the last row): capital besides the level payment.
    let x = 0;
    if (planned !== undefined && k >= grace && !last) {
      x = Math.min(planned[k] ?? 0, balance - a);
      a += x;
      (plannedColumn as Float64Array)[k] = x;
    }
    let extra = 0;
    if (prepayment !== undefined) {
      next++;
      extra = Math.min(prepayment.amount, balance - a);
      if (balance - a - extra > 0 && !last) {
        if (prepayment.mode === 'reduceTerm') holding = true;
        else {
          if (holding) {
            // The number of payments stays: the count the held payment needed before this prepayment.
            end = heldEnd(ops, annuity, rates, iva, k + 1, balance - a, held);
            annuity.setEnd(end);
            holding = false;
          }
          rederiveNext = true;
        }
      }
      a += extra;
    }
    opening[k] = balance;
    capital[k] = a;
    interest[k] = i;
    vat[k] = v;
    prepaid[k] = extra;
    const pay = a + i + v;
    level[k] = pay;
    totalInterest += i;
    totalVat += v;
    totalLevel += pay;
    balance -= a;
    if (balance === 0 && (holding || extra > 0 || x > 0)) {
      // Settled by a prepayment or an anualidad, or a held payment covered the balance: the table ends here.
      k++;
      break;
    }
  }
  if (next < prepayments.length) {
    const late = prepayments[next] as SchedulePrepayment;
    throw creditError('ERRNEG001', 'prepagoCreditoLiquidado', `loan.prepayments[${late.index}].period`, { period: late.period, last: k });
  }
  if (!Number.isSafeInteger(totalLevel)) throw creditError('ERRNEG001', 'totalFueraDeRango', 'montoSolicitado');
  const count = k;
  const cut = (column: Float64Array) => (count === n ? column : column.slice(0, count));
  return {
    opening: cut(opening),
    capital: cut(capital),
    interest: cut(interest),
    vat: cut(vat),
    level: cut(level),
    prepaid: cut(prepaid),
    ...(plannedColumn === undefined ? {} : { planned: cut(plannedColumn) }),
    totalInterest,
    totalVat,
    totalLevel,
  };
}
