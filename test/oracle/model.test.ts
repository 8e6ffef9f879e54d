/**
 * The oracle against the figures the docs work by hand (docs/credit.md, docs/cat.md,
 * docs/conventions.md, docs/insurance.md, the reference's test vector): the oracle is written from
 * the docs alone, so the docs' own examples are its first test. Nothing here imports `src/`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import tariffJson from '../../data/tariff.json' with { type: 'json' };
import { bankHolidays, dayOf, easter, formatIso } from '../../oracle/model/calendar.js';
import { catOf, iroot } from '../../oracle/model/cat.js';
import { type CreditQuestion, quoteCreditOracle } from '../../oracle/model/credit.js';
import { explainColumn } from '../../oracle/model/explain.js';
import { quotePolicyOracle, type TariffData } from '../../oracle/model/policy.js';
import { fromDecimal } from '../../oracle/model/rational.js';

const tariff = tariffJson as unknown as TariffData;
const example = JSON.parse(readFileSync('examples/autoestrene.json', 'utf8')).solicitud as Record<string, unknown>;

function quote(q: Omit<CreditQuestion, 'tariff'>) {
  const answer = quoteCreditOracle({ ...q, tariff });
  if ('error' in answer) throw new Error(`${answer.error} ${answer.field}`);
  return { ...answer.resultado, cat: answer.cat.kind === 'rate' ? answer.cat.percent : answer.cat.kind };
}

describe('the credit oracle reproduces docs/credit.md', () => {
  it('the worked example (the reference test vector)', () => {
    const r = quote({
      solicitud: {
        fechaApertura: '2026-01-01',
        montoSolicitado: '10000.00',
        valorFactura: '20000.00',
        tasa: '37',
        plazo: 4,
        periodicidad: 'Q',
        iva: 16,
        comisiones: '0.5',
        generaTablaPagos: true,
      },
    });
    expect(r.pagoMensual).toBe('2612.76');
    expect([r.importeInteresTotal, r.impIVAInteresTotal, r.importePago, r.totalPagar]).toEqual(['388.83', '62.21', '10451.04', '10509.04']);
    expect(r.cat).toBe('51.5');
    expect(
      r.registros.map((row) => [row.fechaAmortizacion, row.interesAmortizacion, row.ivaAmortizacion, row.abonoCapital, row.saldoFin]),
    ).toEqual([
      ['2026-01-16', '154.17', '24.67', '2433.92', '7566.08'],
      ['2026-01-31', '116.64', '18.66', '2477.46', '5088.62'],
      ['2026-02-15', '78.45', '12.55', '2521.76', '2566.86'],
      ['2026-03-02', '39.57', '6.33', '2566.86', '0.00'],
    ]);
  });

  const base = {
    fechaApertura: '2026-01-31',
    montoSolicitado: '280000.00',
    valorFactura: '350000.00',
    tasa: '13.50',
    plazo: 12,
    periodicidad: 'M',
    comisiones: '2.00',
    generaTablaPagos: true,
  };

  it('the features of docs/credit.md', () => {
    expect(quote({ solicitud: base }).pagoMensual).toBe('25359.61');
    expect(quote({ solicitud: base }).cat).toBe('18.8');
    const actual = quote({ solicitud: base, conventions: { interestBasis: 'actual360', businessDays: 'MX' } });
    expect(actual.registros[0]?.fechaAmortizacion).toBe('2026-03-02');
    expect(actual.registros[0]?.interesAmortizacion).toBe('3150.00');
    const irregular = quote({ solicitud: base, firstPaymentDate: '2026-03-15' });
    expect(irregular.registros[0]?.interesAmortizacion).toBe('4725.00');
    expect(irregular.registros[1]?.fechaAmortizacion).toBe('2026-04-15');
    expect(quote({ solicitud: base, prepayments: [{ period: 3, amount: '50000.00' }] }).registros[3]?.pagoAmortizacion).toBe('19435.29');
    expect(quote({ solicitud: base, prepayments: [{ period: 3, amount: '50000.00', mode: 'reduceTerm' }] }).registros.length).toBe(10);
    const balloon = quote({ solicitud: base, balloon: { percent: '30' } });
    expect(balloon.pagoMensual).toBe('18847.93');
    expect(balloon.registros[11]?.abonoCapital).toBe('101523.05');
    const grace = quote({ solicitud: base, grace: { periods: 2 } });
    expect(grace.registros[0]?.pagoAmortizacion).toBe('3654.00');
    expect(grace.pagoMensual).toBe('30048.77');
  });

  it('the captive structures of docs/credit.md, worked by hand there', () => {
    const anual = quote({ solicitud: base, anualidades: [{ amount: '20000.00', months: [12] }] });
    expect([anual.pagoMensual, anual.registros[10]?.abonoCapital, anual.registros[10]?.pagoAmortizacion, anual.cat]).toEqual([
      '23788.98',
      '42922.39',
      '43788.98',
      '18.6',
    ]);
    const msi = quoteCreditOracle({ solicitud: base, promotions: [{ periods: 6, tasa: '0' }], tariff });
    if ('error' in msi) throw new Error(msi.error);
    expect([msi.resultado.pagoMensual, msi.resultado.registros[6]?.interesAmortizacion, msi.dealerSubsidy]).toEqual([
      '23859.81',
      '1539.46',
      '14355.67',
    ]);
    expect(msi.cat.kind === 'rate' && msi.cat.percent).toBe('7.6');
    const gps = quote({ solicitud: base, periodicCharges: [{ amount: '350.00' }] });
    expect([gps.registros[0]?.comisionAmortizacion, gps.registros[0]?.ivaAmortizacion, gps.pagoMensual, gps.cat]).toEqual([
      '350.00',
      '560.00',
      '25765.61',
      '22.0',
    ]);
    const insured = quote({ solicitud: base, balanceInsurance: { lifePerThousand: '0.45', unemploymentPerThousand: '0.30' } });
    expect([
      insured.registros[0]?.seguroVida,
      insured.registros[0]?.seguroDesempleo,
      insured.registros[1]?.seguroVida,
      insured.cat,
    ]).toEqual(['126.00', '97.44', '116.23', '19.9']);
    const deferred = quote({ solicitud: base, deferral: { periods: 2 } });
    expect([deferred.registros[0]?.fechaAmortizacion, deferred.registros[0]?.saldoCapital, deferred.pagoMensual, deferred.cat]).toEqual([
      '2026-04-30',
      '286335.44',
      '25933.41',
      '17.7',
    ]);
  });

  it('the CAT of each scenario ("What a prepayment does to the CAT")', () => {
    const free = { ...base, comisiones: '0' };
    expect(quote({ solicitud: free }).cat).toBe('14.4');
    expect(quote({ solicitud: free, prepayments: [{ period: 3, amount: '50000.00' }] }).cat).toBe('14.4');
    expect(quote({ solicitud: base, prepayments: [{ period: 3, amount: '50000.00' }] }).cat).toBe('19.5');
    expect(quote({ solicitud: base, prepayments: [{ period: 3, amount: '50000.00', mode: 'reduceTerm' }] }).cat).toBe('20.1');
  });

  it('the day-count table', () => {
    const s = {
      fechaApertura: '2026-01-31',
      montoSolicitado: '100000.00',
      valorFactura: '200000.00',
      tasa: '12',
      plazo: 3,
      generaTablaPagos: true,
    };
    const first = (conventions: CreditQuestion['conventions']) => {
      const row = quote({ solicitud: s, conventions }).registros[0];
      return [row?.interesAmortizacion, row?.ivaAmortizacion];
    };
    expect(first({ interestBasis: 'days360' })).toEqual(['1000.00', '160.00']);
    expect(first({ interestBasis: 'perYear' })).toEqual(['1000.00', '160.00']);
    expect(first({ interestBasis: 'days365' })).toEqual(['986.30', '157.81']);
    expect(first({ interestBasis: 'actual360' })).toEqual(['933.33', '149.33']);
    expect(first({ interestBasis: 'actual365' })).toEqual(['920.55', '147.29']);
    expect(first({ interestBasis: 'actual360', businessDays: 'MX' })).toEqual(['1000.00', '160.00']);
  });

  it("the penultimate choice levels a two-payment table (issue 13's example: 10,000.00 at 200 %, monthly)", () => {
    const r = quote({
      solicitud: {
        fechaApertura: '2026-01-31',
        montoSolicitado: '10000.00',
        valorFactura: '20000.00',
        tasa: '200',
        plazo: 2,
        generaTablaPagos: true,
      },
    });
    expect(r.registros.map((row) => row.pagoAmortizacion)).toEqual(['6492.61', '6492.61']);
  });

  it('docs/conventions.md: the CAT time basis and the example solicitud', () => {
    expect(quote({ solicitud: example }).cat).toBe('16.8');
    expect(quote({ solicitud: example, conventions: { catTimeBasis: 'days365', paymentTolerance: 1 } }).cat).toBe('17.0');
    expect(quote({ solicitud: example, conventions: { commissionVat: false } }).totalPagar).toBe('376448.61');
  });

  it("docs/cat.md: the reference's weekly readings", () => {
    const weekly = {
      fechaApertura: '2026-01-01',
      montoSolicitado: '10000.00',
      valorFactura: '20000.00',
      tasa: '60',
      plazo: 52,
      periodicidad: 'S',
      iva: 0,
    };
    const cat = (catTimeBasis: 'periods' | 'days360' | 'days365') =>
      quote({ solicitud: weekly, conventions: { interestBasis: 'perYear', catTimeBasis } }).cat;
    expect([cat('periods'), cat('days360'), cat('days365')]).toEqual(['81.6', '80.4', '81.9']);
  });

  it('docs/cat.md: charges that consume the loan name the one that tips it over', () => {
    const loan = { fechaApertura: '2026-01-31', montoSolicitado: '10000.00', valorFactura: '20000.00', tasa: '13.50', plazo: 12 };
    const refusal = (s: Record<string, unknown>) => quoteCreditOracle({ solicitud: { ...loan, ...s }, tariff });
    expect(refusal({ importeCatSegVida: '10000.00' })).toEqual({ error: 'ERRNEG001', field: 'importeCatSegVida' });
    expect(refusal({ comisiones: '50', importeCatSegVida: '4999.99', importeCatSegDanio: '0.01' })).toEqual({
      error: 'ERRNEG001',
      field: 'importeCatSegDanio',
    });
    expect(refusal({ comisiones: '100' })).toEqual({ error: 'ERRNEG001', field: 'comisiones' });
  });

  it('docs/cat.md: interest that rounds to nothing, a CAT of 0.0', () => {
    const tiny = {
      fechaApertura: '2026-01-31',
      montoSolicitado: '0.22',
      valorFactura: '20000.00',
      tasa: '74',
      plazo: 978,
      periodicidad: 'D',
    };
    expect(quote({ solicitud: tiny })).toMatchObject({ importeInteresTotal: '0.00', cat: '0.0' });
    expect(quote({ solicitud: tiny, conventions: { catTimeBasis: 'actual365' } }).cat).toBe('0.0');
  });
});

describe('the CAT oracle', () => {
  /** Flows written "e:amount …" (time e/q years; negative amounts are disbursements). */
  const solve = (q: bigint, list: string) =>
    catOf({
      q,
      flows: list.split(' ').map((f) => {
        const [e, a] = f.split(':');
        return { e: BigInt(e as string), amount: fromDecimal(a as string) };
      }),
    });
  const percent = (q: bigint, list: string) => {
    const x = solve(q, list);
    return x.kind === 'rate' ? x.percent : x.kind;
  };

  it('docs/cat.md: the worked example and computeCat examples', () => {
    expect(percent(24n, '0:-9950.00 1:2588.09 2:2594.10 3:2600.21 4:2606.43')).toBe('51.5');
    expect(percent(1n, '0:-1000.00 1:1100.00')).toBe('10.0');
    expect(percent(1n, '0:-1000.00 2:1210.00')).toBe('10.0');
    expect(percent(1n, '0:-100.00 1:150.00')).toBe('50.0');
  });

  it('ties go away from zero, proven exactly', () => {
    expect(percent(1n, '0:-1000 1:1000.5')).toBe('0.1');
    expect(percent(1n, '0:-1000 1:999.5')).toBe('-0.1');
    expect(percent(2n, '0:-1000 2:1100.5')).toBe('10.1'); // times in half-years: w irrational, reduced by the gcd
    expect(percent(1n, '0:-1000 2:1211.10025')).toBe('10.1'); // 1,000 × 1.1005² exactly
    expect(percent(1n, '0:-1000 1:1100.49')).toBe('10.0');
  });

  it('no rate: no sign change, no payments, a disbursement eaten whole', () => {
    expect(solve(12n, '1:100 2:100').kind).toBe('none');
    expect(solve(12n, '0:-100').kind).toBe('none');
    expect(solve(1n, '0:100 1:-300 2:300').kind).toBe('none'); // 100 − 300w + 300w² > 0
  });

  it('several roots: the positive one closest to zero, then the largest one at or below zero', () => {
    // (1.1w − 1)(1.2w − 1) = 1.32w² − 2.3w + 1: roots at 10 % and 20 %
    expect(percent(1n, '0:100 1:-230 2:132')).toBe('10.0');
    // (w − 1)(1.5w − 1): roots at 0 and 50 %: the positive one
    expect(percent(1n, '0:100 1:-250 2:150')).toBe('50.0');
    // (w − 1)(0.5w − 1): roots at 0 and −50 %: zero
    expect(percent(1n, '0:100 1:-150 2:50')).toBe('0.0');
  });

  it('huge rates keep every digit', () => {
    // 0.01 now for 1,000.00 in one year: i = 99,999 exactly, 9,999,900 %
    expect(percent(1n, '0:-0.01 1:1000.00')).toBe('9999900.0');
  });

  it('integer roots are exact', () => {
    for (const [x, k] of [
      [10n ** 40n + 12345n, 3n],
      [2n ** 300n, 365n],
      [999n, 2n],
      [(10n ** 20n + 7n) ** 7n, 7n],
    ] as const) {
      const r = iroot(x, k);
      expect(r ** k <= x && (r + 1n) ** k > x).toBe(true);
    }
  });
});

