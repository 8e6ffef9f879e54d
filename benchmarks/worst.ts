/**
 * The slowest valid quotes we could find (the target: none slower than 5 ms): `plazo` 999
 * with the largest amounts the interface takes (11 integer digits) and the highest rate
 * (999.999999 %), alone and with the costliest features together — actual/365 interest and CAT
 * times (the dated solver), Mexican business days, a daily custom periodicity, prepayments in
 * both modes, external insurance, a balloon with grace and an irregular first period — and the
 * issue's own slow case (`plazo` 947, a very large amount). Each is checked to be a valid quote.
 */
import { quoteCredit, type CreditOptions, type CreditRequest } from '../src/entry/index.js';
import type { BenchCase } from './harness.js';

const LARGEST = '99999999999.99';

function request(plazo: number, extra: Partial<CreditRequest> = {}): CreditRequest {
  return {
    fechaApertura: '2026-01-31',
    montoSolicitado: LARGEST,
    valorFactura: LARGEST,
    facturaConIva: 1,
    porcentajeEnganche: 0,
    tasa: '999.999999',
    plazo,
    periodicidad: 'M',
    iva: 16,
    comisiones: '5.00',
    generaTablaPagos: true,
    ...extra,
  };
}

const DATED: CreditOptions['conventions'] = { interestBasis: 'actual365', catTimeBasis: 'actual365', businessDays: 'MX' };
const DAILY: CreditOptions['conventions'] = {
  ...DATED,
  periodicities: { X: { name: 'diaria', perYear: 365, days: 1, step: { unit: 'days', count: 1 } } },
};

/** The candidates: a name, the request and the options. */
export const WORST_CANDIDATES: readonly { name: string; request: CreditRequest; options?: CreditOptions }[] = [
  // at 999.999999 % the payments of 999 months total about 966× the amount (with the 5 % commission
  // financed): up to about 93,000,000,000.00 the total stays under 2^53 cents (93,500,000,000.00 is
  // ERRNEG001 on montoSolicitado, as are the largest amounts)
  { name: '999 monthly, 999.999999 %, 1,000,000,000.00', request: request(999, { montoSolicitado: '1000000000.00' }) },
  { name: '999 monthly, largest amounts, 13.5 %', request: request(999, { tasa: '13.50' }) },
  { name: '947 monthly, largest amounts, 13.5 % (the issue\u2019s 90 ms case)', request: request(947, { tasa: '13.50' }) },
  {
    name: '999 monthly, largest, actual/365 + MX days + 3 prepayments + external insurance',
    request: request(999, { tasa: '13.50', indSeguro: 1, importeSeguros: '9999999999.99', plazoSeguro: 99 }),
    options: {
      conventions: DATED,
      prepayments: [
        { period: 12, amount: '1000000000.00', mode: 'reducePayment' },
        { period: 300, amount: '1000000000.00', mode: 'reducePayment' },
        { period: 600, amount: '12345678.90', mode: 'reduceTerm' },
      ],
    },
  },
  {
    name: '999 daily (custom), largest, actual/365 + MX days, 999.999999 %',
    request: request(999, { periodicidad: 'X' }),
    options: { conventions: DAILY },
  },
  {
    name: '999 weekly, largest, balloon 60 % + grace 6 + irregular first period, actual/365',
    request: request(999, { periodicidad: 'S', tasa: '35.00' }),
    options: { conventions: DATED, balloon: { percent: '60.00' }, grace: { periods: 6 }, firstPaymentDate: '2026-02-11' },
  },
  {
    // found by the speed work's own search (issue 13): 615 of its 997 rows are decided by decimal.js
    // (the float estimate of the unequal-period payment within its bound of the decision)
    // S·g on a half cent (483,333,328.5 cents): 615 of 997 rows went to decimal.js until the tie rule
    // of src/credit/annuity.ts (6.2 ms then)
    name: '999 monthly, 50,000,000.00 at 99.999999 %, irregular first period (half-cent ties)',
    request: request(999, { montoSolicitado: '50000000.00', tasa: '99.999999' }),
    options: { firstPaymentDate: '2026-03-20' },
  },
  {
    name: '999 monthly, 50,000,000.00 at 999.999999 %, irregular first period (half-cent ties)',
    request: request(999, { montoSolicitado: '50000000.00' }),
    options: { firstPaymentDate: '2026-03-20' },
  },
  // A tolerance other than ½ moves the boundaries to held ± tolerance: r·S = 9,666,666,656.7 cents
  // sits on held − 0.3 on every row (14-50 ms with decimal.js; the side test of
  // PaymentRate.sideOf decides it from r·S and the excess's logarithm).
  {
    name: '999 monthly, 10,000,000.00 at 999.999999 %, paymentTolerance 0.3 (every row near held − 0.3)',
    request: request(999, { montoSolicitado: '10000000.00' }),
    options: { conventions: { paymentTolerance: 0.3 } },
  },
  // One row within 10⁻⁸ cents of a half cent made decimal.js build its 50-digit arrays over all
  // 999 periods (2.5 ms) until the double-double pair decided it (src/credit/annuity.ts); found by
  // a search over round amounts and many-decimal rates: 7.2, 4.7 and 3.6 ms before.
  {
    name: '999 weekly, 50,000,000.00 at 9.999999 %, actual/365 + MX days (a row near ½ cent)',
    request: request(999, { montoSolicitado: '50000000.00', tasa: '9.999999', periodicidad: 'S' }),
    options: { conventions: DATED },
  },
  {
    name: '999 every 14 days, 1,000,000,000.00 at 999.999999 %, actual/365 + MX days (a row near ½ cent)',
    request: request(999, { montoSolicitado: '1000000000.00', periodicidad: 'C' }),
    options: { conventions: DATED },
  },
  {
    name: '999 every 14 days, 1,000,000,000.00 at 99.999999 %, balloon 50 % + grace 3 (a row near ½ cent)',
    request: request(999, { montoSolicitado: '1000000000.00', tasa: '99.999999', periodicidad: 'C' }),
    options: { balloon: { percent: '50.00' }, grace: { periods: 3 } },
  },
];

/**
 * The worst-case group: one case per candidate (each must be a valid quote).
 *
 * @example
 * ```ts
 * worstCases().length > 3; // true
 * ```
 */
export function worstCases(): BenchCase[] {
  return WORST_CANDIDATES.map((c) => {
    quoteCredit(c.request, c.options); // throws if it is not a valid quote
    return { name: c.name, run: () => quoteCredit(c.request, c.options) };
  });
}
