/**
 * The SegAutoVendor engine: validates the request, resolves the risk against the tariff and prices
 * every selected insurer × package, one policy period at a time.
 */
import { PolicyRequestSchema, type PolicyOffer, type PolicyRequest, type PolicyResult, type Receipt } from '../contracts/policy.js';
import { assertValid } from '../validation/validate.js';
import { QuoteError } from '../errors/quoteError.js';
import { AMOUNT_PATTERN, formatCents, parseCents } from '../money/cents.js';
import { Decimal, ROUND_HALF_UP } from '../money/decimal.js';
import { addMonthsCivil, formatDmyDate, fromCivilDay, parseIsoDate, type CivilDay } from '../dates/civil.js';
import { DEFAULT_POLICY_CONVENTIONS, type LifeBalanceMethod, type PolicyConventions } from '../insurance/conventions.js';
import { DEFAULT_TARIFF } from '../insurance/defaultTariff.js';
import { gapPremiumCents, lifePremiumCents, type CreditExposure } from '../insurance/extras.js';
import { canonicalJson, fillUrlTemplate, offerId } from './policy/offerId.js';
import { ageFactor, netPremiumCents, sumsInsuredByYear, zoneFactor } from '../insurance/rating.js';
import { buildReceipts } from '../insurance/receipts.js';
import { assertTariff, type ReplacementValue, type Tariff, type TariffInsurer, type TariffPackage } from '../insurance/tariff.js';

/**
 * Options of {@link quotePolicy}.
 *
 * @example
 * ```ts
 * const options: PolicyOptions = { fechaInicio: '2025-03-10', lifeBalance: 'flat', urlTemplate: 'https://x.example/{idCotizacion}' };
 * ```
 */