describe('the policy oracle reproduces docs/insurance.md', () => {
  it('the worked example (insurer 3, Amplia, semestral)', () => {
    const answer = quotePolicyOracle({
      solicitud: {
        idAseguradora: 3,
        idPaquete: 1,
        cveEntidadFederativa: 5,
        idTipoUnidad: 1,
        idUsoAutomovil: 1,
        idClaveVehiculo: 1001,
        modelo: 2026,
        idAgencia: 1,
        montoSumaAsegurada: '300000.00',
        enganche: '0.00',
        plazoFinanciado: 0,
        codigoPostal: '25000',
        idFormaPago: 2,
        indicadorReposicion: 2,
      },
      fechaInicio: '2026-01-31',
      tariff,
    });
    if ('error' in answer) throw new Error(answer.error);
    expect(answer.offers.map((o) => [o.aseguradora, o.paquete, o.primaTotal])).toEqual([
      ['Aseguradora Ilustrativa Gamma', 'Amplia', '9466.67'],
    ]);
    expect(answer.offers[0]?.listaRecibos.map((r) => r.primaTotal)).toEqual(['5023.34', '4443.33']);
    expect(answer.offers[0]?.listaRecibos.map((r) => [r.vigenciaInicial, r.vigenciaFin])).toEqual([
      ['31/01/2026', '31/07/2026'],
      ['31/07/2026', '31/01/2027'],
    ]);
  });

  it('the calibration’s worked car: a new car of 300,000 with Alfa, in each theft zone', () => {
    const car = (cveEntidadFederativa: number, codigoPostal: string) => {
      const answer = quotePolicyOracle({
        solicitud: {
          idAseguradora: 1,
          idPaquete: 1,
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
        },
        fechaInicio: '2026-01-31',
        tariff,
      });
      if ('error' in answer) throw new Error(answer.error);
      return answer.offers[0]?.primaTotal;
    };
    // docs/insurance.md: (7,469.56 + 550) × 1.16 in Coahuila, (8,165.03 + 550) × 1.16 in Jalisco
    expect([car(5, '25000'), car(14, '44100')]).toEqual(['9302.69', '10109.43']);
  });

  it('examples/segautovendor.json quotes every package of every insurer, monthly', () => {
    const body = JSON.parse(readFileSync('examples/segautovendor.json', 'utf8'));
    const answer = quotePolicyOracle({ solicitud: body.solicitud, fechaInicio: '2026-01-31', tariff });
    if ('error' in answer) throw new Error(answer.error);
    expect(answer.offers.length).toBe(9);
    expect(answer.offers[0]?.listaRecibos.length).toBe(12);
  });
});

