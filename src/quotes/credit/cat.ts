/**
 * The CAT of a scheduled credit quote: Banxico's payment flows (each payment without VAT, plus the
 * insurance the CAT counts), solved over evenly spaced periods (`src/cat/periodic.ts`) or at the
 * payments' dates (`src/cat/dated.ts`); above the publishable ceiling, the error names the
 * credit's field that causes it (the charges at opening, the insurance in the payments, the rate).
 */
import { QuoteError } from '../../errors/quoteError.js';
import { solveDatedCat } from '../../cat/dated.js';
import { solvePeriodicCat, type PeriodicCat } from '../../cat/periodic.js';
import { catTiming, type CatTiming } from '../../credit/calendar.js';
import type { CreditConventions } from '../../credit/conventions.js';
import type { LoanSchedule } from '../../credit/loan.js';
import { quotesError } from '../messages.js';
import type { CreditPlan } from './plan.js';
import { paymentsBuffer } from './schedule.js';

/**
 * Each payment without VAT, plus the insurance the CAT counts: Banxico's payment flows. The
 * periodic charges and the insurance on the balance (`src/credit/captive.ts`) enter without their
 * IVA, as a periodic commission and required insurance do. Written into the quote's working
 * buffer (`paymentsBuffer`): the next quote overwrites it.
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * import { schedulePlan } from './schedule.js';
 * const plan = planCredit({ ...solicitud, generaTablaPagos: false }, DEFAULT_CREDIT_CONVENTIONS);
 * const schedule = schedulePlan(plan);
 * catPayments(schedule, plan.cat.insurance)[0] === (schedule.capital[0] as number) + (schedule.interest[0] as number); // true (no insurance in the payments)
 * ```
 */
export function catPayments(schedule: LoanSchedule, insurance: readonly number[] | undefined, withCharges = true): Float64Array {
  const n = schedule.level.length;
  // In the working buffer after the schedule's columns (n ≤ MAX_PAYMENTS).
  const out = paymentsBuffer(n);
  const { capital, interest, charges } = schedule;
  for (let k = 0; k < n; k++) out[k] = (capital[k] as number) + (interest[k] as number) + (insurance?.[k] ?? 0);
  if (charges !== undefined && withCharges) {
    const { commission, life, unemployment } = charges;
    for (let k = 0; k < n; k++) out[k] = (out[k] as number) + (commission[k] as number) + (life[k] as number) + (unemployment[k] as number);
  }
  return out;
}

/**
 * When the quote's payments fall for the CAT, under `conventions.catTimeBasis`: evenly spaced
 * (a period in years) or at times in units of a year (`src/credit/calendar.ts`).
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * import { schedulePlan } from './schedule.js';
 * const plan = planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS);
 * quoteCatTiming(plan, schedulePlan(plan), DEFAULT_CREDIT_CONVENTIONS); // { even: true, period: { num: 1, den: 12 } }
 * ```
 */
export function quoteCatTiming(plan: CreditPlan, schedule: LoanSchedule, conventions: CreditConventions): CatTiming {
  // Only the 'actual365' times read the dates (reading them computes them on the plain path).
  return catTiming(plan.loan, conventions.catTimeBasis, conventions.catTimeBasis === 'actual365' ? schedule.dates : []);
}

/** Banxico's equation over the flows as scheduled: evenly spaced payments, or payments at their dates. */
function solveFlows(
  plan: CreditPlan,
  schedule: LoanSchedule,
  payments: Float64Array,
  disbursement: number,
  conventions: CreditConventions,
): PeriodicCat {
  const timing = quoteCatTiming(plan, schedule, conventions);
  // Newton starts at the loan's periodic interest rate: the payments without IVA discounted at it
  // are worth the principal, at least the disbursement, so it lies at (or next to) the root's
  // right in discount factor, where Newton climbs monotonically (`solveDiscountFactor`).
  const periodic = schedule.periodicRate;
  if (timing.even) return solvePeriodicCat({ disbursement, payments, period: timing.period, hint: periodic.num / periodic.den });
  const n = payments.length;
  return solveDatedCat({
    disbursement,
    payments,
    times: timing.times.length === n ? timing.times : timing.times.subarray(0, n),
    unitsPerYear: timing.unitsPerYear,
  });
}

