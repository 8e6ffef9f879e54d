import { describe, expect, it } from 'vitest';
import { validateWith } from '../../src/validation/validate.js';
import { defaultTariff, PolicyResultSchema, quotePolicy, type PolicyRequest, type Tariff } from '../../src/entry/insurance.js';
import { BASE, deepFreeze } from './helpers.js';

const START = { fechaInicio: '2025-03-10' };
/** BASE for every insurer and package. */
const { idAseguradora: _insurer, ...baseAllInsurers } = BASE;
const ALL: PolicyRequest = { ...baseAllInsurers, idPaquete: 0 };

const expectError = (fn: () => unknown, code: string, field: string) =>
  expect(fn).toThrow(expect.objectContaining({ codigoError: code, valorIncorrecto: field }));

describe('quotePolicy: selection and shape', () => {
  it('idPaquete 0 returns every package of every insurer, matching the response schema', () => {
    const { listaSeguroAuto } = quotePolicy(ALL, START);
    expect(listaSeguroAuto.map((o) => `${o.idAseguradora}:${o.paquete}`)).toEqual([
      '1:Amplia',
      '1:Limitada',
      '1:Responsabilidad Civil',
      '2:Amplia',
      '2:Limitada',
      '2:Responsabilidad Civil',
      '3:Amplia',
      '3:Limitada',
      '3:Responsabilidad Civil',
    ]);
    expect(validateWith(PolicyResultSchema, { listaSeguroAuto }).success).toBe(true);
    expect(listaSeguroAuto[0]!.aseguradora).toBe('Aseguradora Ilustrativa Alfa');
    expect(listaSeguroAuto[0]!.descPaquete).toMatch(/^Daños materiales \(suma asegurada: valor de reposición del año; deducible: 5%\)/);
  });

  it('idPaquete absent means all; idAseguradora narrows; a package id narrows', () => {
    const noPkg = { ...ALL };
    delete noPkg.idPaquete;
    expect(quotePolicy(noPkg, START).listaSeguroAuto).toHaveLength(9);
    expect(quotePolicy({ ...ALL, idAseguradora: 2 }, START).listaSeguroAuto.map((o) => o.paquete)).toEqual([
      'Amplia',
      'Limitada',
      'Responsabilidad Civil',
    ]);
    expect(quotePolicy({ ...ALL, idPaquete: 2 }, START).listaSeguroAuto.map((o) => `${o.idAseguradora}:${o.paquete}`)).toEqual([
      '1:Limitada',
      '2:Limitada',
      '3:Limitada',
    ]);
  });

  it('an insurer that does not rate a combination is left out', () => {
    const pickupCommercial = { ...ALL, idTipoUnidad: 3, idUsoAutomovil: 2, idClaveVehiculo: 3001 };
    expect(new Set(quotePolicy(pickupCommercial, START).listaSeguroAuto.map((o) => o.idAseguradora))).toEqual(new Set(['1', '2']));
  });

  it('the package order of magnitude is realistic: every package within the published 3,000–20,000 a year, Amplia the dearest', () => {
    // The reference's premiums run from about 3,000 to more than 20,000 a year; the calibration
    // itself (net premium against the published average policy) is tariffCalibration.test.ts.
    const offers = quotePolicy(ALL, START).listaSeguroAuto;
    for (const o of offers) {
      expect(Number(o.primaTotal)).toBeGreaterThan(o.paquete === 'Responsabilidad Civil' ? 1_500 : 3_000);
      expect(Number(o.primaTotal)).toBeLessThan(20_000);
    }
    for (const insurer of ['1', '2', '3']) {
      const [amplia, limitada, rc] = offers.filter((o) => o.idAseguradora === insurer).map((o) => Number(o.primaTotal));
      expect(amplia).toBeGreaterThan(limitada!);
      expect(limitada).toBeGreaterThan(rc!);
    }
  });

  it('postal prefix overrides the state factor, longest prefix first', () => {
    const state = quotePolicy({ ...BASE, cveEntidadFederativa: 15, codigoPostal: '50000' }, START).listaSeguroAuto[0]!;
    const prefix = quotePolicy({ ...BASE, cveEntidadFederativa: 15, codigoPostal: '55100' }, START).listaSeguroAuto[0]!;
    expect(Number(prefix.primaTotal)).toBeGreaterThan(Number(state.primaTotal));
  });

  it('the URL comes from the template', () => {
    const o = quotePolicy(BASE, { ...START, urlTemplate: 'https://seguros.example/{idAseguradora}/{idPaquete}/{idCotizacion}?x={nada}' })
      .listaSeguroAuto[0]!;
    expect(o.urlCotizacion).toBe(`https://seguros.example/3/1/${o.idCotizacion}?x={nada}`);
    const d = quotePolicy(BASE, START).listaSeguroAuto[0]!;
    expect(d.urlCotizacion).toBe(`https://cotizador.example/seguro-auto/cotizaciones/${d.idCotizacion}`);
    expect(d.idCotizacion).toMatch(/^[0-9a-f]{24}$/);
  });

  it('a custom tariff is used and validated', () => {
    const tariff = structuredClone(defaultTariff()) as Tariff;
    tariff.insurers[2]!.policyFee = '0.00';
    // Contado with no fee: IVA = 7,437.79 × 0.16 = 1,190.0464 → 1,190.05; total 8,627.84 (examples.test.ts works the net premium)
    expect(quotePolicy(BASE, { ...START, tariff }).listaSeguroAuto[0]!.primaTotal).toBe('8627.84');
    (tariff.insurers[2] as { policyFee: unknown }).policyFee = 500;
    expectError(() => quotePolicy(BASE, { ...START, tariff }), 'ERRESQ005', 'tariff.insurers[2].policyFee');
  });
});

