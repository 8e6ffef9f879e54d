/**
 * The credit quote's CAT explained: the very flows the quote solved (`./cat.ts`: the disbursement
 * net of the charges at opening, each payment without IVA with the insurance and charges the CAT
 * counts, at the times of `catTimeBasis`), proven by `src/cat/explain.ts`, with what the proof
 * needs to be read: the disbursement's netting, each payment's parts, the time basis, and every
 * charge of the credit with whether the CAT counts it and why.
 */
import { invariant } from '../../errors/quoteError.js';
import { messageRef } from '../../errors/catalog.js';
import { formatCents } from '../../money/cents.js';
import { shortestIn } from '../../cat/rateText.js';
import { explainFlows, type CatProof, type FlowToExplain, type PresentValueColumn } from '../../cat/explain.js';
import type { CatTimeBasis, CreditConventions } from '../../credit/conventions.js';
import type { LoanSchedule } from '../../credit/loan.js';
import { promotionSubsidy } from '../../credit/subsidy.js';
import { QUOTES_MESSAGES } from '../messages.js';
import { catPayments, quoteCatTiming, solveCat } from './cat.js';
import type { CreditPlan, NettedChargeField } from './plan.js';
import { settleExtras } from './result.js';

/**
 * A charge of the credit and the CAT: `entered` at opening (netted from the disbursement), in the
 * payments, or not at all, and the reason (a code; `docs/cat.md` lists them).
 *
 * @example
 * ```ts
 * const vat: CatCharge = { item: 'commissionVat', field: 'comisiones', amount: '934.40', entered: 'no', reason: 'iva' };
 * ```
 */
export interface CatCharge {
  readonly item:
    | 'commission'
    | 'commissionVat'
    | 'upfrontLifeInsurance'
    | 'upfrontDamageInsurance'
    | 'policyAtOpening'
    | 'financedPolicy'
    | 'externalInsurance'
    | 'interestVat'
    | 'periodicCharges'
    | 'periodicChargesVat'
    | 'balanceLifeInsurance'
    | 'balanceUnemploymentInsurance'
    | 'balanceUnemploymentVat'
    | 'capitalisedInterest'
    | 'dealerSubsidy';
  /** The request's field (or option) that sets it. */
  readonly field: string;
  /** Its total over the credit, two-decimal text. */
  readonly amount: string;
  readonly entered: 'atOpening' | 'inPayments' | 'no';
  readonly reason:
    | 'netAtOpening'
    | 'requiredInsurance'
    | 'periodicCharge'
    | 'capitalisedInterest'
    | 'iva'
    | 'externalInsuranceExcluded'
    | 'notCharged'
    | 'notPaidByBorrower';
}

/**
 * The explanation of a credit quote's CAT: the proof ({@link CatProof}; flows numbered 0 for the
 * disbursement, k for payment k) and what the credit adds to it.
 *
 * @example
 * ```ts
 * const e: CreditCatExplanation = explainCat(solicitud);
 * [e.percent, e.timeBasis.basis, e.disbursement.amount]; // ['16.8', 'periods', '283360.00']
 * ```
 */
export interface CreditCatExplanation extends CatProof {
  /** At the tenth's lower boundary: always there, a credit's CAT being at least 0. */
  readonly lower: PresentValueColumn;
  /** How the payments' times were counted: evenly (`period` years apart) or at `unitsPerYear` units a year. */
  readonly timeBasis: { readonly basis: CatTimeBasis; readonly period?: string; readonly unitsPerYear?: number };
  /** The flow at t = 0: the amount financed less the charges netted from it, in the documented order. */
  readonly disbursement: {
    readonly amountFinanced: string;
    readonly netted: readonly { readonly field: NettedChargeField; readonly amount: string }[];
    readonly amount: string;
  };
  /** Each payment's parts without IVA (payment k at index k − 1): they add up to its flow. */
  readonly payments: readonly {
    readonly capital: string;
    readonly interest: string;
    readonly insurance: string;
    readonly charges: string;
  }[];
  /** Every charge of the credit, and whether and how the CAT counts it. */
  readonly charges: readonly CatCharge[];
}

