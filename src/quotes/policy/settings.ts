/**
 * The options of a SegAutoVendor quote ({@link PolicyOptions}), checked once and resolved into
 * what the insurance engine prices with ({@link PolicySettings}): the policy start, the
 * conventions, the credit's life balances and the tariff. `quotePolicy` and the insured credit
 * quote (`../credit/insurance.ts`) both resolve their options here, so both refuse the same option
 * the same way and in the same order.
 */
import type { QuoteError } from '../../errors/quoteError.js';
import { AMOUNT_PATTERN, parseCents } from '../../money/cents.js';
import { parseIsoDate, type CivilDay } from '../../dates/civil.js';
import { resolvePolicyConventions, type LifeBalanceMethod, type PolicyConventions } from '../../insurance/conventions.js';
import { defaultTariff } from '../../insurance/defaultTariff.js';
import { insuranceError } from '../../insurance/messages.js';
import type { PricingSettings } from '../../insurance/priceOffers.js';
import { assertTariff, type Tariff } from '../../insurance/tariff.js';
import { quotesError, type QuotesMessageId } from '../messages.js';

/**
 * Options of {@link quotePolicy}.
 *
 * @example
 * ```ts
 * const options: PolicyOptions = { fechaInicio: '2025-03-10', lifeBalance: 'flat', urlTemplate: 'https://x.example/{idAseguradora}/{idPaquete}' };
 * quotePolicy(policySolicitud, options).listaSeguroAuto[0]!.urlCotizacion; // 'https://x.example/1/1'
 * ```
 */
export interface PolicyOptions {
  /**
   * Policy start, `YYYY-MM-DD`. Required: the engine never reads the clock. A server passes today's
   * date in Mexico City (`mexicoCityDate(new Date())`).
   */
  readonly fechaInicio?: string;
  /** The tariff to rate with (default `defaultTariff()`, ILLUSTRATIVE). Validated on use unless it came from `loadTariff`. */
  readonly tariff?: Tariff;
  /** `urlCotizacion` template; placeholders `{idCotizacion}`, `{idAseguradora}`, `{idPaquete}`. */
  readonly urlTemplate?: string;
  /** How the life premium approximates the credit balance (default `'declining'`). */
  readonly lifeBalance?: LifeBalanceMethod;
  /** The credit's actual balance at the start of each month (amount text); overrides `lifeBalance`. */
  readonly lifeBalances?: readonly string[];
  /** Overrides of the engine's conventions (codes and defaults). */
  readonly conventions?: Partial<PolicyConventions>;
}

/**
 * The options resolved: what `priceOffers` takes, and the start date as given (the offers' ids
 * hash the text).
 *
 * @example
 * ```ts
 * const settings: PolicySettings = policySettings({ fechaInicio: '2026-01-31' });
 * [settings.startText, settings.conventions.lifeBalance]; // ['2026-01-31', 'declining']
 * ```
 */
export interface PolicySettings extends PricingSettings {
  /** `fechaInicio` as the options give it. */
  readonly startText: string;
}

function badOption(id: QuotesMessageId, field: string): QuoteError {
  return quotesError('ERRESQ005', id, field);
}

/** The conventions (each override checked by the insurance engine), then the options over them. */
function resolveConventions(options: PolicyOptions): PolicyConventions {
  const c = resolvePolicyConventions(options.conventions);
  const merged = { ...c, urlTemplate: options.urlTemplate ?? c.urlTemplate, lifeBalance: options.lifeBalance ?? c.lifeBalance };
  if (typeof merged.urlTemplate !== 'string' || merged.urlTemplate === '')
    throw insuranceError('ERRESQ005', 'plantillaUrlInvalida', 'urlTemplate');
  if (merged.lifeBalance !== 'declining' && merged.lifeBalance !== 'flat')
    throw insuranceError('ERRESQ005', 'lifeBalanceValores', 'lifeBalance');
  return merged;
}

/** The validated start date: its text (for ids) and its civil day. */
function parseStart(options: PolicyOptions): { readonly text: string; readonly day: CivilDay } {
  const text = options.fechaInicio;
  if (text === undefined) throw quotesError('ERRESQ006', 'fechaInicioFalta', 'fechaInicio');
  const day = typeof text === 'string' ? parseIsoDate(text) : undefined;
  if (day === undefined) throw insuranceError('ERRESQ005', 'fechaInicioInvalida', 'fechaInicio');
  return { text, day };
}

function parseLifeBalances(options: PolicyOptions): number[] | undefined {
  return options.lifeBalances?.map((b, i) => {
    if (typeof b !== 'string' || !AMOUNT_PATTERN.test(b)) throw badOption('saldoInvalido', `lifeBalances[${i}]`);
    return parseCents(b);
  });
}

/**
 * Checks the options, in this order: the start date, the conventions (each key of `conventions`,
 * then `urlTemplate` and `lifeBalance`), the life balances, the tariff (`defaultTariff()` when
 * none is given). Throws `ERRESQ006`/`ERRESQ005` naming the option.
 *
 * @example
 * ```ts
 * policySettings({ fechaInicio: '2026-01-31' }).tariff === defaultTariff(); // true
 * policySettings({}); // throws QuoteError ERRESQ006 'fechaInicio'
 * policySettings({ fechaInicio: '2026-01-31', lifeBalances: ['mil'] }); // throws QuoteError ERRESQ005 'lifeBalances[0]'
 * ```
 */
export function policySettings(options: PolicyOptions): PolicySettings {
  const start = parseStart(options);
  const conventions = resolveConventions(options);
  const lifeBalances = parseLifeBalances(options);
  const tariff = options.tariff ?? defaultTariff();
  assertTariff(tariff);
  return { start: start.day, tariff, conventions, lifeBalances, startText: start.text };
}
