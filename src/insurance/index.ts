/**
 * Vehicle insurance quotes (SegAutoVendor): the engine, its receipts helper and the tariff.
 *
 * @example
 * ```ts
 * import { quotePolicy, DEFAULT_TARIFF } from './insurance/index.js';
 * const result = quotePolicy(solicitud, { fechaInicio: '2025-01-15', tariff: DEFAULT_TARIFF });
 * ```
 */
export { quotePolicy } from '../quotes/quotePolicy.js';
export type { PolicyOptions } from '../quotes/quotePolicy.js';
export { buildReceipts } from './receipts.js';
export type { ReceiptPlan, ReceiptBlock } from './receipts.js';
export { loadTariff, TariffSchema } from './tariff.js';
export type { Tariff, TariffInsurer, TariffPackage, ReplacementValue } from './tariff.js';
export { DEFAULT_TARIFF } from './defaultTariff.js';
export { DEFAULT_POLICY_CONVENTIONS } from './conventions.js';
export type { PolicyConventions, LifeBalanceMethod } from './conventions.js';
export { gapPremiumCents, lifePremiumCents } from './extras.js';
export type { CreditExposure } from './extras.js';
export { PolicyRequestSchema, SegAutoVendorRequestSchema, PolicyResultSchema, PolicyOfferSchema, ReceiptSchema } from '../contracts/policy.js';
export type { PolicyRequest, SegAutoVendorRequest, PolicyResult, PolicyOffer, Receipt } from '../contracts/policy.js';
