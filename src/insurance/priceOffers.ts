/**
 * The insurance engine: resolves a typed risk against the tariff and prices every selected
 * insurer × package, one policy period at a time (rating in `./rating.ts`, receipts in
 * `./receipts.ts`, GAP and life in `./extras.ts`). Amounts are integer cents and dates civil days;
 * turning the interface's request into a {@link PolicyRisk} and the offers into its response is the
 * SegAutoVendor adapter's job (`src/quotes/quotePolicy.ts`).
 *
 * The risk keeps the interface's field names: they are the vocabulary of every rule here and the
 * names the engine's errors report (`valorIncorrecto`).
 */
import type { MessageParams } from '../errors/catalog.js';
import type { QuoteError } from '../errors/quoteError.js';
import { parseCents, roundedQuotient } from '../money/cents.js';
import { pow10n, scaledDecimal } from '../money/decimal.js';
import { addMonthsCivil, fromCivilDay, type CivilDay } from '../dates/civil.js';
import type { PolicyConventions } from './conventions.js';
import { insuranceError, type InsuranceMessageId } from './messages.js';
import { gapPremiumCents, lifePremiumCents, type CreditExposure } from './extras.js';
import { ageFactor, netPremiumCents, sumsInsuredByYear, zoneFactors, type ZoneFactors } from './rating.js';
import { appendReceipts, receiptDays, type PolicyReceipt, type ReceiptPlan } from './receipts.js';
import { RATE_TEXT, type ReplacementValue, type Tariff, type TariffInsurer, type TariffPackage } from './tariff.js';

/**
 * What the engine prices: the vehicle, its use and the credit, amounts in cents. Optional codes
 * take the conventions' defaults when absent or 0.
 *
 * @example
 * ```ts
 * const risk: PolicyRisk = { idPaquete: 0, idAseguradora: 0, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idClaveVehiculo: 1002, modelo: 2026, montoSumaAsegurada: 35_000_000, sumaAccesorio: 0, sumaEquipoEspecial: 0,
 *   enganche: 7_000_000, plazoFinanciado: 36, codigoPostal: '03100' };
 * priceOffers(risk, { start: toCivilDay(2026, 1, 31), tariff: defaultTariff(), conventions: DEFAULT_POLICY_CONVENTIONS }).length; // 9
 * ```
 */
export interface PolicyRisk {
  /** 0: every package. */
  readonly idPaquete: number;
  /** 0: every insurer. */
  readonly idAseguradora: number;
  readonly cveEntidadFederativa: number;
  readonly idTipoUnidad: number;
  readonly idUsoAutomovil: number;
  readonly idClaveVehiculo: number;
  /** Model year. */
  readonly modelo: number;
  /** Invoice value of the unit, cents. */
  readonly montoSumaAsegurada: number;
  readonly sumaAccesorio: number;
  readonly sumaEquipoEspecial: number;
  /** Down payment of the credit, cents. */
  readonly enganche: number;
  /** Months the unit is financed over (0: no credit). */
  readonly plazoFinanciado: number;
  readonly codigoPostal: string;
  readonly idFormaPago?: number | undefined;
  readonly indicadorReposicion?: number | undefined;
  readonly idVigencia?: number | undefined;
  readonly plazoMeses?: number | undefined;
}

/**
 * What {@link priceOffers} needs besides the risk.
 *
 * @example
 * ```ts
 * const settings: PricingSettings = { start: toCivilDay(2026, 1, 31), tariff: defaultTariff(), conventions: DEFAULT_POLICY_CONVENTIONS };
 * formatIsoDate(settings.start); // '2026-01-31'
 * ```
 */
export interface PricingSettings {
  /** Policy start. */
  readonly start: CivilDay;
  /** A tariff that passed `assertTariff` or came from `loadTariff`. */
  readonly tariff: Tariff;
  readonly conventions: PolicyConventions;
  /** The credit's balance at the start of each month, cents; overrides `conventions.lifeBalance`. */
  readonly lifeBalances?: readonly number[] | undefined;
  /** The IVA of the premiums and GAP (a rate text, "0.08"); default the tariff's `ivaRate`. */
  readonly ivaRate?: string | undefined;
}

