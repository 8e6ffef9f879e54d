/**
 * The captive structures of the credit quote, exactly, from docs/credit.md ("Captive
 * structures") and docs/conventions.md ("Captive structures"): the options read and checked
 * (business errors only, by code; the schema's formats are the generator's), the anualidades by
 * period, the deferred periods' capitalisation, the charges and premiums of each row, and the
 * dealer's subsidy of a promotion.
 *
 * Readings of the docs this file takes (docs/oracle.md, "Readings where the docs are silent"):
 * the months of an anualidad are read on the due dates as stepped, 1-based payments after the grace
 * and before the last; the percent of an anualidad is of the amount financed (before a deferral's
 * capitalisation); the checks run in the order of the docs' list (anualidades' entries one by one,
 * then the total, then 'reduceTerm'; promotions stage by stage; deferral; life insurance); the
 * periodic charges' IVA is one rounding of their sum a row.
 */
import { type Day, ymdOf } from './calendar.js';
import { type Q, centsOf, fromDecimal, q, roundHalfUp } from './rational.js';

export interface AnualidadQuestion {
  readonly amount?: string;
  readonly percent?: string;
  readonly period?: number;
  readonly months?: readonly number[];
}

export interface CaptiveQuestion {
  readonly anualidades?: readonly AnualidadQuestion[];
  readonly promotions?: readonly { periods: number; tasa: string }[];
  readonly deferral?: { periods: number };
  readonly periodicCharges?: readonly { amount: string }[];
  readonly balanceInsurance?: { lifePerThousand?: string; unemploymentPerThousand?: string };
}

/** What the captive options read of the rest of the quote. */
export interface CaptiveFacts {
  /** The due dates as stepped (from the opening date, a first payment date or after a deferral), before any roll. */
  readonly stepped: readonly Day[];
  readonly n: number;
  readonly principal: bigint;
  /** The credit's annual rate, a fraction. */
  readonly tasa: Q;
  readonly grace: number;
  readonly balloon: bigint;
  readonly firstPaymentDate: boolean;
  readonly reduceTerm: boolean;
  readonly tipoSeguro: number;
  readonly upfrontLife: bigint;
}

export interface CaptiveTerms {
  /** Cents by 1-based period. */
  readonly anualidades: Map<number, bigint>;
  /** Annual rates (fractions) of the first periods, one per promotional period. */
  readonly promotional: Q[];
  readonly deferral: number;
  /** Σ of the periodic charges, cents without IVA (0: none). */
  readonly charge: bigint;
  /** Rates per thousand (as their value), or undefined. */
  readonly life?: Q;
  readonly unemployment?: Q;
}

/**
 * The captive options, or the code of the rule they break, checked in the docs' order: the
 * promotions stage by stage (its periods 1 … plazo, ERRESQ004; its rate at most the credit's and
 * the total at most the term, ERRNEG001), the deferral (1–12, ERRESQ004; not with a grace, a first
 * payment date or tipoSeguro 2), the anualidades entry by entry (a percent worth at least a cent;
 * a period 1 … plazo − 1, ERRESQ004, after the grace; distinct months selecting some payment; one a
 * payment), their total with the balloon, the prepayments' mode, then life insurance.
 */
