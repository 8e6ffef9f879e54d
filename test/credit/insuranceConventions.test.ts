import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditOpeningCharges } from '../../src/entry/credit.js';
import { QuoteError, quoteCredit, type CreditOptions, type CreditRequest } from '../../src/entry/index.js';
import { defaultTariff, loadTariff, priceOffers, quotePolicy } from '../../src/entry/insurance.js';
import { toCivilDay } from '../../src/dates/civil.js';
import { DEFAULT_POLICY_CONVENTIONS } from '../../src/insurance/conventions.js';
import { cents } from '../helpers.js';

// Alfa's Amplia for a 2026 sedán in Baja California (the border region), paid up front.
const info = {
  idPaquete: 1,
  idAseguradora: 1,
  cveEntidadFederativa: 2,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idAgencia: 1002,
  numeroAgencia: 4501,
  modelo: 2026,
  enganche: '70000.00',
  codigoPostal: '21000',
};
const credit: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 36,
  tipoSeguro: 1,
  informacionSeguro: info,
};

/** The same package quoted by SegAutoVendor (the independent path): its primaTotal, cents. */
function policyPremium(montoSumaAsegurada: string, ivaRate = '0.16'): number {
  const tariff = ivaRate === '0.16' ? defaultTariff() : loadTariff({ ...structuredClone(defaultTariff()), ivaRate });
  const { idAgencia, numeroAgencia, ...vehicle } = info;
  const [offer] = quotePolicy(
    { ...vehicle, idClaveVehiculo: idAgencia, idAgencia: numeroAgencia, montoSumaAsegurada, enganche: '0.00', plazoFinanciado: 36 },
    { fechaInicio: '2026-01-31', tariff },
  ).listaSeguroAuto;
  return cents(offer?.primaTotal ?? 'none');
}

const damagePremium = (s: CreditRequest, options: CreditOptions = {}): number =>
  cents(creditOpeningCharges(s, options).policyDamagePremium);

function failure(s: CreditRequest, options: CreditOptions = {}): [string, string | undefined] {
  try {
    quoteCredit(s, options);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
  }
  throw new Error('did not throw');
}

describe('conventions.insuredValue: with facturaConIva 0 the sum insured is the price with IVA', () => {
  it('the price by default: the policy of valorFactura × (1 + iva/100)', () => {
    // 301,724.14 × 1.16 = 350,000.0024 → 350,000.00.
    const s = { ...credit, valorFactura: '301724.14', facturaConIva: 0 };
    expect(damagePremium(s)).toBe(policyPremium('350000.00'));
    expect(damagePremium(s, { conventions: { insuredValue: 'valorFactura' } })).toBe(policyPremium('301724.14'));
    // With facturaConIva 1 both readings insure valorFactura.
    expect(damagePremium(credit, { conventions: { insuredValue: 'valorFactura' } })).toBe(damagePremium(credit));
  });

  it('any price without IVA: the same quote as the invoice with IVA of the same price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200_000_00, max: 900_000_00 }), fc.constantFrom(8, 16), (withoutIva, iva) => {
        const price = Math.floor((withoutIva * (100 + iva) + 50) / 100); // half-up
        const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        const amount = Math.floor((price * 7) / 10);
        const base = {
          ...credit,
          iva,
          montoSolicitado: money(amount),
          informacionSeguro: { ...info, enganche: money(price - amount) },
        };
        const a = quoteCredit({ ...base, valorFactura: money(withoutIva), facturaConIva: 0 });
        const b = quoteCredit({ ...base, valorFactura: money(price), facturaConIva: 1 });
        expect(a.totalPagar).toBe(b.totalPagar);
        expect(a.cat).toBe(b.cat);
      }),
      { numRuns: 40 },
    );
  });
});