/**
 * One priced offer: an insurer's package for the whole policy, with its receipts.
 *
 * @example
 * ```ts
 * const risk: PolicyRisk = { idPaquete: 1, idAseguradora: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idClaveVehiculo: 1002, modelo: 2026, montoSumaAsegurada: 35_000_000, sumaAccesorio: 0, sumaEquipoEspecial: 0,
 *   enganche: 7_000_000, plazoFinanciado: 36, codigoPostal: '03100' };
 * const [offer] = priceOffers(risk, { start: toCivilDay(2026, 1, 31), tariff: defaultTariff(), conventions: DEFAULT_POLICY_CONVENTIONS });
 * [offer!.insurer.name, offer!.pkg.name]; // ['Aseguradora Ilustrativa Alfa', 'Amplia']
 * offer!.totalCents === offer!.receipts.reduce((sum, r) => sum + r.cents, 0); // true
 * offer.totalCents === offer.receipts.reduce((sum, r) => sum + r.cents, 0); // true
 * ```
 */
export interface PricedOffer {
  readonly insurer: TariffInsurer;
  readonly pkg: TariffPackage;
  /** Policy start and end (civil days). */
  readonly start: CivilDay;
  readonly end: CivilDay;
  /** Σ receipts, cents (prima neta + recargo + derecho + IVA). */
  readonly totalCents: number;
  readonly receipts: readonly PolicyReceipt[];
  /** GAP premium for the credit term, IVA as the tariff says. */
  readonly gapCents: number;
  /** Debtor-life premium for the credit term, no IVA. */
  readonly lifeCents: number;
}

/** A rate as the tariff writes its `ivaRate`. */
const IVA_RATE = new RegExp(RATE_TEXT);

function business(id: InsuranceMessageId, field: string, params?: MessageParams): QuoteError {
  return insuranceError('ERRNEG001', id, field, params);
}

/** One policy period: a policy year, or the whole annual policy of `plazoMeses`. */
interface Period {
  readonly year: number;
  readonly fromMonth: number;
  readonly months: number;
}

/** The risk resolved against the tariff: everything common to all offers. */
interface Resolved {
  readonly periods: readonly Period[];
  readonly idFormaPago: number;
  readonly monthsPerReceipt: number;
  readonly replacement: ReplacementValue;
  readonly zone: ZoneFactors;
  readonly ageYears: number;
  readonly vehicleByYear: readonly number[];
  readonly accessoriesByYear: readonly number[];
  readonly equipmentByYear: readonly number[];
  readonly credit: CreditExposure;
  /** Each period's receipt days ({@link receiptDays}), computed by the first offer priced: the same for every offer. */
  readonly receiptDays: (readonly CivilDay[] | undefined)[];
}

function orDefault(value: number | undefined, fallback: number): number {
  return value === undefined || value === 0 ? fallback : value;
}

function periodsOf(r: PolicyRisk, tariff: Tariff, c: PolicyConventions): Period[] {
  const idVigencia = orDefault(r.idVigencia, c.defaultIdVigencia);
  if (idVigencia === c.idVigenciaAnual) {
    const months = r.plazoMeses ?? c.defaultPlazoMeses;
    if (months > c.maxPlazoMesesAnual) throw business('polizaAnualMaximo', 'plazoMeses', { months: c.maxPlazoMesesAnual });
    return [{ year: 1, fromMonth: 0, months }];
  }
  if (idVigencia !== c.idVigenciaMultianual) throw business('vigenciaNoSoportada', 'idVigencia');
  if (r.plazoFinanciado === 0) throw business('multianualSinPlazo', 'plazoFinanciado');
  const years = Math.ceil(r.plazoFinanciado / 12);
  if (years > tariff.limits.maxPolicyYears) throw business('multianualMaximo', 'plazoFinanciado', { years: tariff.limits.maxPolicyYears });
  return Array.from({ length: years }, (_, k) => ({ year: k + 1, fromMonth: 12 * k, months: 12 }));
}