describe('the insured credit of docs/conventions.md', () => {
  it('the debtor-life premium on the table’s balances: 3,342.22 (the straight line would say 3,108.00)', () => {
    const r = quote({
      solicitud: {
        fechaApertura: '2026-01-31',
        montoSolicitado: '280000.00',
        valorFactura: '420000.00',
        tasa: '13.50',
        plazo: 36,
        tipoSeguro: 2,
        generaTablaPagos: true,
        informacionSeguro: {
          idPaquete: 1,
          idAseguradora: 2,
          cveEntidadFederativa: 9,
          idTipoUnidad: 1,
          idUsoAutomovil: 1,
          idAgencia: 1002,
          numeroAgencia: 4501,
          modelo: 2026,
          enganche: '140000.00',
          codigoPostal: '03100',
        },
      },
    });
    const life = r.registros.reduce((sum, row) => sum + Number(row.seguroVida.replace('.', '')), 0);
    expect(life).toBe(334_222);
  });
});

describe('the bank calendar of docs/conventions.md', () => {
  it('Easter and the holidays of 2026 and 2030', () => {
    expect(formatIso(easter(2026))).toBe('2026-04-05');
    const list = (y: number) => [...bankHolidays(y)].sort((a, b) => a - b).map(formatIso);
    expect(list(2026)).toEqual([
      '2026-01-01',
      '2026-02-02',
      '2026-03-16',
      '2026-04-02',
      '2026-04-03',
      '2026-05-01',
      '2026-09-16',
      '2026-11-02',
      '2026-11-16',
      '2026-12-12',
      '2026-12-25',
    ]);
    expect(list(2030)).toContain('2030-10-01'); // the inauguration, every six years from 2024
    expect(list(2018)).toContain('2018-12-01'); // before 2024, December 1
    expect(list(2005)).toContain('2005-03-21'); // before the 2006 Monday reform
    expect(dayOf(1970, 1, 1)).toBe(0);
  });
});

