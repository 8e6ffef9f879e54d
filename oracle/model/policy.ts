/**
 * The policy quote (SegAutoVendor), exactly, from docs/insurance.md ("Formulas", "Receipts",
 * "GAP and debtor life", "Codes and conventions", "Tariff format") and
 * /work/shared/reference/insurance.md. The tariff is read as the documented JSON data.
 *
 * Not modelled (their format is not fixed by the docs): `descPaquete`, `idCotizacion`,
 * `urlCotizacion`. Readings the docs leave open (docs/oracle.md): the age of policy year k is
 * max(0, start year − modelo) + (k − 1); offers in tariff order; errors checked in a fixed order.
 */
import { addMonths, type Day, formatDmy, parseIso, ymdOf } from './calendar.js';
import { type Q, add, centsOf, floorDiv, formatCents, fromDecimal, mul, q, roundHalfUp, roundQ } from './rational.js';

// ---------------------------------------------------------------- the tariff, as documented data

export interface TariffData {
  readonly name: string;
  readonly version: string;
  readonly ivaRate: string;
  readonly paymentForms: readonly { idFormaPago: number; name: string; monthsPerReceipt: number }[];
  readonly limits: {
    minSumInsured: string;
    maxSumInsured: string;
    maxAccessories: string;
    maxSpecialEquipment: string;
    maxVehicleAgeYears: number;
    maxPolicyYears: number;
  };
  readonly unitTypes: readonly { idTipoUnidad: number; name: string }[];
  readonly uses: readonly { idUsoAutomovil: number; name: string }[];
  readonly vehicles: readonly { idClaveVehiculo: number; description: string; idTipoUnidad: number; maxSumInsured?: string }[];
  readonly zones: {
    states: readonly { cveEntidadFederativa: number; name: string; factor: string; theftFactor?: string }[];
    postalPrefixes: readonly { prefix: string; factor: string; theftFactor?: string }[];
  };
  readonly vehicleAge: readonly { fromYears: number; factor: string }[];
  readonly replacementValues: readonly {
    indicadorReposicion: number;
    name: string;
    rateFactor: string;
    sumInsuredByYear: readonly string[];
  }[];
  readonly defaultIndicadorReposicion: number;
  readonly insurers: readonly TariffInsurerData[];
}

export interface TariffInsurerData {
  readonly idAseguradora: number;
  readonly name: string;
  readonly policyFee: string;
  readonly surcharges: readonly { idFormaPago: number; rate: string }[];
  readonly gap?: { base: 'invoice' | 'financed'; annualRate: string; vat: boolean };
  readonly life?: { monthlyRatePerThousand: string };
  readonly packages: readonly {
    idPaquete: number;
    name: string;
    accessoriesRate: string;
    specialEquipmentRate: string;
    rates: readonly { idTipoUnidad: number; idUsoAutomovil: number; rate: string; theftRate?: string; fixedPremium: string }[];
  }[];
}

// ---------------------------------------------------------------- request and answer

export interface PolicyQuestion {
  readonly solicitud: Readonly<Record<string, unknown>>;
  readonly fechaInicio: string;
  readonly tariff: TariffData;
  readonly lifeBalance?: 'declining' | 'flat';
  /** The credit's balance at the start of each month (decimal texts). */
  readonly lifeBalances?: readonly string[];
}

export interface OracleReceipt {
  readonly numeroRecibo: string;
  readonly vigenciaInicial: string;
  readonly vigenciaFin: string;
  readonly primaTotal: string;
}

export interface OracleOffer {
  readonly vigenciaInicial: string;
  readonly vigenciaFin: string;
  readonly primaTotal: string;
  readonly idAseguradora: string;
  readonly aseguradora: string;
  readonly paquete: string;
  readonly seguroGap: string;
  readonly segVida: string;
  readonly listaRecibos: readonly OracleReceipt[];
  /** Cents, for the credit quote. */
  readonly primaTotalCents: bigint;
  readonly segVidaCents: bigint;
  readonly idPaquete: number;
}

export interface OracleError {
  readonly error: string;
  readonly field: string;
}

export type PolicyAnswer = { readonly offers: readonly OracleOffer[] } | OracleError;