export function readCaptiveOracle(question: CaptiveQuestion, f: CaptiveFacts): CaptiveTerms | { error: string } {
  const promotional: Q[] = [];
  for (const stage of question.promotions ?? []) {
    if (stage.periods < 1 || stage.periods > f.n) return { error: 'ERRESQ004' };
    const pct = fromDecimal(stage.tasa);
    const rate = q(pct.n, pct.d * 100n);
    if (rate.n * f.tasa.d > f.tasa.n * rate.d) return { error: 'ERRNEG001' };
    for (let j = 0; j < stage.periods; j++) promotional.push(rate);
    if (promotional.length > f.n) return { error: 'ERRNEG001' };
  }
  const deferral = question.deferral?.periods ?? 0;
  if (question.deferral !== undefined) {
    if (deferral < 1 || deferral > 12) return { error: 'ERRESQ004' };
    if (f.grace > 0 || f.firstPaymentDate || f.tipoSeguro === 2) return { error: 'ERRNEG001' };
  }

  const anualidades = new Map<number, bigint>();
  let total = f.balloon;
  for (const a of question.anualidades ?? []) {
    let amount: bigint;
    if (a.amount !== undefined) amount = centsOf(a.amount);
    else {
      const pct = fromDecimal(a.percent as string);
      amount = roundHalfUp(f.principal * pct.n, pct.d * 100n);
      if (amount === 0n) return { error: 'ERRESQ004' };
    }
    let periods: number[];
    if (a.period !== undefined) {
      if (a.period < 1 || a.period > f.n - 1) return { error: 'ERRESQ004' };
      if (a.period <= f.grace) return { error: 'ERRNEG001' };
      periods = [a.period];
    } else {
      const months = a.months ?? [];
      if (new Set(months).size !== months.length) return { error: 'ERRNEG001' };
      periods = [];
      // the payments due in those months (their dates as stepped, before any roll), after the grace and before the last
      for (let k = f.grace + 1; k < f.n; k++) if (months.includes(ymdOf(f.stepped[k - 1] as Day).m)) periods.push(k);
      if (periods.length === 0) return { error: 'ERRNEG001' };
    }
    for (const period of periods) {
      if (anualidades.has(period)) return { error: 'ERRNEG001' };
      anualidades.set(period, amount);
      total += amount;
    }
  }
  if (total > f.principal) return { error: 'ERRNEG001' };
  if (anualidades.size > 0 && f.reduceTerm) return { error: 'ERRNEG001' };

  const charge = (question.periodicCharges ?? []).reduce((sum, c) => sum + centsOf(c.amount), 0n);
  const perThousand = (text: string | undefined): Q | undefined => (text === undefined ? undefined : fromDecimal(text));
  const life = perThousand(question.balanceInsurance?.lifePerThousand);
  const unemployment = perThousand(question.balanceInsurance?.unemploymentPerThousand);
  if (life !== undefined && (f.tipoSeguro !== 0 || f.upfrontLife > 0n)) return { error: 'ERRNEG001' };
  return { anualidades, promotional, deferral, charge, ...(life ? { life } : {}), ...(unemployment ? { unemployment } : {}) };
}

/** The balance after the deferred periods: each period's interest (half-up, without IVA) added. */
export function capitaliseOracle(principal: bigint, rates: readonly Q[]): bigint {
  let s = principal;
  for (const r of rates) s += roundHalfUp(s * r.n, r.d);
  return s;
}

/** The charges of a row with opening balance `balance`: commission and its IVA, life, unemployment and its IVA. */
export function rowCharges(
  terms: CaptiveTerms,
  balance: bigint,
  iva: bigint,
  commissionVat: boolean,
): { commission: bigint; commissionVat: bigint; life: bigint; unemployment: bigint; unemploymentVat: bigint } {
  const premium = (rate: Q | undefined): bigint => (rate === undefined ? 0n : roundHalfUp(balance * rate.n, rate.d * 1000n));
  const unemployment = premium(terms.unemployment);
  return {
    commission: terms.charge,
    commissionVat: commissionVat ? roundHalfUp(terms.charge * iva, 100n) : 0n,
    life: premium(terms.life),
    unemployment,
    unemploymentVat: roundHalfUp(unemployment * iva, 100n),
  };
}

/**
 * The dealer's subsidy, cents: the amount financed less the present value, at the contract's
 * period rates (the deferred periods' first), of each row's capital and interest; half-up, at least 0.
 */
export function subsidyOracle(principal: bigint, deferredRates: readonly Q[], rates: readonly Q[], flows: readonly bigint[]): bigint {
  // PV = (F₁ + (F₂ + … )/(1 + ρ₂))/(1 + ρ₁), unreduced: num / den
  let num = 0n;
  let den = 1n;
  for (let k = flows.length - 1; k >= -deferredRates.length; k--) {
    const r = (k >= 0 ? rates[k] : deferredRates[deferredRates.length + k]) as Q;
    if (k >= 0) num += (flows[k] as bigint) * den;
    num *= r.d;
    den *= r.d + r.n;
  }
  const subsidy = roundHalfUp(principal * den - num, den);
  return subsidy > 0n ? subsidy : 0n;
}
