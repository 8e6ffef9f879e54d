/**
 * `cotizador/insurance`: the SegAutoVendor quote, the pricing engine under it, and the tariff.
 *
 * @module cotizador/insurance
 */
export * from './common.js';
export { quotePolicy, quoteValidPolicy } from '../quotes/quotePolicy.js';
export type { PolicyOptions } from '../quotes/quotePolicy.js';
export { priceOffers } from '../insurance/priceOffers.js';
export type { PolicyRisk, PricedOffer, PricingSettings } from '../insurance/priceOffers.js';
export { buildReceipts } from '../insurance/receipts.js';
export type { ReceiptPlan, ReceiptBlock, PolicyReceipt } from '../insurance/receipts.js';
export { loadTariff, assertTariff, TariffSchema } from '../insurance/tariff.js';
export type { Tariff, TariffInsurer, TariffPackage, ReplacementValue } from '../insurance/tariff.js';
export { defaultTariff } from '../insurance/defaultTariff.js';
export { mexicoCityDate } from '../dates/mexicoCity.js';
export { DEFAULT_POLICY_CONVENTIONS } from '../insurance/conventions.js';
export type { PolicyConventions, LifeBalanceMethod } from '../insurance/conventions.js';
export { gapPremiumCents, lifePremiumCents } from '../insurance/extras.js';
export type { CreditExposure } from '../insurance/extras.js';
export {
  PolicyRequestSchema,
  SegAutoVendorRequestSchema,
  PolicyResultSchema,
  PolicyOfferSchema,
  ReceiptSchema,
} from '../contracts/policy.js';
export type { PolicyRequest, SegAutoVendorRequest, PolicyResult, PolicyOffer, Receipt } from '../contracts/policy.js';