function resolveRisk(r: PolicyRisk, tariff: Tariff, c: PolicyConventions, start: CivilDay): Resolved {
  const vehicle = tariff.vehicles.find((v) => v.idClaveVehiculo === r.idClaveVehiculo);
  if (vehicle === undefined) throw business('vehiculoDesconocido', 'idClaveVehiculo');
  if (vehicle.idTipoUnidad !== r.idTipoUnidad) throw business('tipoUnidadNoCorresponde', 'idTipoUnidad');
  if (!tariff.uses.some((u) => u.idUsoAutomovil === r.idUsoAutomovil)) throw business('usoNoTarifado', 'idUsoAutomovil');

  const amountCents = r.montoSumaAsegurada;
  const { limits } = tariff;
  if (amountCents < parseCents(limits.minSumInsured))
    throw business('sumaAseguradaMinima', 'montoSumaAsegurada', { amount: limits.minSumInsured });
  if (amountCents > parseCents(limits.maxSumInsured))
    throw business('sumaAseguradaMaxima', 'montoSumaAsegurada', { amount: limits.maxSumInsured });
  if (vehicle.maxSumInsured !== undefined && amountCents > parseCents(vehicle.maxSumInsured)) {
    throw business('sumaAseguradaMaximaClave', 'montoSumaAsegurada', { amount: vehicle.maxSumInsured });
  }
  if (r.sumaAccesorio > parseCents(limits.maxAccessories))
    throw business('accesoriosMaximo', 'sumaAccesorio', { amount: limits.maxAccessories });
  if (r.sumaEquipoEspecial > parseCents(limits.maxSpecialEquipment)) {
    throw business('equipoEspecialMaximo', 'sumaEquipoEspecial', { amount: limits.maxSpecialEquipment });
  }
  if (r.enganche > amountCents) throw business('engancheExcedeSuma', 'enganche');

  const zone = zoneFactors(tariff, r.cveEntidadFederativa, r.codigoPostal);
  if (zone === undefined) throw business('entidadNoTarifada', 'cveEntidadFederativa');

  // Next year's model is sold during this one: age −1 counts as new.
  const age = fromCivilDay(start).year - r.modelo;
  if (age < -1) throw business('modeloPosterior', 'modelo');
  if (age > limits.maxVehicleAgeYears) throw business('unidadAntigua', 'modelo', { years: limits.maxVehicleAgeYears });

  const idFormaPago = orDefault(r.idFormaPago, c.defaultIdFormaPago);
  const form = tariff.paymentForms.find((f) => f.idFormaPago === idFormaPago);
  if (form === undefined) throw business('formaPagoNoSoportada', 'idFormaPago');

  const idReposicion = orDefault(r.indicadorReposicion, tariff.defaultIndicadorReposicion);
  const replacement = tariff.replacementValues.find((v) => v.indicadorReposicion === idReposicion);
  if (replacement === undefined) throw business('reposicionNoSoportada', 'indicadorReposicion');

  const periods = periodsOf(r, tariff, c);
  return {
    periods,
    idFormaPago,
    monthsPerReceipt: form.monthsPerReceipt,
    replacement,
    zone,
    ageYears: Math.max(0, age),
    vehicleByYear: sumsInsuredByYear(amountCents, replacement, periods.length),
    accessoriesByYear: sumsInsuredByYear(r.sumaAccesorio, replacement, periods.length),
    equipmentByYear: sumsInsuredByYear(r.sumaEquipoEspecial, replacement, periods.length),
    credit: { invoiceCents: amountCents, financedCents: amountCents - r.enganche, months: r.plazoFinanciado },
    receiptDays: [],
  };
}

/** A package an insurer can price for this risk. */
interface Candidate {
  readonly insurer: TariffInsurer;
  readonly pkg: TariffPackage;
  readonly rate: TariffPackage['rates'][number];
  readonly surcharge: string;
}

const NO_CANDIDATE: Readonly<Record<'idPaquete' | 'idFormaPago' | 'idUsoAutomovil', InsuranceMessageId>> = {
  idPaquete: 'paqueteNoOfrecido',
  idFormaPago: 'formaPagoNoOfrecida',
  idUsoAutomovil: 'usoTipoNoTarifado',
};

/** Selects insurer × package pairs; throws naming the most specific reason when none is left. */
function selectCandidates(r: PolicyRisk, tariff: Tariff, resolved: Resolved): Candidate[] {
  const insurers = r.idAseguradora === 0 ? tariff.insurers : tariff.insurers.filter((i) => i.idAseguradora === r.idAseguradora);
  if (insurers.length === 0) throw business('aseguradoraDesconocida', 'idAseguradora');
  const out: Candidate[] = [];
  // The deepest reason seen: the package exists but the payment form or the unit type/use is not rated.
  let reason: keyof typeof NO_CANDIDATE = 'idPaquete';
  for (const insurer of insurers) {
    for (const pkg of insurer.packages) {
      if (r.idPaquete !== 0 && pkg.idPaquete !== r.idPaquete) continue;
      const surcharge = insurer.surcharges.find((x) => x.idFormaPago === resolved.idFormaPago)?.rate;
      if (surcharge === undefined) {
        if (reason === 'idPaquete') reason = 'idFormaPago';
        continue;
      }
      const rate = pkg.rates.find((x) => x.idTipoUnidad === r.idTipoUnidad && x.idUsoAutomovil === r.idUsoAutomovil);
      if (rate === undefined) {
        reason = 'idUsoAutomovil';
        continue;
      }
      out.push({ insurer, pkg, rate, surcharge });
    }
  }
  if (out.length === 0) throw business(NO_CANDIDATE[reason], reason);
  return out;
}