const sum = (column: ArrayLike<number> | undefined): number => {
  let total = 0;
  for (let k = 0; k < (column?.length ?? 0); k++) total += (column as ArrayLike<number>)[k] as number;
  return total;
};

/** Every charge of the plan with its place in the CAT (see {@link CatCharge}). */
function chargesOf(
  plan: CreditPlan,
  schedule: LoanSchedule,
  settled: ReturnType<typeof settleExtras>[0],
  conventions: CreditConventions,
): CatCharge[] {
  const out: CatCharge[] = [];
  const add = (item: CatCharge['item'], field: string, cents: number, entered: CatCharge['entered'], reason: CatCharge['reason']) =>
    out.push({ item, field, amount: formatCents(cents), entered, reason });
  const { pricing, terms } = plan;
  add('commission', 'comisiones', pricing.commission, 'atOpening', 'netAtOpening');
  if (pricing.commissionVat > 0) add('commissionVat', 'comisiones', pricing.commissionVat, 'no', 'iva');
  if (plan.importeCatSegVida > 0)
    add('upfrontLifeInsurance', 'importeCatSegVida', plan.importeCatSegVida, 'atOpening', 'requiredInsurance');
  if (plan.importeCatSegDanio > 0)
    add('upfrontDamageInsurance', 'importeCatSegDanio', plan.importeCatSegDanio, 'atOpening', 'requiredInsurance');
  const external = terms.indSeguro === 1 ? plan.importeSeguros : 0;
  if (plan.insurance !== undefined && terms.tipoSeguro === 1) {
    add('policyAtOpening', 'informacionSeguro', plan.insurance.damage + plan.insurance.life, 'atOpening', 'requiredInsurance');
  } else if (plan.insurance !== undefined) {
    add('financedPolicy', 'informacionSeguro', sum(settled.damage) + sum(settled.life) - external, 'inPayments', 'requiredInsurance');
  }
  if (terms.indSeguro === 1) {
    const inCat = conventions.externalInsuranceInCat;
    add(
      'externalInsurance',
      'importeSeguros',
      external,
      inCat ? 'inPayments' : 'no',
      inCat ? 'requiredInsurance' : 'externalInsuranceExcluded',
    );
  } else if (plan.importeSeguros > 0) add('externalInsurance', 'importeSeguros', plan.importeSeguros, 'no', 'notCharged');
  add('interestVat', 'iva', sum(schedule.vat), 'no', 'iva');
  const charges = schedule.charges;
  if (charges !== undefined) {
    if (plan.loan.periodicCharge !== undefined) {
      add('periodicCharges', 'options.periodicCharges', sum(charges.commission), 'inPayments', 'periodicCharge');
      if (sum(charges.commissionVat) > 0) add('periodicChargesVat', 'options.periodicCharges', sum(charges.commissionVat), 'no', 'iva');
    }
    if (sum(charges.life) > 0)
      add('balanceLifeInsurance', 'options.balanceInsurance', sum(charges.life), 'inPayments', 'requiredInsurance');
    if (sum(charges.unemployment) > 0) {
      add('balanceUnemploymentInsurance', 'options.balanceInsurance', sum(charges.unemployment), 'inPayments', 'requiredInsurance');
      if (sum(charges.unemploymentVat) > 0)
        add('balanceUnemploymentVat', 'options.balanceInsurance', sum(charges.unemploymentVat), 'no', 'iva');
    }
  }
  if (schedule.capitalised !== undefined && schedule.capitalised > 0) {
    add('capitalisedInterest', 'options.deferral', schedule.capitalised, 'inPayments', 'capitalisedInterest');
  }
  if (plan.loan.promotions !== undefined) {
    add('dealerSubsidy', 'options.promotions', promotionSubsidy(plan.loan, schedule), 'no', 'notPaidByBorrower');
  }
  return out;
}

