/**
 * `cotizador/credit`: the AutoEstrene quote and the typed loan core under it.
 *
 * @module cotizador/credit
 */
export * from './common.js';
export { quoteCredit, quoteValidCredit, creditOpeningCharges, explainCat } from '../quotes/quoteCredit.js';
export type { OpeningCharges } from '../quotes/credit/charges.js';
export type { CreditOptions, CreditCatOptions } from '../quotes/quoteCredit.js';
export type { CatCharge, CreditCatExplanation } from '../quotes/credit/explainCat.js';
export type { CatProof, ExplainedFlow, PresentValueColumn } from '../cat/explain.js';
export { creditResultJson, quoteCreditJson } from '../quotes/creditJson.js';
export { solveCredit, SOLVE_DIRECTIONS } from '../quotes/solveCredit.js';
export type { SolveProblem, SolveResult, SolveTarget, SolveUnknown } from '../quotes/solveCredit.js';
export { compareOffers, OFFER_MEASURES } from '../quotes/compareOffers.js';
export type {
  CompareOptions,
  CreditOffer,
  FailedOffer,
  OfferComparison,
  OfferFigures,
  OfferMeasure,
  RankedOffer,
} from '../quotes/compareOffers.js';
export { affordability } from '../quotes/affordability.js';
export type { AffordabilityProblem, AffordabilityResult, AffordStep, AffordUnknown, DownPaymentRule } from '../quotes/affordability.js';
export type { BalloonOption, GraceOption, PrepaymentOption } from '../quotes/credit/features.js';
export type {
  AnualidadOption,
  BalanceInsuranceOption,
  DeferralOption,
  PeriodicChargeOption,
  PromotionOption,
} from '../quotes/credit/captive.js';
export { ENGINE_CODES } from '../quotes/credit/terms.js';
export { scheduleLoan, paymentDates, periodicRateOf } from '../credit/loan.js';
export type { Loan, LoanPrepayment, LoanSchedule } from '../credit/loan.js';
export type { PrepaymentMode } from '../credit/featureSchedule.js';
export type { CaptiveTerms, LoanAnualidad, LoanBalanceInsurance, LoanChargeColumns, LoanPeriodicCharge } from '../credit/captive.js';
export type { PromotionStage } from '../credit/calendar.js';
export { promotionSubsidy } from '../credit/subsidy.js';
export type { Schedule } from '../credit/schedule.js';
export { percentToRational } from '../credit/rate.js';
export type { Rational } from '../credit/rate.js';
export { DEFAULT_CREDIT_CONVENTIONS, resolveConventions } from '../credit/conventions.js';
export type {
  BusinessDays,
  CatTimeBasis,
  CreditConventions,
  InsuranceIva,
  InsuredValue,
  InterestBasis,
  Periodicity,
  RateGridRow,
} from '../credit/conventions.js';
export { easterSunday, isMexicanBusinessDay, mexicanBankHolidays, nextMexicanBusinessDay } from '../dates/holidays.js';
export { toCivilDay, fromCivilDay, parseIsoDate, formatIsoDate } from '../dates/civil.js';
export type { CivilDay, DateStep } from '../dates/civil.js';
export { CreditRequestSchema, CreditResultSchema, AutoEstreneRequestSchema } from '../contracts/credit.js';
export type { CreditRequest, CreditResult, CreditRow, InsuranceInfo } from '../contracts/credit.js';