const num = (x: unknown): number | undefined => (typeof x === 'number' ? x : undefined);
const text = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const fail = (field: string): OracleError => ({ error: 'ERRNEG001', field });

/** The policy quote's offers (docs/insurance.md), or the business error the docs name. */
export function quotePolicyOracle(question: PolicyQuestion): PolicyAnswer {
  const s = question.solicitud;
  const t = question.tariff;
  const start = parseIso(question.fechaInicio);
  if (start === undefined) return { error: 'ERRESQ005', field: 'fechaInicio' };
  const ivaRate = fromDecimal(t.ivaRate);

  const vehicle = t.vehicles.find((v) => v.idClaveVehiculo === num(s['idClaveVehiculo']));
  if (!vehicle) return fail('idClaveVehiculo');
  const idTipoUnidad = num(s['idTipoUnidad']) as number;
  if (vehicle.idTipoUnidad !== idTipoUnidad) return fail('idTipoUnidad');
  const sum = centsOf(text(s['montoSumaAsegurada']) as string);
  if (sum < centsOf(t.limits.minSumInsured) || sum > centsOf(t.limits.maxSumInsured)) return fail('montoSumaAsegurada');
  if (vehicle.maxSumInsured !== undefined && sum > centsOf(vehicle.maxSumInsured)) return fail('montoSumaAsegurada');
  const accessories = s['sumaAccesorio'] === undefined ? 0n : centsOf(text(s['sumaAccesorio']) as string);
  if (accessories > centsOf(t.limits.maxAccessories)) return fail('sumaAccesorio');
  const equipment = s['sumaEquipoEspecial'] === undefined ? 0n : centsOf(text(s['sumaEquipoEspecial']) as string);
  if (equipment > centsOf(t.limits.maxSpecialEquipment)) return fail('sumaEquipoEspecial');
  const enganche = centsOf(text(s['enganche']) as string);
  if (enganche > sum) return fail('enganche');

  // zone: the longest matching postal prefix, else the state
  const cp = text(s['codigoPostal']) ?? '';
  const state = t.zones.states.find((z) => z.cveEntidadFederativa === num(s['cveEntidadFederativa']));
  if (!state) return fail('cveEntidadFederativa');
  // total theft's factor: the same entry's theftFactor, else its factor
  let zone = fromDecimal(state.factor);
  let theftZone = fromDecimal(state.theftFactor ?? state.factor);
  let longest = 0;
  for (const p of t.zones.postalPrefixes) {
    if (cp.startsWith(p.prefix) && p.prefix.length > longest) {
      longest = p.prefix.length;
      zone = fromDecimal(p.factor);
      theftZone = fromDecimal(p.theftFactor ?? p.factor);
    }
  }

  // age: start year − modelo; next year's model is age 0
  const startYear = ymdOf(start).y;
  const modelo = num(s['modelo']) as number;
  const age = startYear - modelo;
  if (age < -1 || age > t.limits.maxVehicleAgeYears) return fail('modelo');
  const baseAge = Math.max(0, age);

  const idFormaPago = num(s['idFormaPago']) || 1;
  const form = t.paymentForms.find((f) => f.idFormaPago === idFormaPago);
  if (!form) return fail('idFormaPago');

  const indicador = num(s['indicadorReposicion']) || t.defaultIndicadorReposicion;
  const replacement = t.replacementValues.find((r) => r.indicadorReposicion === indicador);
  if (!replacement) return fail('indicadorReposicion');

  const idVigencia = num(s['idVigencia']) || 1;
  if (idVigencia !== 1 && idVigencia !== 2) return fail('idVigencia');
  const plazoFinanciado = num(s['plazoFinanciado']) as number;
  let periods: { months: number; fromMonth: number }[];
  if (idVigencia === 1) {
    const plazoMeses = num(s['plazoMeses']) || 12;
    if (plazoMeses > 12) return fail('plazoMeses');
    periods = [{ months: plazoMeses, fromMonth: 0 }];
  } else {
    const years = Math.ceil(plazoFinanciado / 12);
    if (plazoFinanciado === 0 || years > t.limits.maxPolicyYears) return fail('plazoFinanciado');
    periods = Array.from({ length: years }, (_, k) => ({ months: 12, fromMonth: 12 * k }));
  }

  const idAseguradora = num(s['idAseguradora']) || 0;
  const insurers = idAseguradora === 0 ? t.insurers : t.insurers.filter((i) => i.idAseguradora === idAseguradora);
  if (insurers.length === 0) return fail('idAseguradora');
  const idPaquete = num(s['idPaquete']) || 0;
  const idUso = num(s['idUsoAutomovil']) as number;

  const offers: OracleOffer[] = [];
  let reason: string | undefined;
  for (const insurer of insurers) {
    const surcharge = insurer.surcharges.find((x) => x.idFormaPago === idFormaPago);
    const packages = idPaquete === 0 ? insurer.packages : insurer.packages.filter((p) => p.idPaquete === idPaquete);
    if (packages.length === 0) {
      reason ??= 'idPaquete';
      continue;
    }
    if (!surcharge) {
      reason = 'idFormaPago';
      continue;
    }
    for (const pkg of packages) {
      const row = pkg.rates.find((r) => r.idTipoUnidad === idTipoUnidad && r.idUsoAutomovil === idUso);
      if (!row) {
        reason = reason === 'idFormaPago' ? reason : 'idUsoAutomovil';
        continue;
      }
      offers.push(
        priceOffer({
          insurer,
          pkgName: pkg.name,
          idPaquete: pkg.idPaquete,
          rate: fromDecimal(row.rate),
          theftRate: fromDecimal(row.theftRate ?? '0'),
          fixed: centsOf(row.fixedPremium),
          accessoriesRate: fromDecimal(pkg.accessoriesRate),
          equipmentRate: fromDecimal(pkg.specialEquipmentRate),
          surcharge: fromDecimal(surcharge.rate),
          sum,
          accessories,
          equipment,
          enganche,
          zone,
          theftZone,
          baseAge,
          tariff: t,
          replacement,
          periods,
          monthsPerReceipt: form.monthsPerReceipt,
          start,
          ivaRate,
          plazoFinanciado,
          lifeBalance: question.lifeBalance ?? 'declining',
          lifeBalances: question.lifeBalances,
        }),
      );
    }
  }
  if (offers.length === 0) return fail(reason ?? 'idPaquete');
  return { offers };
}