describe('conventions.insuranceIva: the premiums carry the credit’s iva', () => {
  it('iva 8: the premium of a tariff at 8 %; insuranceIva tariff keeps 16 %', () => {
    const border = { ...credit, iva: 8 };
    expect(damagePremium(border)).toBe(policyPremium('350000.00', '0.08'));
    expect(damagePremium(border, { conventions: { insuranceIva: 'tariff' } })).toBe(policyPremium('350000.00'));
    expect(damagePremium(credit)).toBe(policyPremium('350000.00'));
    expect(damagePremium({ ...credit, iva: 0 })).toBe(policyPremium('350000.00', '0.00'));
  });

  it('financed (tipoSeguro 2): the premium financed is the 8 % one', () => {
    const border = { ...credit, iva: 8, tipoSeguro: 2, generaTablaPagos: true };
    const withTariffIva = quoteCredit(border, { conventions: { insuranceIva: 'tariff' } });
    const withCreditIva = quoteCredit(border);
    const sum = (r: typeof withCreditIva) => r.registros.reduce((t, row) => t + cents(row.seguroDanos), 0);
    expect(sum(withCreditIva)).toBeLessThan(sum(withTariffIva));
  });

  it('priceOffers takes the rate as settings.ivaRate and refuses a malformed one', () => {
    const risk = {
      idPaquete: 1,
      idAseguradora: 1,
      cveEntidadFederativa: 2,
      idTipoUnidad: 1,
      idUsoAutomovil: 1,
      idClaveVehiculo: 1002,
      modelo: 2026,
      montoSumaAsegurada: 35_000_000,
      sumaAccesorio: 0,
      sumaEquipoEspecial: 0,
      enganche: 0,
      plazoFinanciado: 0,
      codigoPostal: '21000',
    };
    const settings = { start: toCivilDay(2026, 1, 31), tariff: defaultTariff(), conventions: DEFAULT_POLICY_CONVENTIONS };
    const [at8] = priceOffers(risk, { ...settings, ivaRate: '0.08' });
    expect(at8?.totalCents).toBe(policyPremium('350000.00', '0.08'));
    try {
      priceOffers(risk, { ...settings, ivaRate: '8%' });
      throw new Error('did not throw');
    } catch (error) {
      expect([(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto]).toEqual(['ERRESQ005', 'ivaRate']);
    }
  });
});

describe('conventions.importeSegurosWithoutIndSeguro: echoed, not charged, unless refused', () => {
  const stray: CreditRequest = { ...credit, tipoSeguro: 0, importeSeguros: '12000.00', plazoSeguro: 12 };
  it('echo (default): the amount is in the response, not in the payments or the total', () => {
    const r = quoteCredit({ ...stray, generaTablaPagos: true });
    const bare = quoteCredit({ ...credit, tipoSeguro: 0, generaTablaPagos: true });
    expect(r.importeSeguros).toBe('12000.00');
    expect(r.totalPagar).toBe(bare.totalPagar);
    expect(r.registros.every((row) => row.seguroDanos === '0.00')).toBe(true);
    expect(quoteCredit({ ...stray, indSeguro: 0 }).totalPagar).toBe(bare.totalPagar);
  });
  it('refuse: ERRNEG001 on importeSeguros above zero; zero is no contradiction', () => {
    const options = { conventions: { importeSegurosWithoutIndSeguro: 'refuse' as const } };
    expect(failure(stray, options)).toEqual(['ERRNEG001', 'importeSeguros']);
    expect(failure({ ...stray, indSeguro: 0 }, options)).toEqual(['ERRNEG001', 'importeSeguros']);
    expect(quoteCredit({ ...stray, importeSeguros: '0.00' }, options).importeSeguros).toBe('0.00');
    expect(quoteCredit({ ...stray, indSeguro: 1 }, options).indSeguro).toBe(1);
  });
});

describe('conventions.plazoSeguroZero: plazoSeguro 0 spreads the premium over every payment', () => {
  const external: CreditRequest = { ...credit, tipoSeguro: 0, indSeguro: 1, importeSeguros: '12000.00', generaTablaPagos: true };
  it('over 120 monthly payments, beyond the 99 months plazoSeguro can say', () => {
    const r = quoteCredit({ ...external, plazo: 120, plazoSeguro: 0 });
    expect(r.registros.map((row) => row.seguroDanos)).toEqual(new Array(120).fill('100.00'));
    const at99 = quoteCredit({ ...external, plazo: 120, plazoSeguro: 99 });
    expect(at99.registros[98]?.seguroDanos).not.toBe('0.00');
    expect(at99.registros[99]?.seguroDanos).toBe('0.00');
    expect(r.plazoSeguro).toBe(0);
  });
  it('any term and periodicity: every payment carries its share, the remainder on the first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 360 }),
        fc.constantFrom('M', 'Q', 'S'),
        fc.integer({ min: 0, max: 5_000_000 }),
        (plazo, p, amount) => {
          const money = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
          const r = quoteCredit({ ...external, plazo, periodicidad: p, plazoSeguro: 0, importeSeguros: money });
          const column = r.registros.map((row) => cents(row.seguroDanos));
          expect(column.reduce((a, b) => a + b, 0)).toBe(amount);
          const each = Math.floor(amount / plazo);
          expect(column.slice(1).every((x) => x === each)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
  it('refuse restores ERRESQ004; an absent plazoSeguro is still ERRESQ006', () => {
    expect(failure({ ...external, plazoSeguro: 0 }, { conventions: { plazoSeguroZero: 'refuse' } })).toEqual(['ERRESQ004', 'plazoSeguro']);
    expect(failure(external)).toEqual(['ERRESQ006', 'plazoSeguro']);
  });
});

describe('the insurance conventions are checked', () => {
  it.each([
    ['insuredValue', 'factura'],
    ['insuranceIva', 8],
    ['importeSegurosWithoutIndSeguro', 'charge'],
    ['plazoSeguroZero', true],
  ])('%s: %s is ERRESQ005 naming it', (key, value) => {
    expect(failure(credit, { conventions: { [key]: value } as never })).toEqual(['ERRESQ005', `conventions.${key}`]);
  });
});
