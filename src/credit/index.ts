export { quoteCredit } from '../quotes/quoteCredit.js';
export type { CreditOptions } from '../quotes/quoteCredit.js';
export { DEFAULT_CREDIT_CONVENTIONS, resolveConventions } from './conventions.js';
export type { CatTimeBasis, CreditConventions, InterestBasis, Periodicity, RateGridRow } from './conventions.js';
export type { CreditRequest, CreditResult, CreditRow, InsuranceInfo } from '../contracts/credit.js';
