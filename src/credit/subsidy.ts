/**
 * What a promotion costs the lender, valued at opening: the subsidy a dealer (or the maker) pays
 * the lender so that it earns the contract's rate on a loan whose first periods charge less.
 *
 * The lender's payments are each row's capital and interest (the IVA is the tax authority's). At
 * the contract's period rates ρⱼ (the deferred periods' included) they are worth
 * PV = Σₖ (Aₖ + Iₖ) Πⱼ≤ₖ 1 / (1 + ρⱼ); without a promotion PV is the amount financed (to the
 * rounding of the interest), with one it is less, and the subsidy is the difference, rounded
 * half-up to the cent (never below zero). PV is an exact fraction of integers, built backwards.
 */
import { periodRates, deferralRates } from './calendar.js';
import { roundHalfUpFraction } from './exactPayment.js';
import type { Loan, LoanSchedule } from './loan.js';
import type { Rational } from './rate.js';

/**
 * The subsidy of a loan's promotions, cents: the amount financed less the present value, at the
 * contract's rates, of the capital and interest the schedule collects. 0 without promotions.
 *
 * @example
 * ```ts
 * const loan: Loan = {
 *   principal: 1_200_000, annualRate: { num: 12, den: 100 }, vatPercent: 16, start: toCivilDay(2026, 1, 31), payments: 12,
 *   periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M!, promotions: [{ periods: 12, annualRate: { num: 0, den: 1 } }],
 * };
 * promotionSubsidy(loan, scheduleLoan(loan)); // 74_492 (12,000.00 less 12 payments of 1,000.00 discounted at 1 % a month: 11,255.08)
 * ```
 */
export function promotionSubsidy(loan: Loan, schedule: LoanSchedule): number {
  if ((loan.promotions ?? []).length === 0) return 0;
  const basis = loan.interestBasis ?? 'days360';
  const count = schedule.level.length;
  const contract = periodRates(loan, loan.annualRate, basis, schedule.dates);
  let num = 0n;
  let den = 1n;
  const discount = (rate: Rational): void => {
    num *= BigInt(rate.den);
    den *= BigInt(rate.den) + BigInt(rate.num);
  };
  for (let k = count - 1; k >= 0; k--) {
    num += BigInt((schedule.capital[k] as number) + (schedule.interest[k] as number)) * den;
    discount(contract[k] as Rational);
  }
  const deferred = deferralRates(loan, loan.annualRate, basis);
  for (let j = deferred.length - 1; j >= 0; j--) discount(deferred[j] as Rational);
  const subsidy = roundHalfUpFraction({ num: BigInt(loan.principal) * den - num, den });
  return Math.max(subsidy, 0);
}