/**
 * The CAT of the quote; above the ceiling, `ERRNEG001` naming what causes it ({@link ceilingError}).
 * `insurance` is what the CAT counts in each payment (the plan's, settled when a prepayment ended
 * the table early).
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * import { schedulePlan } from './schedule.js';
 * const plan = planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS);
 * solveCat(plan, schedulePlan(plan), plan.cat.insurance, DEFAULT_CREDIT_CONVENTIONS).tenths; // 168 (the CAT of quoteCredit(solicitud): '16.8')
 * ```
 */
export function solveCat(
  plan: CreditPlan,
  schedule: LoanSchedule,
  insurance: readonly number[] | undefined,
  conventions: CreditConventions,
): PeriodicCat {
  const payments = catPayments(schedule, insurance);
  try {
    return solveFlows(plan, schedule, payments, plan.cat.disbursement, conventions);
  } catch (error) {
    if (error instanceof QuoteError && error.messageId === 'catExcedeTecho') throw ceilingError(plan, schedule, insurance, conventions);
    throw error;
  }
}

/**
 * What puts a CAT above its ceiling, as the field to name: the charges at opening when the CAT of
 * the whole amount financed (the same payments) is below the ceiling — the largest of the opening
 * commission, the life and damage premiums paid up front and the insurer's package paid at opening;
 * else the insurance in the payments when the payments without it stay below it — external
 * insurance (`importeSeguros`) or the insurer's financed package (`informacionSeguro`), the larger;
 * else the captive charges when the loan's own payments alone stay below it — the periodic charges
 * (`options.periodicCharges`) or the insurance on the balance (`options.balanceInsurance`), the
 * larger without IVA; else the rate (`tasa`).
 */
function ceilingError(
  plan: CreditPlan,
  schedule: LoanSchedule,
  insurance: readonly number[] | undefined,
  conventions: CreditConventions,
): QuoteError {
  const within = (payments: Float64Array, disbursement: number): boolean => {
    try {
      solveFlows(plan, schedule, payments, disbursement, conventions);
      return true;
    } catch {
      return false;
    }
  };
  const params = { ceiling: '100,000,000,000.0' };
  const principal = plan.loan.principal;
  if (plan.cat.disbursement < principal && within(catPayments(schedule, insurance), principal)) {
    const policyUpfront =
      plan.upfrontCharges - plan.pricing.commission - plan.pricing.commissionVat - plan.importeCatSegVida - plan.importeCatSegDanio;
    const items: [string, number][] = [
      ['comisiones', plan.pricing.commission],
      ['importeCatSegVida', plan.importeCatSegVida],
      ['importeCatSegDanio', plan.importeCatSegDanio],
      ['informacionSeguro', policyUpfront],
    ];
    const [field] = items.reduce((best, item) => (item[1] > best[1] ? item : best));
    return quotesError('ERRNEG001', 'catTechoCargos', field, params);
  }
  if (insurance !== undefined && within(catPayments(schedule, undefined), principal)) {
    const external = (plan.externalColumn ?? []).reduce((sum, x) => sum + x, 0);
    const total = insurance.reduce((sum, x) => sum + x, 0);
    return quotesError('ERRNEG001', 'catTechoSeguros', external * 2 >= total ? 'importeSeguros' : 'informacionSeguro', params);
  }
  const charges = schedule.charges;
  if (charges !== undefined && within(catPayments(schedule, undefined, false), principal)) {
    const sum = (column: Float64Array): number => column.reduce((total, x) => total + x, 0);
    const periodic = sum(charges.commission);
    const balance = sum(charges.life) + sum(charges.unemployment);
    return quotesError(
      'ERRNEG001',
      'catTechoCargosPeriodicos',
      periodic >= balance ? 'options.periodicCharges' : 'options.balanceInsurance',
      params,
    );
  }
  return quotesError('ERRNEG001', 'catTechoTasa', 'tasa', params);
}
