/**
 * The simulator's scenario: what a person types (every value kept as typed, so the URL holds it
 * exactly), its text form in the URL's fragment, and the engine's request made from it. No DOM
 * here: the browser tests build the same request in Node from the same scenario.
 */
import type { CreditOptions, CreditRequest } from '../src/entry/index.js';

/** How the insurance of the credit is paid: not at all, up front (`tipoSeguro` 1) or financed (2). */
export type InsuranceMode = 'none' | 'upfront' | 'financed';

/** A scenario as typed: every field is text (an empty optional field means "not used"). */
export interface Scenario {
  /** Vehicle price with IVA. */
  readonly price: string;
  /** Down payment: a percentage of the price (`downKind` 'pct') or an amount. */
  readonly down: string;
  readonly downKind: 'pct' | 'amount';
  readonly term: string;
  readonly periodicity: string;
  readonly rate: string;
  readonly commission: string;
  readonly insurance: InsuranceMode;
  /** The tariff's vehicle key, state, model year and postal code (insurance only). */
  readonly vehicle: string;
  readonly state: string;
  readonly model: string;
  readonly postalCode: string;
  /** The package chosen: `insurer-package` ids of the tariff. */
  readonly pack: string;
  /** Advanced: one prepayment (period, amount, mode), a balloon (% of the amount financed), an anualidad (amount, month), a promotion (periods, rate). */
  readonly prepayPeriod: string;
  readonly prepayAmount: string;
  readonly prepayMode: 'reducePayment' | 'reduceTerm';
  readonly balloon: string;
  readonly anualidad: string;
  readonly anualidadMonth: string;
  readonly promoPeriods: string;
  readonly promoRate: string;
  /** The opening date (empty: today in Mexico City, read by the page, never by the engine). */
  readonly date: string;
}

/** The scenario a first visit shows: the repository's example car. */
export const DEFAULT_SCENARIO: Scenario = {
  price: '350000.00',
  down: '20',
  downKind: 'pct',
  term: '48',
  periodicity: 'M',
  rate: '13.50',
  commission: '2.00',
  insurance: 'none',
  vehicle: '1002',
  state: '9',
  model: '2026',
  postalCode: '03100',
  pack: '1-1',
  prepayPeriod: '',
  prepayAmount: '',
  prepayMode: 'reducePayment',
  balloon: '',
  anualidad: '',
  anualidadMonth: '12',
  promoPeriods: '',
  promoRate: '0',
  date: '',
};

/** The scenario's fields, in the URL's order. */
export const SCENARIO_KEYS = Object.keys(DEFAULT_SCENARIO) as readonly (keyof Scenario)[];

const CHOICES: Partial<Record<keyof Scenario, readonly string[]>> = {
  downKind: ['pct', 'amount'],
  insurance: ['none', 'upfront', 'financed'],
  prepayMode: ['reducePayment', 'reduceTerm'],
};

/**
 * The scenario as URL parameters: only the fields that differ from the default, so a link stays short.
 *
 * @example
 * ```ts
 * scenarioToParams({ ...DEFAULT_SCENARIO, term: '60' }).toString(); // 'term=60'
 * ```
 */
export function scenarioToParams(scenario: Scenario): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SCENARIO_KEYS) if (scenario[key] !== DEFAULT_SCENARIO[key]) params.set(key, scenario[key]);
  return params;
}

/**
 * The scenario a link holds: the defaults, each known parameter over them (a choice outside its
 * list, an unknown or overlong parameter is ignored: a link is anyone's text).
 *
 * @example
 * ```ts
 * scenarioFromParams(new URLSearchParams('term=60&insurance=bogus')).term; // '60'
 * ```
 */
export function scenarioFromParams(params: URLSearchParams): Scenario {
  const scenario: Record<string, string> = { ...DEFAULT_SCENARIO };
  for (const key of SCENARIO_KEYS) {
    const value = params.get(key);
    if (value === null || value.length > 40) continue;
    const choices = CHOICES[key];
    if (choices !== undefined && !choices.includes(value)) continue;
    scenario[key] = value;
  }
  return scenario as unknown as Scenario;
}