/** The solver's rate as decimal text: 0 when the flows balance, else about 12 significant digits of it. */
function rateOf(rate: number, payments: Float64Array, disbursement: number): string {
  if (sum(payments) === disbursement) return '0';
  const slack = 1e-12 * Math.max(1, Math.abs(rate));
  return shortestIn(rate - slack, rate + slack);
}

/**
 * The explanation of the CAT of a planned and scheduled credit ({@link CreditCatExplanation}),
 * from the flows `solveCat` solves; throws what the quote throws (the CAT's ceiling included).
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * import { schedulePlan } from './schedule.js';
 * const plan = planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS);
 * const e = explainPlanCat(plan, schedulePlan(plan), DEFAULT_CREDIT_CONVENTIONS, 12);
 * [e.boundaries, e.lower.sign, e.upper.sign, e.holds]; // [{ lower: '16.75', upper: '16.85' }, 1, -1, true]
 * ```
 */
export function explainPlanCat(
  plan: CreditPlan,
  schedule: LoanSchedule,
  conventions: CreditConventions,
  digits: number,
): CreditCatExplanation {
  const n = schedule.level.length;
  const [settled, insurance] = settleExtras(plan, n, conventions);
  const cat = solveCat(plan, schedule, insurance, conventions);
  const payments = Float64Array.from(catPayments(schedule, insurance));
  const disbursement = plan.cat.disbursement;
  const timing = quoteCatTiming(plan, schedule, conventions);
  const years = (k: number): { num: bigint; den: bigint; text: string } =>
    timing.even
      ? { num: BigInt(k * timing.period.num), den: BigInt(timing.period.den), text: `${k * timing.period.num}/${timing.period.den}` }
      : {
          num: BigInt(timing.times[k - 1] as number),
          den: BigInt(timing.unitsPerYear),
          text: `${timing.times[k - 1]}/${timing.unitsPerYear}`,
        };
  const cents = (amount: number) => ({ num: BigInt(amount), den: 100n });
  const flows: FlowToExplain[] = [
    {
      kind: 'disbursement',
      index: 0,
      amount: cents(-disbursement),
      time: { num: 0n, den: 1n },
      years: '0',
      text: formatCents(disbursement),
    },
  ];
  const parts: CreditCatExplanation['payments'][number][] = [];
  const { capital, interest, charges } = schedule;
  for (let k = 1; k <= n; k++) {
    const time = years(k);
    flows.push({
      kind: 'payment',
      index: k,
      amount: cents(payments[k - 1] as number),
      time: { num: time.num, den: time.den },
      years: time.text,
      text: formatCents(payments[k - 1] as number),
    });
    const extra =
      charges === undefined
        ? 0
        : (charges.commission[k - 1] as number) + (charges.life[k - 1] as number) + (charges.unemployment[k - 1] as number);
    const [c, i, r] = [capital[k - 1] as number, interest[k - 1] as number, insurance?.[k - 1] ?? 0];
    invariant(c + i + r + extra === payments[k - 1], messageRef(QUOTES_MESSAGES, 'flujoCatNoSuma'));
    parts.push({ capital: formatCents(c), interest: formatCents(i), insurance: formatCents(r), charges: formatCents(extra) });
  }
  const proof = explainFlows(flows, cat.tenths, rateOf(cat.rate, payments, disbursement), digits);
  const lower = proof.lower;
  invariant(proof.holds && lower !== undefined, messageRef(QUOTES_MESSAGES, 'catNoDemostrado'));
  const netted = plan.cat.netted.map(([field, amount]) => ({ field, amount: formatCents(amount) }));
  return {
    ...proof,
    lower: lower as PresentValueColumn,
    timeBasis: timing.even
      ? { basis: conventions.catTimeBasis, period: `${timing.period.num}/${timing.period.den}` }
      : { basis: conventions.catTimeBasis, unitsPerYear: timing.unitsPerYear },
    disbursement: { amountFinanced: formatCents(plan.loan.principal), netted, amount: formatCents(disbursement) },
    payments: parts,
    charges: chargesOf(plan, schedule, settled, conventions),
  };
}