export interface PolicyOptions {
  /**
   * Policy start, `YYYY-MM-DD`. Required: the engine never reads the clock. A server passes today's
   * date in Mexico City, e.g. `new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date())`.
   */
  readonly fechaInicio?: string;
  /** The tariff to rate with (default {@link DEFAULT_TARIFF}, ILLUSTRATIVE). Validated on use unless it came from `loadTariff`. */
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

const business = (mensaje: string, field: string): QuoteError => new QuoteError('ERRNEG001', mensaje, field);
const badOption = (mensaje: string, field: string): QuoteError => new QuoteError('ERRESQ005', mensaje, field);

/** One policy period: a policy year, or the whole annual policy of `plazoMeses`. */
interface Period {
  readonly year: number;
  readonly fromMonth: number;
  readonly months: number;
}

/** The request resolved against the tariff: everything common to all offers. */
interface Risk {
  readonly tariff: Tariff;
  readonly start: CivilDay;
  readonly periods: readonly Period[];
  readonly idFormaPago: number;
  readonly monthsPerReceipt: number;
  readonly replacement: ReplacementValue;
  readonly zoneFactor: string;
  readonly ageYears: number;
  readonly vehicleByYear: readonly number[];
  readonly accessoriesByYear: readonly number[];
  readonly equipmentByYear: readonly number[];
  readonly credit: CreditExposure;
}

function resolveConventions(options: PolicyOptions): PolicyConventions {
  const c: PolicyConventions = { ...DEFAULT_POLICY_CONVENTIONS, ...options.conventions };
  const merged = { ...c, urlTemplate: options.urlTemplate ?? c.urlTemplate, lifeBalance: options.lifeBalance ?? c.lifeBalance };
  if (typeof merged.urlTemplate !== 'string' || merged.urlTemplate === '') throw badOption('Plantilla de URL no válida', 'urlTemplate');
  if (merged.lifeBalance !== 'declining' && merged.lifeBalance !== 'flat') throw badOption("Use 'declining' o 'flat'", 'lifeBalance');
  if (!Number.isInteger(merged.idLength) || merged.idLength < 8 || merged.idLength > 64) {
    throw badOption('Longitud de idCotizacion entre 8 y 64', 'conventions.idLength');
  }
  return merged;
}

/** The validated start date: its text (for ids and receipts) and its civil day. */
function parseStart(options: PolicyOptions): { readonly text: string; readonly day: CivilDay } {
  const text = options.fechaInicio;
  if (text === undefined) {
    throw new QuoteError('ERRESQ006', 'Falta la fecha de inicio de vigencia (el motor no lee el reloj)', 'fechaInicio');
  }
  const day = typeof text === 'string' ? parseIsoDate(text) : undefined;
  if (day === undefined) throw badOption('Fecha de inicio no válida (YYYY-MM-DD)', 'fechaInicio');
  return { text, day };
}

function parseLifeBalances(options: PolicyOptions): number[] | undefined {
  return options.lifeBalances?.map((b, i) => {
    if (typeof b !== 'string' || !AMOUNT_PATTERN.test(b)) throw badOption('Saldo no válido', `lifeBalances[${i}]`);
    return parseCents(b);
  });
}

function orDefault(value: number | undefined, fallback: number): number {
  return value === undefined || value === 0 ? fallback : value;
}

function periodsOf(s: PolicyRequest, tariff: Tariff, c: PolicyConventions): Period[] {
  const idVigencia = orDefault(s.idVigencia, c.defaultIdVigencia);
  if (idVigencia === c.idVigenciaAnual) {
    const months = s.plazoMeses ?? c.defaultPlazoMeses;
    if (months > c.maxPlazoMesesAnual) throw business(`Una póliza anual cubre a lo más ${c.maxPlazoMesesAnual} meses`, 'plazoMeses');
    return [{ year: 1, fromMonth: 0, months }];
  }
  if (idVigencia !== c.idVigenciaMultianual) throw business('Modalidad de vigencia no soportada', 'idVigencia');
  if (s.plazoFinanciado === 0) throw business('Una póliza multianual requiere plazoFinanciado', 'plazoFinanciado');
  const years = Math.ceil(s.plazoFinanciado / 12);
  if (years > tariff.limits.maxPolicyYears) {
    throw business(`La póliza multianual cubre a lo más ${tariff.limits.maxPolicyYears} años`, 'plazoFinanciado');
  }
  return Array.from({ length: years }, (_, k) => ({ year: k + 1, fromMonth: 12 * k, months: 12 }));
}

function resolveRisk(s: PolicyRequest, tariff: Tariff, c: PolicyConventions, start: CivilDay): Risk {
  const vehicle = tariff.vehicles.find((v) => v.idClaveVehiculo === s.idClaveVehiculo);
  if (vehicle === undefined) throw business('Clave de vehículo desconocida', 'idClaveVehiculo');
  if (vehicle.idTipoUnidad !== s.idTipoUnidad) throw business('El tipo de unidad no corresponde a la clave del vehículo', 'idTipoUnidad');
  if (!tariff.uses.some((u) => u.idUsoAutomovil === s.idUsoAutomovil)) throw business('Uso de la unidad no tarifado', 'idUsoAutomovil');

  const amountCents = parseCents(s.montoSumaAsegurada);
  const { limits } = tariff;
  if (amountCents < parseCents(limits.minSumInsured)) throw business(`Suma asegurada menor que ${limits.minSumInsured}`, 'montoSumaAsegurada');
  if (amountCents > parseCents(limits.maxSumInsured)) throw business(`Suma asegurada mayor que ${limits.maxSumInsured}`, 'montoSumaAsegurada');
  if (vehicle.maxSumInsured !== undefined && amountCents > parseCents(vehicle.maxSumInsured)) {
    throw business(`Suma asegurada mayor que ${vehicle.maxSumInsured} para esta clave`, 'montoSumaAsegurada');
  }
  const accessoriesCents = parseCents(s.sumaAccesorio ?? '0');
  if (accessoriesCents > parseCents(limits.maxAccessories)) throw business(`Accesorios por encima de ${limits.maxAccessories}`, 'sumaAccesorio');
  const equipmentCents = parseCents(s.sumaEquipoEspecial ?? '0');
  if (equipmentCents > parseCents(limits.maxSpecialEquipment)) {
    throw business(`Equipo especial por encima de ${limits.maxSpecialEquipment}`, 'sumaEquipoEspecial');
  }
  const downCents = parseCents(s.enganche);
  if (downCents > amountCents) throw business('El enganche excede la suma asegurada', 'enganche');

  const zone = zoneFactor(tariff, s.cveEntidadFederativa, s.codigoPostal);
  if (zone === undefined) throw business('Entidad federativa no tarifada', 'cveEntidadFederativa');

  // Next year's model is sold during this one: age −1 counts as new.
  const age = fromCivilDay(start).year - s.modelo;
  if (age < -1) throw business('Año modelo posterior al siguiente', 'modelo');
  if (age > limits.maxVehicleAgeYears) throw business(`Unidad con más de ${limits.maxVehicleAgeYears} años`, 'modelo');

  const idFormaPago = orDefault(s.idFormaPago, c.defaultIdFormaPago);
  const form = tariff.paymentForms.find((f) => f.idFormaPago === idFormaPago);
  if (form === undefined) throw business('Forma de pago no soportada', 'idFormaPago');

  const idReposicion = orDefault(s.indicadorReposicion, tariff.defaultIndicadorReposicion);
  const replacement = tariff.replacementValues.find((r) => r.indicadorReposicion === idReposicion);
  if (replacement === undefined) throw business('Tipo de valor de reposición no soportado', 'indicadorReposicion');

  const periods = periodsOf(s, tariff, c);
  return {
    tariff,
    start,
    periods,
    idFormaPago,
    monthsPerReceipt: form.monthsPerReceipt,
    replacement,
    zoneFactor: zone,
    ageYears: Math.max(0, age),
    vehicleByYear: sumsInsuredByYear(amountCents, replacement, periods.length),
    accessoriesByYear: sumsInsuredByYear(accessoriesCents, replacement, periods.length),
    equipmentByYear: sumsInsuredByYear(equipmentCents, replacement, periods.length),
    credit: { invoiceCents: amountCents, financedCents: amountCents - downCents, months: s.plazoFinanciado },
  };
}

/** A package an insurer can price for this risk. */
interface Candidate {
  readonly insurer: TariffInsurer;
  readonly pkg: TariffPackage;
  readonly rate: TariffPackage['rates'][number];
  readonly surcharge: string;
}

/** Selects insurer × package pairs; throws naming the most specific reason when none is left. */
function selectCandidates(s: PolicyRequest, risk: Risk): Candidate[] {
  const idAseguradora = s.idAseguradora ?? 0;
  const idPaquete = s.idPaquete ?? 0;
  const insurers = idAseguradora === 0 ? risk.tariff.insurers : risk.tariff.insurers.filter((i) => i.idAseguradora === idAseguradora);
  if (insurers.length === 0) throw business('Aseguradora desconocida', 'idAseguradora');
  const out: Candidate[] = [];
  // The deepest reason seen: the package exists but the payment form or the unit type/use is not rated.
  let reason: 'idPaquete' | 'idFormaPago' | 'idUsoAutomovil' = 'idPaquete';
  for (const insurer of insurers) {
    for (const pkg of insurer.packages) {
      if (idPaquete !== 0 && pkg.idPaquete !== idPaquete) continue;
      const surcharge = insurer.surcharges.find((x) => x.idFormaPago === risk.idFormaPago)?.rate;
      if (surcharge === undefined) {
        if (reason === 'idPaquete') reason = 'idFormaPago';
        continue;
      }
      const rate = pkg.rates.find((r) => r.idTipoUnidad === s.idTipoUnidad && r.idUsoAutomovil === s.idUsoAutomovil);
      if (rate === undefined) {
        reason = 'idUsoAutomovil';
        continue;
      }
      out.push({ insurer, pkg, rate, surcharge });
    }
  }
  if (out.length === 0) {
    const messages = {
      idPaquete: 'Paquete no ofrecido',
      idFormaPago: 'Forma de pago no ofrecida por la aseguradora',
      idUsoAutomovil: 'Combinación de tipo y uso de unidad no tarifada',
    };
    throw business(messages[reason], reason);
  }
  return out;
}

function priceOffer(
  idPrefix: string,
  risk: Risk,
  cand: Candidate,
  c: PolicyConventions,
  fechaInicio: string,
  lifeBalances: readonly number[] | undefined,
): PolicyOffer {
  const { tariff } = risk;
  const receipts: Receipt[] = [];
  let totalCents = 0;
  for (const period of risk.periods) {
    const i = period.year - 1;
    const netCents = netPremiumCents({
      pkg: cand.pkg,
      rate: cand.rate,
      rateFactor: risk.replacement.rateFactor,
      zoneFactor: risk.zoneFactor,
      ageFactor: ageFactor(tariff, risk.ageYears + i),
      vehicleCents: risk.vehicleByYear[i] ?? 0,
      accessoriesCents: risk.accessoriesByYear[i] ?? 0,
      specialEquipmentCents: risk.equipmentByYear[i] ?? 0,
      months: period.months,
    });
    const surchargeCents = new Decimal(netCents).times(cand.surcharge).toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
    const block = buildReceipts({
      start: fechaInicio,
      fromMonth: period.fromMonth,
      months: period.months,
      monthsPerReceipt: risk.monthsPerReceipt,
      premiumCents: netCents + surchargeCents,
      // One policy, one fee: on the first receipt of the first policy year.
      policyFeeCents: period.year === 1 ? parseCents(cand.insurer.policyFee) : 0,
      ivaRate: tariff.ivaRate,
      firstNumber: receipts.length + 1,
    });
    totalCents += block.totalCents;
    receipts.push(...block.receipts);
  }
  const last = risk.periods[risk.periods.length - 1];
  const endMonth = last === undefined ? 0 : last.fromMonth + last.months;
  const core = {
    vigenciaInicial: formatDmyDate(risk.start),
    vigenciaFin: formatDmyDate(addMonthsCivil(risk.start, endMonth)),
    primaTotal: formatCents(totalCents),
    idAseguradora: String(cand.insurer.idAseguradora),
    aseguradora: cand.insurer.name,
    paquete: cand.pkg.name,
    descPaquete: cand.pkg.coverages.map((x) => `${x.name} (suma asegurada: ${x.sumInsured}; deducible: ${x.deductible})`).join(', '),
    seguroGap: formatCents(gapPremiumCents(cand.insurer, risk.credit, tariff.ivaRate)),
    segVida: formatCents(lifePremiumCents(cand.insurer, risk.credit, c.lifeBalance, lifeBalances)),
  };
  const idCotizacion = offerId(idPrefix, { idPaquete: cand.pkg.idPaquete, oferta: core, listaRecibos: receipts }, c.idLength);
  const urlCotizacion = fillUrlTemplate(c.urlTemplate, {
    idCotizacion,
    idAseguradora: core.idAseguradora,
    idPaquete: String(cand.pkg.idPaquete),
  });
  return { ...core, idCotizacion, urlCotizacion, listaRecibos: receipts };
}

/**
 * Quotes vehicle insurance (SegAutoVendor): one offer per selected insurer × package, each with
 * its receipts, GAP and debtor-life premiums. Takes the object inside the request's `solicitud`
 * wrapper and returns the response's `resultado`. Pure: never reads the clock, never mutates its
 * inputs, same result under any `TZ`.
 *
 * Throws {@link QuoteError}: ERRESQ002–006 for a malformed request (`valorIncorrecto` = field path),
 * ERRESQ006 `fechaInicio` when the start date is missing, ERRNEG001 naming the field for what the
 * tariff does not cover (unknown `idClaveVehiculo`, `montoSumaAsegurada` out of limits, unit
 * type/use not rated…).
 *
 * @example
 * ```ts
 * const { listaSeguroAuto } = quotePolicy(
 *   { idPaquete: 0, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1, idClaveVehiculo: 1001,
 *     modelo: 2025, idAgencia: 10, montoSumaAsegurada: '350000.00', enganche: '70000.00',
 *     plazoFinanciado: 36, codigoPostal: '03100', idFormaPago: 4 },
 *   { fechaInicio: '2025-01-15' },
 * );
 * listaSeguroAuto.length; // 9 (3 insurers × 3 packages)
 * listaSeguroAuto[0]!.listaRecibos.length; // 12 (mensual)
 * ```
 */
export function quotePolicy(solicitud: PolicyRequest, options: PolicyOptions = {}): PolicyResult {
  assertValid(PolicyRequestSchema, solicitud);
  const start = parseStart(options);
  const c = resolveConventions(options);
  const lifeBalances = parseLifeBalances(options);
  const tariff = options.tariff ?? DEFAULT_TARIFF;
  assertTariff(tariff);
  const risk = resolveRisk(solicitud, tariff, c, start.day);
  // The request's share of every offer id, serialised canonically once per quote.
  const idPrefix = canonicalJson({ solicitud, fechaInicio: start.text, tarifa: `${risk.tariff.name}@${risk.tariff.version}` });
  return { listaSeguroAuto: selectCandidates(solicitud, risk).map((cand) => priceOffer(idPrefix, risk, cand, c, start.text, lifeBalances)) };
}
