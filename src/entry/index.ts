/**
 * cotizador: exact Mexican vehicle credit and insurance quotes for the sandbox banking interface,
 * with the transport-free service that serves the whole interface.
 *
 * The root exports the main API; each domain's extras live on its subpath: `cotizador/credit`
 * (the typed loan core), `cotizador/cat`, `cotizador/insurance` (the tariff and the pricing
 * engine), `cotizador/contracts` (every schema and validator), `cotizador/service`,
 * `cotizador/atm`, `cotizador/documents`, `cotizador/analysis`, and `cotizador/node` (the
 * node:http server and the Express and Fastify adapters: the only Node-only subpath).
 *
 * @module cotizador
 */
export * from './common.js';
export { quoteCredit, explainCat } from '../quotes/quoteCredit.js';
export type { CreditOptions, CreditCatOptions } from '../quotes/quoteCredit.js';
export type { CatCharge, CreditCatExplanation } from '../quotes/credit/explainCat.js';
export { creditResultJson, quoteCreditJson } from '../quotes/creditJson.js';
export { solveCredit } from '../quotes/solveCredit.js';
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
export { quotePolicy } from '../quotes/quotePolicy.js';
export type { PolicyOptions } from '../quotes/quotePolicy.js';
export { computeCat } from '../cat/computeCat.js';
export type { CatFlow, CatFlows, CatOptions, CatResult } from '../cat/computeCat.js';
export { explainCatFlows } from '../cat/explain.js';
export type { CatProof, ExplainCatOptions, ExplainedFlow, PresentValueColumn } from '../cat/explain.js';
export { DEFAULT_CREDIT_CONVENTIONS } from '../credit/conventions.js';
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
export { defaultTariff } from '../insurance/defaultTariff.js';
export { loadTariff } from '../insurance/tariff.js';
export type { Tariff } from '../insurance/tariff.js';
export { schemas } from '../contracts/schemas.js';
export { validateAutoEstrene, validateSegAutoVendor, validateObtenerDocumento, validateTokenRequest } from '../contracts/requests.js';
export type { AutoEstreneRequest } from '../contracts/requests.js';
export type { CreditRequest, CreditResult, CreditRow, InsuranceInfo } from '../contracts/credit.js';
export type { PolicyRequest, PolicyResult, PolicyOffer, Receipt, SegAutoVendorRequest } from '../contracts/policy.js';
export type { Issue, ValidationResult } from '../validation/validate.js';
export { createService } from '../service/service.js';
export type { Service } from '../service/service.js';
export type { ServiceConfig } from '../service/config.js';
export type { ServiceRequest, ServiceResponse } from '../http/types.js';