describe('quotePolicy: request and option errors', () => {
  it('fechaInicio is required and must be a real date', () => {
    expectError(() => quotePolicy(BASE), 'ERRESQ006', 'fechaInicio');
    expectError(() => quotePolicy(BASE, { fechaInicio: '2025-02-29' }), 'ERRESQ005', 'fechaInicio');
  });

  it('schema errors name the field', () => {
    expectError(() => quotePolicy({ ...BASE, montoSumaAsegurada: '300,000' }, START), 'ERRESQ005', 'montoSumaAsegurada');
    expectError(() => quotePolicy({ ...BASE, codigoPostal: '1234' }, START), 'ERRESQ005', 'codigoPostal');
    expectError(() => quotePolicy({ ...BASE, cveEntidadFederativa: 33 }, START), 'ERRESQ004', 'cveEntidadFederativa');
    expectError(() => quotePolicy({ ...BASE, extra: 1 } as PolicyRequest, START), 'ERRESQ003', 'extra');
    const missing = { ...BASE } as Partial<PolicyRequest>;
    delete missing.idClaveVehiculo;
    expectError(() => quotePolicy(missing as PolicyRequest, START), 'ERRESQ006', 'idClaveVehiculo');
    expectError(() => quotePolicy({ ...BASE, enganche: '' }, START), 'ERRESQ002', 'enganche');
  });

  it('bad options name the option', () => {
    expectError(() => quotePolicy(BASE, { ...START, lifeBalance: 'average' as 'flat' }), 'ERRESQ005', 'lifeBalance');
    expectError(() => quotePolicy(BASE, { ...START, lifeBalances: ['1.00', 'x'] }), 'ERRESQ005', 'lifeBalances[1]');
    expectError(() => quotePolicy(BASE, { ...START, urlTemplate: '' }), 'ERRESQ005', 'urlTemplate');
  });
});

describe('quotePolicy: business errors (ERRNEG001) name the field', () => {
  const cases: [string, Partial<PolicyRequest>, string][] = [
    ['unknown vehicle key', { idClaveVehiculo: 999 }, 'idClaveVehiculo'],
    ['vehicle key of another unit type', { idClaveVehiculo: 2001 }, 'idTipoUnidad'],
    ['sum insured above the tariff limit', { montoSumaAsegurada: '3000000.01' }, 'montoSumaAsegurada'],
    ['sum insured below the tariff limit', { montoSumaAsegurada: '79999.99', enganche: '0' }, 'montoSumaAsegurada'],
    ['sum insured above the vehicle key limit', { idClaveVehiculo: 1003, montoSumaAsegurada: '600000.01' }, 'montoSumaAsegurada'],
    ['accessories above the limit', { sumaAccesorio: '150000.01' }, 'sumaAccesorio'],
    ['special equipment above the limit', { sumaEquipoEspecial: '300000.01' }, 'sumaEquipoEspecial'],
    ['down payment above the sum insured', { enganche: '300000.01' }, 'enganche'],
    ['use not in the tariff', { idUsoAutomovil: 9 }, 'idUsoAutomovil'],
    ['unit type and use not rated', { idUsoAutomovil: 2 }, 'idUsoAutomovil'],
    ['insurer unknown', { idAseguradora: 42 }, 'idAseguradora'],
    ['package not offered', { idPaquete: 4 }, 'idPaquete'],
    ['payment form unknown', { idFormaPago: 5 }, 'idFormaPago'],
    ['replacement value unknown', { indicadorReposicion: 7 }, 'indicadorReposicion'],
    ['validity modality unknown', { idVigencia: 3 }, 'idVigencia'],
    ['annual policy over 12 months', { plazoMeses: 13 }, 'plazoMeses'],
    ['multi-year without credit term', { idVigencia: 2, plazoFinanciado: 0 }, 'plazoFinanciado'],
    ['multi-year beyond the tariff years', { idVigencia: 2, plazoFinanciado: 73 }, 'plazoFinanciado'],
    ['vehicle too old', { modelo: 2014 }, 'modelo'],
    ['model two years ahead', { modelo: 2027 }, 'modelo'],
  ];
  it.each(cases)('%s', (_name, patch, field) => {
    expectError(() => quotePolicy({ ...BASE, ...patch }, START), 'ERRNEG001', field);
  });

  it("next year's model and a ten-year-old car are insurable", () => {
    expect(quotePolicy({ ...BASE, modelo: 2026 }, START).listaSeguroAuto).toHaveLength(1);
    expect(quotePolicy({ ...BASE, modelo: 2015 }, START).listaSeguroAuto).toHaveLength(1);
  });
});

describe('quotePolicy: purity', () => {
  it('does not mutate deep-frozen inputs and gives equal results', () => {
    const solicitud = deepFreeze({ ...ALL, idVigencia: 2, idFormaPago: 4, sumaAccesorio: '20000.00' });
    const options = deepFreeze({ ...START, tariff: deepFreeze(structuredClone(defaultTariff()) as Tariff), lifeBalances: ['1000.00'] });
    const a = quotePolicy(solicitud, options);
    const b = quotePolicy(structuredClone(solicitud), structuredClone(options) as typeof options);
    expect(a).toEqual(b);
  });

  it('is the same under any TZ', () => {
    const saved = process.env.TZ;
    try {
      const results = ['UTC', 'America/Mexico_City', 'Pacific/Kiritimati', 'America/Tijuana', 'Asia/Kathmandu'].map((tz) => {
        process.env.TZ = tz;
        return JSON.stringify(quotePolicy({ ...ALL, idVigencia: 2, idFormaPago: 4 }, { fechaInicio: '2024-02-29' }));
      });
      expect(new Set(results).size).toBe(1);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
