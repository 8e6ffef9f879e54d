import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateWith } from '../../src/validation/validate.js';
import { defaultTariff, SegAutoVendorRequestSchema, loadTariff, quotePolicy, type Tariff } from '../../src/entry/insurance.js';
import { deepFreeze } from './helpers.js';

/** A mutable deep copy of the default tariff to break. */
const copy = (): Tariff => structuredClone(defaultTariff()) as Tariff;

const expectField = (value: unknown, code: string, field: string) =>
  expect(() => loadTariff(value)).toThrow(expect.objectContaining({ codigoError: code, valorIncorrecto: field }));

describe('the default tariff', () => {
  it('is valid, illustrative, frozen, with three insurers × the three standard packages', () => {
    expect(loadTariff(defaultTariff())).toEqual(defaultTariff());
    expect(defaultTariff().illustrative).toBe(true);
    expect(defaultTariff().name).toMatch(/ILUSTRATIVA/);
    expect(Object.isFrozen(defaultTariff().insurers[0]!.packages[0]!.rates[0])).toBe(true);
    expect(defaultTariff().insurers.length).toBeGreaterThanOrEqual(3);
    for (const insurer of defaultTariff().insurers) {
      expect(insurer.packages.map((p) => [p.idPaquete, p.name])).toEqual([
        [1, 'Amplia'],
        [2, 'Limitada'],
        [3, 'Responsabilidad Civil'],
      ]);
    }
    expect(defaultTariff().zones.states.map((s) => s.cveEntidadFederativa)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });
});

describe('loadTariff', () => {
  it('returns a frozen copy and leaves a frozen input alone', () => {
    const input = deepFreeze(copy());
    const loaded = loadTariff(input);
    expect(loaded).not.toBe(input);
    expect(Object.isFrozen(loaded.limits)).toBe(true);
  });

  it('schema errors name the field', () => {
    const t1 = copy();
    (t1.insurers[0]!.packages[1]!.rates[0] as { rate: unknown }).rate = 0.012;
    expectField(t1, 'ERRESQ005', 'tariff.insurers[0].packages[1].rates[0].rate');

    const t2 = copy();
    delete (t2.limits as Partial<Tariff['limits']>).maxSumInsured;
    expectField(t2, 'ERRESQ006', 'tariff.limits.maxSumInsured');

    const t3 = copy() as Tariff & { extra?: number };
    t3.extra = 1;
    expectField(t3, 'ERRESQ003', 'tariff.extra');

    const t4 = copy();
    t4.zones.states[0]!.factor = '1,2';
    expectField(t4, 'ERRESQ005', 'tariff.zones.states[0].factor');

    expectField(null, 'ERRESQ002', 'tariff');

    // Total theft's own rate and zone factor are rates like the others.
    const t5 = copy();
    (t5.insurers[1]!.packages[0]!.rates[2] as { theftRate?: unknown }).theftRate = '0.2%';
    expectField(t5, 'ERRESQ005', 'tariff.insurers[1].packages[0].rates[2].theftRate');
    const t6 = copy();
    (t6.zones.postalPrefixes[0] as { theftFactor?: unknown }).theftFactor = 2;
    expectField(t6, 'ERRESQ005', 'tariff.zones.postalPrefixes[0].theftFactor');
  });

  it('total theft rated apart: theftRate on the zone’s theftFactor, the rest on its factor', () => {
    // One insurer, Amplia for a sedán: rate 0.0150, theftRate 0.0030, fixed 1,500.00; valor
    // comercial (rate factor 1); state 9 factor 1.10, theft 2.00; prefix 55 theft 3.00 only.
    const t = copy();
    t.insurers = [t.insurers[0]!];
    t.insurers[0]!.packages = [t.insurers[0]!.packages[0]!];
    t.insurers[0]!.packages[0]!.rates = [
      { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0150', theftRate: '0.0030', fixedPremium: '1500.00' },
    ];
    t.replacementValues = t.replacementValues.map((v) => ({ ...v, rateFactor: '1' }));
    t.zones.states = t.zones.states.map((z) => (z.cveEntidadFederativa === 9 ? { ...z, factor: '1.10', theftFactor: '2.00' } : z));
    t.zones.postalPrefixes = [{ prefix: '55', factor: '1.10', theftFactor: '3.00' }];
    t.vehicleAge = [{ fromYears: 0, factor: '1' }];
    const net = (codigoPostal: string) => {
      const [offer] = quotePolicy(
        {
          cveEntidadFederativa: 9,
          idTipoUnidad: 1,
          idUsoAutomovil: 1,
          idClaveVehiculo: 1001,
          modelo: 2026,
          idAgencia: 1,
          montoSumaAsegurada: '300000.00',
          enganche: '0.00',
          plazoFinanciado: 0,
          codigoPostal,
          indicadorReposicion: 2,
        },
        { fechaInicio: '2026-01-31', tariff: loadTariff(t) },
      ).listaSeguroAuto;
      return offer!.primaTotal;
    };
    // (300,000 × 0.0150 + 1,500) × 1.10 + 300,000 × 0.0030 × 2.00 = 6,600 + 1,800 = 8,400.00;
    // with the fee 550.00 and 16 % IVA: 8,950.00 × 1.16 = 10,382.00.
    expect(net('03100')).toBe('10382.00');
    // In prefix 55 the theft factor is 3.00: 6,600 + 2,700 = 9,300.00; 9,850.00 × 1.16 = 11,426.00.
    expect(net('55100')).toBe('11426.00');
  });

  it('rule errors name the field', () => {
    const dupVehicle = copy();
    dupVehicle.vehicles[1]!.idClaveVehiculo = dupVehicle.vehicles[0]!.idClaveVehiculo;
    expectField(dupVehicle, 'ERRESQ005', 'tariff.vehicles[1].idClaveVehiculo');

    const rising = copy();
    rising.replacementValues[1]!.sumInsuredByYear = ['1', '0.8', '0.9'];
    expectField(rising, 'ERRESQ005', 'tariff.replacementValues[1].sumInsuredByYear[2]');

    const above = copy();
    above.replacementValues[0]!.sumInsuredByYear = ['1.1'];
    expectField(above, 'ERRESQ005', 'tariff.replacementValues[0].sumInsuredByYear[0]');

    const months = copy();
    months.paymentForms[1]!.monthsPerReceipt = 5;
    expectField(months, 'ERRESQ005', 'tariff.paymentForms[1].monthsPerReceipt');

    const form = copy();
    form.insurers[2]!.surcharges[0]!.idFormaPago = 9;
    expectField(form, 'ERRESQ005', 'tariff.insurers[2].surcharges[0].idFormaPago');

    const use = copy();
    use.insurers[1]!.packages[0]!.rates[0]!.idUsoAutomovil = 7;
    expectField(use, 'ERRESQ005', 'tariff.insurers[1].packages[0].rates[0].idUsoAutomovil');

    const age = copy();
    age.vehicleAge[0]!.fromYears = 1;
    expectField(age, 'ERRESQ005', 'tariff.vehicleAge[0].fromYears');

    const def = copy();
    def.defaultIndicadorReposicion = 9;
    expectField(def, 'ERRESQ005', 'tariff.defaultIndicadorReposicion');

    const limits = copy();
    limits.limits.minSumInsured = '5000000.00';
    expectField(limits, 'ERRESQ005', 'tariff.limits.minSumInsured');
  });
});

describe('documentation', () => {
  it('the tariff example in docs/insurance.md loads and quotes', () => {
    const doc = readFileSync(new URL('../../docs/insurance.md', import.meta.url), 'utf8');
    const json = /```json\n([\s\S]*?)```/.exec(doc)![1]!;
    const tariff = loadTariff(JSON.parse(json));
    const offers = quotePolicy(
      {
        cveEntidadFederativa: 9,
        idTipoUnidad: 1,
        idUsoAutomovil: 1,
        idClaveVehiculo: 1001,
        modelo: 2025,
        idAgencia: 1,
        montoSumaAsegurada: '300000.00',
        enganche: '60000.00',
        plazoFinanciado: 24,
        codigoPostal: '03100',
      },
      { fechaInicio: '2025-03-10', tariff },
    ).listaSeguroAuto;
    // (300,000 × 0.0155 × 1 + 1,666.67) × 1.00 + 300,000 × 0.0028 × 1 × 1.50 (the state's theft factor)
    //   = 4,650 + 1,666.67 + 1,260 = 7,576.67; IVA (7,576.67 + 550) × 0.16 = 1,300.2672 → 1,300.27; total 9,426.94
    expect(offers.map((o) => o.primaTotal)).toEqual(['9426.94']);
  });

  it('examples/segautovendor.json is a valid request that quotes every package', () => {
    const body = JSON.parse(readFileSync(new URL('../../examples/segautovendor.json', import.meta.url), 'utf8'));
    expect(validateWith(SegAutoVendorRequestSchema, body).success).toBe(true);
    expect(body.solicitud.idPaquete).toBe(0);
    expect(quotePolicy(body.solicitud, { fechaInicio: '2025-03-10' }).listaSeguroAuto).toHaveLength(9);
  });
});