/** Decimal text to integer cents, or undefined when it is not a plain non-negative amount (commas as thousands separators allowed). */
export function toCents(text: string): bigint | undefined {
  const match = /^(\d{1,15})(?:\.(\d{0,2}))?$/.exec(text.replace(/[,\s]/g, ''));
  if (match === null) return undefined;
  return BigInt(match[1] as string) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Integer cents as decimal text with two decimals. */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A percentage (up to six decimals) as a fraction num / 10^8 of one. */
function percentParts(text: string): bigint | undefined {
  const match = /^(\d{1,3})(?:\.(\d{0,6}))?$/.exec(text.trim());
  if (match === null) return undefined;
  return BigInt(match[1] as string) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/**
 * The down payment in cents: the amount typed, or the percentage of the price rounded up to the
 * cent (the smallest down payment of at least that percentage, as `affordability` takes it).
 */
export function downPaymentCents(scenario: Scenario): bigint | undefined {
  const price = toCents(scenario.price);
  if (scenario.downKind === 'amount') return toCents(scenario.down);
  const pct = percentParts(scenario.down);
  if (price === undefined || pct === undefined) return undefined;
  const scaled = price * pct;
  const den = 100_000_000n;
  return (scaled + den - 1n) / den;
}

/** Plain text of an amount typed: its thousands separators and spaces removed. */
function amountText(text: string): string {
  const cents = toCents(text);
  return cents === undefined ? text.trim() : centsText(cents);
}

/** An integer typed, or the text itself (the engine then names the field). */
function integer(text: string): number | string {
  return /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : text.trim();
}

/** What the engine is asked: the solicitud and the options of `quoteCredit`. */
export interface EngineInput {
  readonly solicitud: CreditRequest;
  readonly options: CreditOptions;
}

/** The package chosen: the tariff's insurer and package ids. */
export function packIds(pack: string): { readonly insurer: number; readonly pack: number } {
  const [insurer, id] = pack.split('-').map(Number);
  return { insurer: Number.isInteger(insurer) ? (insurer as number) : 1, pack: Number.isInteger(id) ? (id as number) : 1 };
}

/** The dealer number the page quotes insurance for (the tariff rates by vehicle, state and postal code, not by dealer). */
export const DEALER = 4501;

/**
 * The engine's request for a scenario, on `date` (the opening date when the scenario has none).
 * Values the page cannot read (a price that is not an amount) go to the engine as typed, so the
 * engine's own coded message names the field. The amount financed is the price less the down
 * payment; the vehicle's price includes IVA (`facturaConIva` 1).
 *
 * @example
 * ```ts
 * engineInput(DEFAULT_SCENARIO, '2026-01-31').solicitud.montoSolicitado; // '280000.00'
 * ```
 */
export function engineInput(scenario: Scenario, date: string): EngineInput {
  const price = toCents(scenario.price);
  const down = downPaymentCents(scenario);
  const financed = price !== undefined && down !== undefined ? centsText(price - down) : scenario.down.trim();
  const downText = down === undefined ? scenario.down.trim() : centsText(down);
  const tipoSeguro = scenario.insurance === 'upfront' ? 1 : scenario.insurance === 'financed' ? 2 : 0;
  const { insurer, pack } = packIds(scenario.pack);
  const vehicle = Number(scenario.vehicle);
  const solicitud: Record<string, unknown> = {
    fechaApertura: scenario.date.trim() === '' ? date : scenario.date.trim(),
    montoSolicitado: financed,
    valorFactura: amountText(scenario.price),
    tasa: scenario.rate.trim(),
    plazo: integer(scenario.term),
    periodicidad: scenario.periodicity,
    comisiones: scenario.commission.trim() === '' ? '0' : scenario.commission.trim(),
    tipoSeguro,
    generaTablaPagos: true,
  };
  if (tipoSeguro !== 0) {
    solicitud['informacionSeguro'] = {
      idPaquete: pack,
      idAseguradora: insurer,
      cveEntidadFederativa: integer(scenario.state),
      idTipoUnidad: Math.floor(vehicle / 1000) || 1,
      idUsoAutomovil: 1,
      idAgencia: Number.isInteger(vehicle) ? vehicle : scenario.vehicle,
      numeroAgencia: DEALER,
      modelo: integer(scenario.model),
      enganche: downText,
      codigoPostal: scenario.postalCode.trim(),
    };
  }
  const options: Record<string, unknown> = {};
  if (scenario.prepayAmount.trim() !== '' || scenario.prepayPeriod.trim() !== '') {
    options['prepayments'] = [
      { period: integer(scenario.prepayPeriod), amount: amountText(scenario.prepayAmount), mode: scenario.prepayMode },
    ];
  }
  if (scenario.balloon.trim() !== '') options['balloon'] = { percent: scenario.balloon.trim() };
  if (scenario.anualidad.trim() !== '') {
    options['anualidades'] = [{ amount: amountText(scenario.anualidad), months: [integer(scenario.anualidadMonth)] }];
  }
  if (scenario.promoPeriods.trim() !== '') {
    options['promotions'] = [
      { periods: integer(scenario.promoPeriods), tasa: scenario.promoRate.trim() === '' ? '0' : scenario.promoRate.trim() },
    ];
  }
  return { solicitud: solicitud as unknown as CreditRequest, options: options as CreditOptions };
}

/** Payments a year of each periodicity code (docs/conventions.md). */
export const PER_YEAR: Readonly<Record<string, number>> = { M: 12, Q: 24, C: 26, S: 52, D: 36 };
