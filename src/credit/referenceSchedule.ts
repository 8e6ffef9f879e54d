/**
 * The reference schedule: the rule of `./schedule.ts` written plainly in decimal.js, every payment
 * decision taken exactly (`initialPaymentExact`, `rederivedPaymentExact`: 50 digits away from a
 * boundary, integers on it). Slow and obviously right; tests compare the fast path against it
 * cell by cell.
 */
import { Decimal, ROUND_HALF_UP } from '../money/decimal.js';
import { initialPaymentExact, paymentRate, rederivedPaymentExact } from './payment.js';
import type { Schedule, ScheduleSpec } from './schedule.js';
import type { Annuity } from './annuity.js';
import { buildFeatureSchedule, type FeatureColumns, type ScheduleFeatures, type ScheduleOps } from './featureSchedule.js';
import type { Rational } from './rate.js';

/**
 * Builds the schedule with decimal.js only.
 *
 * @example
 * ```ts
 * buildReferenceSchedule({ principal: 1_000_000, count: 4, periodic: { num: 37, den: 2400 }, iva: 16 }).level[0]; // 261276
 * ```
 */
export function buildReferenceSchedule(spec: ScheduleSpec, tolerance = 0.5): Schedule {
  const { count, iva } = spec;
  const rate = paymentRate(spec.periodic, iva, tolerance);
  // Multiply, then divide: a product with the rate rounded to 50 digits can turn an exact half
  // cent (balance × num / den = n + ½) into n + 0.4999…, which rounds the other way.
  const periodicInterest = (balance: Decimal): Decimal =>
    balance.mul(spec.periodic.num).div(spec.periodic.den).toDecimalPlaces(0, ROUND_HALF_UP);
  const opening = new Float64Array(count);
  const capital = new Float64Array(count);
  const interest = new Float64Array(count);
  const vat = new Float64Array(count);
  const level = new Float64Array(count);
  let balance = new Decimal(spec.principal);
  let held = initialPaymentExact(spec.principal, count, rate);
  let totalInterest = new Decimal(0);
  let totalVat = new Decimal(0);
  let totalLevel = new Decimal(0);
  for (let k = 0; k < count; k++) {
    if (k > 0 && k < count - 1) held = rederivedPaymentExact(held, balance.toNumber(), count - k, rate);
    const i = periodicInterest(balance);
    const v = i.mul(iva).div(100).toDecimalPlaces(0, ROUND_HALF_UP);
    if (k === count - 2) {
      // Of held and its two neighbours, the one that leaves the last payment closest to it.
      let bestCost: Decimal | undefined;
      let best = held;
      for (const candidate of [held, held - 1, held + 1]) {
        const a = new Decimal(candidate).sub(i).sub(v);
        if (a.isNegative() || a.gt(balance)) continue;
        const rest = balance.sub(a);
        const lastInterest = periodicInterest(rest);
        const lastPayment = rest.add(lastInterest).add(lastInterest.mul(iva).div(100).toDecimalPlaces(0, ROUND_HALF_UP));
        const cost = lastPayment.sub(candidate).abs();
        if (bestCost === undefined || cost.lt(bestCost)) {
          bestCost = cost;
          best = candidate;
        }
      }
      held = best;
    }
    let a = k === count - 1 ? balance : new Decimal(held).sub(i).sub(v);
    a = Decimal.max(0, Decimal.min(a, balance));
    opening[k] = balance.toNumber();
    capital[k] = a.toNumber();
    interest[k] = i.toNumber();
    vat[k] = v.toNumber();
    level[k] = a.add(i).add(v).toNumber();
    totalInterest = totalInterest.add(i);
    totalVat = totalVat.add(v);
    totalLevel = totalLevel.add(a).add(i).add(v);
    balance = balance.sub(a);
  }
  return {
    opening,
    capital,
    interest,
    vat,
    level,
    totalInterest: totalInterest.toNumber(),
    totalVat: totalVat.toNumber(),
    totalLevel: totalLevel.toNumber(),
  };
}

/** Every decision at 50 digits and every amount in decimal.js: the reference arithmetic. */
const REFERENCE_OPS: ScheduleOps = Object.freeze({
  interest: (balance: number, rate: Rational) =>
    new Decimal(balance).mul(rate.num).div(rate.den).toDecimalPlaces(0, ROUND_HALF_UP).toNumber(),
  vat: (interest: number, iva: number) => new Decimal(interest).mul(iva).div(100).toDecimalPlaces(0, ROUND_HALF_UP).toNumber(),
  initial: (annuity: Annuity, k: number, balance: number, balloon: number) => annuity.initialExact(k, balance, balloon),
  rederive: (annuity: Annuity, held: number, k: number, balance: number, balloon: number) =>
    annuity.rederiveExact(held, k, balance, balloon),
});

/**
 * The schedule of a loan with features (`./featureSchedule.ts`) with every amount and decision in
 * decimal.js.
 *
 * @example
 * ```ts
 * const monthly = Array.from({ length: 12 }, () => ({ num: 9, den: 800 }));
 * buildReferenceFeatureSchedule(28_000_000, monthly, 16, 0.5, { grace: 2 }).capital[1]; // 0
 * ```
 */
export function buildReferenceFeatureSchedule(
  principal: number,
  rates: readonly Rational[],
  iva: number,
  tolerance: number,
  features: ScheduleFeatures,
): FeatureColumns {
  return buildFeatureSchedule(principal, rates, iva, tolerance, features, REFERENCE_OPS);
}
