/**
 * The engine's answers for a scenario: the quote, its charges at opening, the tariff's packages
 * for the insurance select (the CAT's explanation is worked out later, off the recompute:
 * `./cat.ts`); a refusal becomes the engine's coded message, in the page's language, placed by
 * the field it names. No DOM here.
 */
import {
  defaultTariff,
  isQuoteError,
  localizedMessage,
  quoteCredit,
  quotePolicy,
  type CreditResult,
  type Lang,
} from '../src/entry/index.js';
import { creditOpeningCharges, type OpeningCharges } from '../src/entry/credit.js';
import { DEALER, downPaymentCents, centsText, engineInput, PER_YEAR, toCents, type EngineInput, type Scenario } from './scenario.js';

/** An engine refusal as the page shows it: the scenario field it belongs by (undefined: the page's general alert). */
export interface FieldError {
  readonly key: keyof Scenario | undefined;
  readonly code: string;
  readonly field: string;
  readonly message: string;
}

/** A quoted scenario. */
export interface Quoted {
  readonly input: EngineInput;
  readonly quote: CreditResult;
  readonly charges: OpeningCharges;
  readonly downPayment: string;
}

/** A package of the tariff, with its yearly premium when the policy quote could price it. */
export interface PackageChoice {
  readonly value: string;
  readonly insurer: string;
  readonly name: string;
  readonly premium: string | undefined;
}

/** The engine's field paths, by prefix, and the scenario field each is shown by. */
const FIELD_KEYS: readonly (readonly [RegExp, keyof Scenario])[] = [
  [/^montoSolicitado|^informacionSeguro\.enganche/, 'down'],
  [/^valorFactura/, 'price'],
  [/^tasa/, 'rate'],
  [/^plazo$/, 'term'],
  [/^periodicidad/, 'periodicity'],
  [/^comisiones/, 'commission'],
  [/^fechaApertura/, 'date'],
  [/^informacionSeguro\.cveEntidadFederativa/, 'state'],
  [/^informacionSeguro\.modelo/, 'model'],
  [/^informacionSeguro\.codigoPostal/, 'postalCode'],
  [/^informacionSeguro\.(idAgencia|idTipoUnidad)/, 'vehicle'],
  [/^informacionSeguro|^tipoSeguro/, 'pack'],
  [/^prepayments.*amount/, 'prepayAmount'],
  [/^prepayments/, 'prepayPeriod'],
  [/^balloon/, 'balloon'],
  [/^anualidades.*months/, 'anualidadMonth'],
  [/^anualidades/, 'anualidad'],
  [/^promotions.*tasa/, 'promoRate'],
  [/^promotions/, 'promoPeriods'],
];

/**
 * The scenario field an engine field path is shown by.
 *
 * @example
 * ```ts
 * fieldKey('informacionSeguro.codigoPostal'); // 'postalCode'
 * fieldKey('options.anualidades'); // 'anualidad'
 * ```
 */
export function fieldKey(path: string | undefined): keyof Scenario | undefined {
  if (path === undefined) return undefined;
  // An option's path is named from the options object (`options.anualidades`).
  const name = path.replace(/^options\./, '');
  return FIELD_KEYS.find(([pattern]) => pattern.test(name))?.[1];
}

/** An error the engine threw, as the page shows it; anything else is rethrown (a bug, not input). */
export function fieldError(error: unknown, lang: Lang): FieldError {
  if (!isQuoteError(error)) throw error;
  const field = error.valorIncorrecto ?? '';
  return { key: fieldKey(field), code: error.codigoError, field, message: localizedMessage(error, lang) };
}

/**
 * The scenario quoted on `date`, or the engine's refusal.
 *
 * @example
 * ```ts
 * const answer = quoteScenario(DEFAULT_SCENARIO, '2026-01-31', 'es');
 * 'quote' in answer && answer.quote.plazo; // 48
 * ```
 */
export function quoteScenario(scenario: Scenario, date: string, lang: Lang): Quoted | { readonly error: FieldError } {
  const input = engineInput(scenario, date);
  try {
    const quote = quoteCredit(input.solicitud, input.options);
    const charges = creditOpeningCharges(input.solicitud, input.options);
    const down = downPaymentCents(scenario) ?? 0n;
    return { input, quote, charges, downPayment: centsText(down) };
  } catch (error) {
    return { error: fieldError(error, lang) };
  }
}

const TARIFF = defaultTariff();

/**
 * The tariff's packages (insurer × package), priced for the scenario's vehicle by `quotePolicy`
 * (yearly, paid in one receipt) when the scenario can be priced; otherwise without a premium.
 */
export function packageChoices(scenario: Scenario, date: string): readonly PackageChoice[] {
  const premiums = new Map<string, string>();
  const price = toCents(scenario.price);
  const down = downPaymentCents(scenario);
  const vehicle = Number(scenario.vehicle);
  const term = Number(scenario.term);
  if (price !== undefined && down !== undefined && Number.isInteger(term) && term > 0) {
    try {
      const months = Math.max(1, Math.ceil((term * 12) / (PER_YEAR[scenario.periodicity] ?? 12)));
      const { listaSeguroAuto } = quotePolicy(
        {
          idPaquete: 0,
          cveEntidadFederativa: Number(scenario.state),
          idTipoUnidad: Math.floor(vehicle / 1000) || 1,
          idUsoAutomovil: 1,
          idClaveVehiculo: vehicle,
          modelo: Number(scenario.model),
          idAgencia: DEALER,
          idFormaPago: 1,
          montoSumaAsegurada: centsText(price),
          enganche: centsText(down),
          plazoFinanciado: months,
          codigoPostal: scenario.postalCode.trim(),
        },
        { fechaInicio: scenario.date.trim() === '' ? date : scenario.date.trim(), tariff: TARIFF },
      );
      for (const offer of listaSeguroAuto) premiums.set(`${offer.idAseguradora}/${offer.paquete}`, offer.primaTotal);
    } catch (error) {
      if (!isQuoteError(error)) throw error; // the credit quote names the field
    }
  }
  return TARIFF.insurers.flatMap((insurer) =>
    insurer.packages.map((pack) => ({
      value: `${insurer.idAseguradora}-${pack.idPaquete}`,
      insurer: insurer.name,
      name: pack.name,
      premium: premiums.get(`${insurer.idAseguradora}/${pack.name}`),
    })),
  );
}

/** The tariff's vehicles and states, for the insurance selects. */
export const TARIFF_VEHICLES = TARIFF.vehicles.map((v) => ({ value: String(v.idClaveVehiculo), name: v.description }));
export const TARIFF_STATES = TARIFF.zones.states.map((s) => ({ value: String(s.cveEntidadFederativa), name: s.name }));
