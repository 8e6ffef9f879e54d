/**
 * The default tariff's calibration (docs/insurance.md, "The default tariff's calibration"): its
 * rates follow from the public aggregates of /work/shared/reference/insurance.md by the documented
 * derivation, and the reference's worked car lands within ±15 % of the published average policy.
 * The figures below are the reference's; the derivation is recomputed here, not read from the data.
 */
import { describe, expect, it } from 'vitest';
import { defaultTariff, quotePolicy, type PolicyRequest } from '../../src/entry/insurance.js';
import { Decimal } from '../../src/money/decimal.js';

// The reference's aggregates.
const COLLISIONS_PER_VEHICLE = new Decimal('0.17'); // about 17 collisions a year per 100 insured vehicles
const NEW_CAR_CLAIM = new Decimal(28_000); // average collision claim for a new car
const WORKED_CAR = new Decimal(300_000); // the worked car's value, the claim's anchor
const DAMAGE_DEDUCTIBLE = new Decimal('0.05');
const THEFTS = new Decimal(62_867); // insured vehicles stolen in 12 months
const INSURED = new Decimal(19_800_000); // insured vehicles, end of 2024
const RECOVERED = new Decimal('0.41');
const THEFT_DEDUCTIBLE = new Decimal('0.10');
const LIABILITY_MEDICAL_ASSISTANCE = new Decimal(1_000); // ≈ 1,000 a year (the worked check)
const AVERAGE_POLICY = 7_800; // 2018
// Ours (documented as estimates): the split of the 1,000, the insurers' loadings, the unit relativities.
const LIABILITY_AND_ASSISTANCE = new Decimal(800); // without occupants' medical (the RC package)
const LOADING: Readonly<Record<number, string>> = { 1: '0.40', 2: '0.36', 3: '0.44' };
const RELATIVITY: Readonly<Record<string, string>> = { '1/1': '1.00', '2/1': '1.10', '3/1': '1.15', '3/2': '1.40' };

/** Own damage's risk rate: frequency × severity/value × e^(−deductible/severity), severity exponential and proportional to value. */
const damageRisk = COLLISIONS_PER_VEHICLE.times(NEW_CAR_CLAIM.div(WORKED_CAR)).times(
  DAMAGE_DEDUCTIBLE.times(WORKED_CAR).div(NEW_CAR_CLAIM).neg().exp(),
);
/** Total theft's risk rate: thefts per insured vehicle, the recovered ones netted, less the deductible. */
const theftRisk = THEFTS.div(INSURED).times(Decimal.sub(1, RECOVERED)).times(Decimal.sub(1, THEFT_DEDUCTIBLE));

const loaded = (risk: InstanceType<typeof Decimal>, insurer: number, places: number): string =>
  risk
    .div(Decimal.sub(1, LOADING[insurer] as string))
    .toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
    .toFixed(places);

describe('the default tariff follows the documented derivation', () => {
  it('the risk rates: damage ≈ 0.929 %, theft ≈ 0.169 % of the sum insured', () => {
    // 0.17 × 28,000/300,000 × e^(−15,000/28,000) = 0.17 × 0.093333 × 0.585251 = 0.0092860
    expect(damageRisk.toDecimalPlaces(7).toString()).toBe('0.009286');
    // 62,867 / 19,800,000 × 0.59 × 0.90 = 0.0031751 × 0.531 = 0.0016860
    expect(theftRisk.toDecimalPlaces(7).toString()).toBe('0.001686');
    // On the worked car: 2,785.80 and 505.79, beside the reference's own ≈ 2,900 and ≈ 560 (its theft without the deductible).
    expect(damageRisk.times(WORKED_CAR).toDecimalPlaces(2).toString()).toBe('2785.8');
    expect(theftRisk.times(WORKED_CAR).toDecimalPlaces(2).toString()).toBe('505.79');
  });

  it('every insurer, package and rate row is the risk × relativity, loaded', () => {
    for (const insurer of defaultTariff().insurers) {
      const id = insurer.idAseguradora;
      for (const pkg of insurer.packages) {
        for (const row of pkg.rates) {
          const relativity = new Decimal(RELATIVITY[`${row.idTipoUnidad}/${row.idUsoAutomovil}`] as string);
          const amplia = pkg.idPaquete === 1;
          const rc = pkg.idPaquete === 3;
          expect(row.rate).toBe(amplia ? loaded(damageRisk.times(relativity), id, 6) : '0');
          expect(row.theftRate).toBe(rc ? undefined : loaded(theftRisk.times(relativity), id, 6));
          const fixed = (rc ? LIABILITY_AND_ASSISTANCE : LIABILITY_MEDICAL_ASSISTANCE).times(relativity);
          expect(row.fixedPremium).toBe(loaded(fixed, id, 2));
        }
        // Accessories: damage and theft (Amplia) or theft (Limitada), loaded; special equipment 1.25 times that.
        const accessories = pkg.idPaquete === 1 ? damageRisk.plus(theftRisk) : pkg.idPaquete === 2 ? theftRisk : new Decimal(0);
        expect(pkg.accessoriesRate).toBe(pkg.idPaquete === 3 ? '0' : loaded(accessories, id, 6));
        expect(pkg.specialEquipmentRate).toBe(pkg.idPaquete === 3 ? '0' : loaded(accessories.times('1.25'), id, 6));
      }
    }
  });

  it('theft zones: the three leading states at 1.50, the rest at 0.75, the worst prefixes three times that', () => {
    const { states, postalPrefixes } = defaultTariff().zones;
    const leaders = new Set([9, 14, 15]); // Ciudad de México, Jalisco, Estado de México
    for (const s of states) expect(s.theftFactor).toBe(leaders.has(s.cveEntidadFederativa) ? '1.50' : '0.75');
    // "up to three times higher in the worst zones": 2.25 / 0.75 = 3.
    expect(postalPrefixes.map((p) => [p.prefix, p.theftFactor])).toEqual([
      ['55', '2.25'],
      ['57', '2.25'],
    ]);
    // With the leaders holding a third of the insured fleet (our assumption) the national average is
    // 1/3 × 1.50 + 2/3 × 0.75 = 1.00, and they see half the thefts (63 % in six states).
    expect((1 / 3) * 1.5 + (2 / 3) * 0.75).toBeCloseTo(1, 12);
  });

  it('collision zones: Nuevo León 1.49, Zacatecas and Baja California Sur 0.51, the rest 1.00', () => {
    // 10.5 and 3.6 collisions per 100 (2006) over their midpoint 7.05: 1.489 and 0.511.
    const factors = new Map(defaultTariff().zones.states.map((s) => [s.cveEntidadFederativa, s.factor]));
    expect([factors.get(19), factors.get(32), factors.get(3)]).toEqual([
      new Decimal('10.5').div('7.05').toFixed(2),
      new Decimal('3.6').div('7.05').toFixed(2),
      new Decimal('3.6').div('7.05').toFixed(2),
    ]);
    expect([...factors].filter(([k]) => ![19, 32, 3].includes(k)).every(([, f]) => f === '1.00')).toBe(true);
  });
});