function priceCandidate(resolved: Resolved, cand: Candidate, settings: PricingSettings): PricedOffer {
  const { tariff, start } = settings;
  const ivaRate = settings.ivaRate ?? tariff.ivaRate;
  const receipts: PolicyReceipt[] = [];
  let totalCents = 0;
  for (const period of resolved.periods) {
    const i = period.year - 1;
    const netCents = netPremiumCents({
      pkg: cand.pkg,
      rate: cand.rate,
      rateFactor: resolved.replacement.rateFactor,
      zoneFactor: resolved.zone.factor,
      theftZoneFactor: resolved.zone.theftFactor,
      ageFactor: ageFactor(tariff, resolved.ageYears + i),
      vehicleCents: resolved.vehicleByYear[i] ?? 0,
      accessoriesCents: resolved.accessoriesByYear[i] ?? 0,
      specialEquipmentCents: resolved.equipmentByYear[i] ?? 0,
      months: period.months,
    });
    const surchargeRate = scaledDecimal(cand.surcharge); // net × rate half-up, exact (as decimal.js's exact product)
    const surchargeCents = roundedQuotient(BigInt(netCents) * surchargeRate.coef, pow10n(surchargeRate.scale));
    const plan: ReceiptPlan = {
      start,
      fromMonth: period.fromMonth,
      months: period.months,
      monthsPerReceipt: resolved.monthsPerReceipt,
      premiumCents: netCents + surchargeCents,
      // One policy, one fee: on the first receipt of the first policy year.
      policyFeeCents: period.year === 1 ? parseCents(cand.insurer.policyFee) : 0,
      ivaRate,
      firstNumber: receipts.length + 1,
    };
    // Speed: the receipts' days depend on the dates alone, so the first offer computes them for all
    // instead of each offer computing its own (`buildReceipts`); buys 9–22 µs of 60–74 µs per policy
    // quote (A/B on npm run bench's policy case, 9 offers, 2026-11-26, 62d6257).
    resolved.receiptDays[i] ??= receiptDays(plan);
    const block = appendReceipts(plan, resolved.receiptDays[i], receipts);
    totalCents += block.totalCents;
  }
  const last = resolved.periods[resolved.periods.length - 1];
  const endMonth = last === undefined ? 0 : last.fromMonth + last.months;
  return {
    insurer: cand.insurer,
    pkg: cand.pkg,
    start,
    end: addMonthsCivil(start, endMonth),
    totalCents,
    receipts,
    gapCents: gapPremiumCents(cand.insurer, resolved.credit, ivaRate),
    lifeCents: lifePremiumCents(cand.insurer, resolved.credit, settings.conventions.lifeBalance, settings.lifeBalances),
  };
}

/**
 * Prices every insurer × package the risk selects (`idAseguradora`, `idPaquete`; 0 = all).
 * Pure: never reads the clock, never mutates its inputs. Throws a {@link QuoteError} ERRNEG001
 * naming the risk's field for what the tariff does not cover.
 *
 * @example
 * ```ts
 * const risk: PolicyRisk = { idPaquete: 0, idAseguradora: 0, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idClaveVehiculo: 1002, modelo: 2026, montoSumaAsegurada: 35_000_000, sumaAccesorio: 0, sumaEquipoEspecial: 0,
 *   enganche: 7_000_000, plazoFinanciado: 36, codigoPostal: '03100' };
 * const offers = priceOffers(risk, { start: toCivilDay(2026, 1, 31), tariff: defaultTariff(), conventions: DEFAULT_POLICY_CONVENTIONS });
 * offers.length; // 9 (3 insurers × 3 packages)
 * ```
 */
export function priceOffers(risk: PolicyRisk, settings: PricingSettings): PricedOffer[] {
  if (settings.ivaRate !== undefined && !IVA_RATE.test(settings.ivaRate)) throw insuranceError('ERRESQ005', 'ivaTasaInvalida', 'ivaRate');
  const resolved = resolveRisk(risk, settings.tariff, settings.conventions, settings.start);
  return selectCandidates(risk, settings.tariff, resolved).map((cand) => priceCandidate(resolved, cand, settings));
}