describe('the oracle is independent of the engines', () => {
  it('oracle/model imports nothing but its own files', () => {
    for (const file of readdirSync('oracle/model')) {
      const text = readFileSync(`oracle/model/${file}`, 'utf8');
      const specifiers = [...text.matchAll(/(?:import|export)[^;'"]*?from\s+'([^']+)'/g)].map((m) => m[1] as string);
      for (const s of specifiers) expect(s, `${file} imports ${s}`).toMatch(/^\.\/[a-z]+\.js$/);
      expect(text, file).not.toMatch(/import\s*\(|require\(/);
    }
  });
});

describe('explainCat’s figures, from docs/cat.md (“Explaining a CAT”), through the oracle alone', () => {
  // The reference's vector: 9,950.00 received, 2,588.09, 2,594.10, 2,600.21, 2,606.43 at k/24 years.
  const flows = [
    { e: 0n, amount: fromDecimal('-9950.00') },
    { e: 1n, amount: fromDecimal('2588.09') },
    { e: 2n, amount: fromDecimal('2594.10') },
    { e: 3n, amount: fromDecimal('2600.21') },
    { e: 4n, amount: fromDecimal('2606.43') },
  ];
  const text = (x: { n: bigint; d: bigint }, places: number): string => {
    const scaled = (x.n * 10n ** BigInt(places)) / x.d;
    const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(places + 1, '0');
    return `${scaled < 0n ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
  };

  it('at 51.45 %: the present values, their sum and bound the docs show, and a positive sum (the root is above)', () => {
    const column = explainColumn(flows, 24n, { n: 1029n, d: 2000n }, 12, 8);
    if ('undecided' in column) throw new Error(column.undecided);
    expect(column.values.map((v) => text(v, 8))).toEqual([
      '-9950.00000000',
      '2543.71326530',
      '2505.90310293',
      '2468.73665001',
      '2432.21065172',
    ]);
    expect([text(column.sum, 8), text(column.bound, 9), column.shownSign]).toEqual(['0.56366996', '0.000000025', 1]);
  });

  it('at 51.55 %: a negative sum (the root is below), so the published tenth is 51.5 as the oracle’s own CAT says', () => {
    const column = explainColumn(flows, 24n, { n: 1031n, d: 2000n }, 12, 8);
    if ('undecided' in column) throw new Error(column.undecided);
    expect([text(column.sum, 8), column.shownSign]).toEqual(['-0.11536083', -1]);
    const cat = catOf({ flows, q: 24n });
    expect(cat.kind === 'rate' && cat.percent).toBe('51.5');
  });

  it('an exact rational factor (10 % over two years: 1/1.21) is rounded exactly, and a balanced sum proves no sign', () => {
    const column = explainColumn(
      [
        { e: 0n, amount: fromDecimal('-100') },
        { e: 2n, amount: fromDecimal('121') },
      ],
      1n,
      { n: 1n, d: 10n },
      10,
      7,
    );
    if ('undecided' in column) throw new Error(column.undecided);
    expect([text(column.factors[1] as { n: bigint; d: bigint }, 10), text(column.sum, 7), column.shownSign]).toEqual([
      '0.8264462810',
      '0.0000000',
      0,
    ]);
  });
});