describe('the reference’s worked car lands within ±15 % of the published average policy', () => {
  // A new car worth 300,000 (valor factura: rate factor 1.10), Amplia, automóvil particular,
  // contado, general zone 1.00; the national theft rate is the fleet-weighted average of the
  // zones: a third in a leading state (Jalisco, theft 1.50), two thirds elsewhere (Coahuila, 0.75).
  const car = (cveEntidadFederativa: number, codigoPostal: string, idAseguradora: number): PolicyRequest => ({
    idPaquete: 1,
    idAseguradora,
    cveEntidadFederativa,
    idTipoUnidad: 1,
    idUsoAutomovil: 1,
    idClaveVehiculo: 1001,
    modelo: 2026,
    idAgencia: 1,
    montoSumaAsegurada: '300000.00',
    enganche: '0.00',
    plazoFinanciado: 0,
    codigoPostal,
    idFormaPago: 1,
  });
  const primaTotal = (request: PolicyRequest): string => quotePolicy(request, { fechaInicio: '2026-01-31' }).listaSeguroAuto[0]!.primaTotal;

  it('Alfa (loading 40 %, the reference’s): 7,701.38 a year against 7,800 (−1.3 %)', () => {
    // general: (300,000 × 0.015477 × 1.10 + 1,666.67) × 1.00 = 5,107.41 + 1,666.67 = 6,774.08
    // theft:   300,000 × 0.002810 × 1.10 = 927.30 at the national rate;
    //          × 0.75 = 695.475 (Coahuila), × 1.50 = 1,390.95 (Jalisco)
    // prima neta: Coahuila 7,469.555 → 7,469.56; Jalisco 8,165.03
    // primaTotal (fee 550.00, IVA 16 %): Coahuila 8,019.56 + 1,283.13 = 9,302.69; Jalisco 8,715.03 + 1,394.40 = 10,109.43
    expect(primaTotal(car(5, '25000', 1))).toBe('9302.69');
    expect(primaTotal(car(14, '44100', 1))).toBe('10109.43');
    // National average: (8,165.03 + 2 × 7,469.56) / 3 = 23,104.15 / 3 = 7,701.38 = 6,774.08 + 927.30.
    const national = (816_503 + 2 * 746_956) / 3 / 100;
    expect(national).toBeCloseTo(7_701.38, 2);
    expect(Math.abs(national - AVERAGE_POLICY) / AVERAGE_POLICY).toBeLessThanOrEqual(0.15);
    // The reference's own check: risk premium ≈ 4,460, loaded 40 % ≈ 7,400 (within 6 %).
  });

  it('every insurer’s national average within ±15 % (Beta 36 %, Gamma 44 % loading)', () => {
    for (const insurer of [1, 2, 3]) {
      // prima neta = (primaTotal − IVA) − fee: the offer's receipts carry (neta + fee) × 1.16, half-up.
      const fee = Number(defaultTariff().insurers[insurer - 1]!.policyFee);
      const net = (request: PolicyRequest) => Number(primaTotal(request)) / 1.16 - fee;
      const national = (net(car(14, '44100', insurer)) + 2 * net(car(5, '25000', insurer))) / 3;
      expect(Math.abs(national - AVERAGE_POLICY) / AVERAGE_POLICY).toBeLessThanOrEqual(0.15);
    }
  });
});
