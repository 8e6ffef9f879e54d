/**
 * The CAT panel's adapter: the one place that turns a quote into the flows and the rule the page
 * shows. Today it reads the flows off the quote (the disbursement net of the opening charges
 * without IVA, each payment without its IVA, at k / perYear years: the quote's own CAT rule with
 * the default conventions, docs/cat.md); when the library exports `explainCat` (issue 22), its
 * proof replaces the body of `catView` and nothing else changes:
 *
 *   const e = explainCat(input.solicitud, input.options);
 *   return { percent: e.percent, disbursement: e.disbursement.amount,
 *            flows: e.flows.map((f) => ({ index: f.index, years: f.yearsDecimal, amount: f.amount })) };
 */
import type { CreditResult } from '../src/entry/index.js';
import type { OpeningCharges } from '../src/entry/credit.js';
import { centsText, PER_YEAR, toCents, type EngineInput } from './scenario.js';

/** One flow of the CAT's equation: the disbursement (index 0) or payment k. */
export interface CatFlowView {
  readonly index: number;
  /** Its time in years, decimal text. */
  readonly years: string;
  /** Two-decimal text, without IVA. */
  readonly amount: string;
}

/** What the CAT panel shows. */
export interface CatView {
  readonly percent: string;
  /** The amount received at t = 0. */
  readonly disbursement: string;
  readonly flows: readonly CatFlowView[];
}

const cents = (text: string): bigint => toCents(text) ?? 0n;

/** k / perYear as decimal text with six decimals (half-up). */
function yearsText(k: number, perYear: number): string {
  const micro = Math.round((k * 1_000_000) / perYear);
  return `${Math.floor(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
}

/**
 * The CAT of `quote` as the page explains it.
 *
 * @example
 * ```ts
 * catView(input, quote, charges).flows[0]?.index; // 0 (the disbursement)
 * ```
 */
export function catView(_input: EngineInput, quote: CreditResult, charges: OpeningCharges): CatView {
  const perYear = PER_YEAR[quote.periodicidad] ?? 12;
  const netted =
    cents(charges.commission) +
    cents(charges.upfrontLifeInsurance) +
    cents(charges.upfrontDamageInsurance) +
    cents(charges.policyDamagePremium) +
    cents(charges.policyLifePremium);
  const disbursement = centsText(cents(quote.montoSolicitado) - netted);
  const flows: CatFlowView[] = [{ index: 0, years: '0.000000', amount: disbursement }];
  for (const row of quote.registros) {
    flows.push({
      index: row.numAmortizacion,
      years: yearsText(row.numAmortizacion, perYear),
      amount: centsText(cents(row.pagoAmortizacion) - cents(row.ivaAmortizacion)),
    });
  }
  return { percent: quote.cat, disbursement, flows };
}