interface Pricing {
  readonly insurer: TariffInsurerData;
  readonly pkgName: string;
  readonly idPaquete: number;
  readonly rate: Q;
  readonly theftRate: Q;
  readonly fixed: bigint;
  readonly accessoriesRate: Q;
  readonly equipmentRate: Q;
  readonly surcharge: Q;
  readonly sum: bigint;
  readonly accessories: bigint;
  readonly equipment: bigint;
  readonly enganche: bigint;
  readonly zone: Q;
  readonly theftZone: Q;
  readonly baseAge: number;
  readonly tariff: TariffData;
  readonly replacement: TariffData['replacementValues'][number];
  readonly periods: readonly { months: number; fromMonth: number }[];
  readonly monthsPerReceipt: number;
  readonly start: Day;
  readonly ivaRate: Q;
  readonly plazoFinanciado: number;
  readonly lifeBalance: 'declining' | 'flat';
  readonly lifeBalances: readonly string[] | undefined;
}

const roundTimes = (cents: bigint, x: Q): bigint => roundHalfUp(cents * x.n, x.d);

function priceOffer(p: Pricing): OracleOffer {
  const rateFactor = fromDecimal(p.replacement.rateFactor);
  const fractions = p.replacement.sumInsuredByYear.map(fromDecimal);
  const ages = [...p.tariff.vehicleAge].sort((a, b) => a.fromYears - b.fromYears);
  const receipts: OracleReceipt[] = [];
  let total = 0n;
  let number = 1;
  p.periods.forEach((period, index) => {
    const k = index + 1;
    const fraction = fractions[Math.min(k - 1, fractions.length - 1)] as Q;
    const S = roundTimes(p.sum, fraction);
    const A = roundTimes(p.accessories, fraction);
    const E = roundTimes(p.equipment, fraction);
    let ageFactor = fromDecimal((ages[0] as { factor: string }).factor);
    for (const a of ages) if (a.fromYears <= p.baseAge + (k - 1)) ageFactor = fromDecimal(a.factor);
    // (S·rate·rateFactor + A·accessoriesRate + E·specialEquipmentRate + fixed) × zone × age × months/12, one rounding
    const base =
      S * p.rate.n * rateFactor.n * (p.accessoriesRate.d * p.equipmentRate.d) +
      A * p.accessoriesRate.n * (p.rate.d * rateFactor.d * p.equipmentRate.d) +
      E * p.equipmentRate.n * (p.rate.d * rateFactor.d * p.accessoriesRate.d) +
      p.fixed * (p.rate.d * rateFactor.d * p.accessoriesRate.d * p.equipmentRate.d);
    const baseDen = p.rate.d * rateFactor.d * p.accessoriesRate.d * p.equipmentRate.d;
    // + S·theftRate·rateFactor × theftZone (docs/insurance.md, "Formulas"), then × age × months / 12, one rounding
    const general = q(base * p.zone.n, baseDen * p.zone.d);
    const theft = mul(mul(q(S), p.theftRate), mul(rateFactor, p.theftZone));
    const neta = roundQ(mul(add(general, theft), q(ageFactor.n * BigInt(period.months), ageFactor.d * 12n)));
    const recargo = roundTimes(neta, p.surcharge);
    const derecho = k === 1 ? centsOf(p.insurer.policyFee) : 0n;
    const iva = roundTimes(neta + recargo + derecho, p.ivaRate);
    const periodTotal = neta + recargo + derecho + iva;
    total += periodTotal;
    const N = Math.ceil(period.months / p.monthsPerReceipt);
    const later = floorDiv((neta + recargo) * (p.ivaRate.d + p.ivaRate.n), p.ivaRate.d * BigInt(N));
    for (let i = 0; i < N; i++) {
      const from = addMonths(p.start, period.fromMonth + i * p.monthsPerReceipt);
      const to =
        i === N - 1
          ? addMonths(p.start, period.fromMonth + period.months)
          : addMonths(p.start, period.fromMonth + (i + 1) * p.monthsPerReceipt);
      const cents = i === 0 ? periodTotal - BigInt(N - 1) * later : later;
      receipts.push({
        numeroRecibo: String(number++),
        vigenciaInicial: formatDmy(from),
        vigenciaFin: formatDmy(to),
        primaTotal: formatCents(cents),
      });
    }
  });
  const months = p.periods.reduce((m, x) => m + x.months, 0);
  const financed = p.sum - p.enganche;
  const n = BigInt(p.plazoFinanciado);
  let gap = 0n;
  if (p.insurer.gap && n > 0n) {
    const rate = fromDecimal(p.insurer.gap.annualRate);
    const base = p.insurer.gap.base === 'invoice' ? p.sum : financed;
    const net = roundHalfUp(base * rate.n * n, rate.d * 12n);
    gap = p.insurer.gap.vat ? net + roundTimes(net, p.ivaRate) : net;
  }
  let life = 0n;
  if (p.insurer.life && n > 0n) {
    const rate = fromDecimal(p.insurer.life.monthlyRatePerThousand);
    // Σ balances: declining F·(n + 1)/2, flat F·n, or the caller's balances
    let sumNum: bigint;
    let sumDen = 1n;
    if (p.lifeBalances) {
      sumNum = p.lifeBalances.reduce((acc, b) => acc + centsOf(b), 0n);
    } else if (p.lifeBalance === 'flat') {
      sumNum = financed * n;
    } else {
      sumNum = financed * (n + 1n);
      sumDen = 2n;
    }
    life = roundHalfUp(sumNum * rate.n, sumDen * rate.d * 1000n);
  }
  return {
    vigenciaInicial: formatDmy(p.start),
    vigenciaFin: formatDmy(addMonths(p.start, months)),
    primaTotal: formatCents(total),
    idAseguradora: String(p.insurer.idAseguradora),
    aseguradora: p.insurer.name,
    paquete: p.pkgName,
    seguroGap: formatCents(gap),
    segVida: formatCents(life),
    listaRecibos: receipts,
    primaTotalCents: total,
    segVidaCents: life,
    idPaquete: p.idPaquete,
  };
}
