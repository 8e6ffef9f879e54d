/**
 * affordability's contract (`docs/credit.md`, "What an income affords"): the payment limit is
 * ⌊income × share × perYear(income) / perYear(credit)⌋ cents; the answer is quoted and its
 * `pagoMensual` fits the limit, and one cent more (of amount, or of price under the down payment
 * rule) misses it or is refused — both recomputed here by building the solicitud by hand;
 * "no value fits" (ERRNEG001 on income) is checked where it can fail. Every field of the problem
 * is refused with a coded error naming it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  affordability,
  localizedMessage,
  QuoteError,
  quoteCredit,
  type AffordabilityProblem,
  type CreditOptions,
  type CreditRequest,
  type CreditResult,
  type DownPaymentRule,
} from '../../src/entry/credit.js';
import { formatCents } from '../../src/money/cents.js';
import { cents, deepFreeze, INSURED_PACKAGE, solicitudArb } from '../helpers.js';

const PER_YEAR: Readonly<Record<string, bigint>> = { M: 12n, Q: 24n, C: 26n, S: 52n, D: 36n };

/** A percent text as a fraction of integers ("30.5" → 305 / 1000). */
function fraction(text: string): [bigint, bigint] {
  const [whole, decimals = ''] = text.split('.');
  return [BigInt(`${whole}${decimals}`), 100n * 10n ** BigInt(decimals.length)];
}

/** The limit, by its definition. */
function limitOf(p: AffordabilityProblem, periodicidad: string): number {
  const [num, den] = fraction(p.maxShare);
  const perIncome = PER_YEAR[p.incomePeriodicity ?? 'M'] as bigint;
  return Number((BigInt(cents(p.income)) * num * perIncome) / (den * (PER_YEAR[periodicidad] as bigint)));
}

/** The solicitud at grid point v, built by hand: the amount, or the price with the down payment the rule gives. */
function solicitudAt(s: CreditRequest, rule: DownPaymentRule | undefined, v: number): CreditRequest | undefined {
  const iva = BigInt(s.iva ?? 16);
  const priceOf = (valor: number) => ((s.facturaConIva ?? 1) === 1 ? valor : Number((BigInt(valor) * (100n + iva) * 2n + 100n) / 200n));
  let monto = v;
  let valor = cents(s.valorFactura);
  if (rule !== undefined) {
    valor = v;
    const price = priceOf(v);
    let down: number;
    if ('amount' in rule) down = cents(rule.amount);
    else {
      const [num, den] = fraction(rule.percent);
      down = Number((BigInt(price) * num + den - 1n) / den);
    }
    monto = price - down;
  }
  if (monto < 1) return undefined;
  const down = priceOf(valor) - monto;
  return {
    ...s,
    montoSolicitado: formatCents(monto),
    valorFactura: formatCents(valor),
    ...(s.informacionSeguro === undefined
      ? {}
      : { informacionSeguro: { ...s.informacionSeguro, enganche: formatCents(Math.max(0, down)) } }),
  };
}

function quoteAt(s: CreditRequest, rule: DownPaymentRule | undefined, v: number, options?: CreditOptions): CreditResult | QuoteError {
  const at = solicitudAt(s, rule, v);
  if (at === undefined) return new QuoteError('ERRESQ004', 'montoSolicitado');
  try {
    return quoteCredit(at, options);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    return error as QuoteError;
  }
}

/** Checks the answer (or the absence of one) of `affordability(s, p)` by its definition; returns which. */
function check(s: CreditRequest, p: AffordabilityProblem, options?: CreditOptions): 'solved' | 'none' {
  let result: ReturnType<typeof affordability>;
  try {
    result = affordability(deepFreeze(s), deepFreeze(p), options);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    const { codigoError, valorIncorrecto } = error as QuoteError;
    if (codigoError !== 'ERRNEG001' || valorIncorrecto !== 'income') {
      // The engine quotes neither the solicitud's own amount (under the rule) nor its halves: its refusal is thrown.
      const own = quoteAt(s, p.downPayment, anchorOf(s, p.downPayment), options);
      expect(own).toBeInstanceOf(QuoteError);
      expect([(own as QuoteError).codigoError, (own as QuoteError).valorIncorrecto]).toEqual([codigoError, valorIncorrecto]);
      for (let monto = Math.floor(cents(s.montoSolicitado) / 2); monto >= 1; monto = Math.floor(monto / 8)) {
        expect(quoteAt(s, p.downPayment, anchorOf({ ...s, montoSolicitado: formatCents(monto) }, p.downPayment), options)).toBeInstanceOf(
          QuoteError,
        );
      }
      return 'none';
    }
    // No value fits: the smallest amount (one cent financed) is refused or its payment is above the limit.
    const periodicidad = s.periodicidad ?? 'M';
    const limit = limitOf(p, periodicidad);
    const smallest = p.downPayment === undefined ? 1 : smallestPoint(s, p.downPayment);
    const q = smallest === undefined ? undefined : quoteAt(s, p.downPayment, smallest, options);
    if (q !== undefined && !(q instanceof QuoteError)) expect(cents(q.pagoMensual)).toBeGreaterThan(limit);
    return 'none';
  }
  const rule = p.downPayment;
  expect(result.unknown).toBe(rule === undefined ? 'montoSolicitado' : 'valorFactura');
  const limit = limitOf(p, result.quote.periodicidad);
  expect(cents(result.paymentLimit)).toBe(limit);
  const v = cents(result.value);
  const at = quoteAt(s, rule, v, options);
  expect(at).not.toBeInstanceOf(QuoteError);
  expect(cents((at as CreditResult).pagoMensual)).toBeLessThanOrEqual(limit);
  expect(result.quote).toEqual(quoteCredit({ ...(solicitudAt(s, rule, v) as CreditRequest) }, options));
  expect([result.montoSolicitado, result.valorFactura]).toEqual([
    (solicitudAt(s, rule, v) as CreditRequest).montoSolicitado,
    (solicitudAt(s, rule, v) as CreditRequest).valorFactura,
  ]);
  // One cent more: above the limit, or refused; `next` says which.
  const next = quoteAt(s, rule, v + 1, options);
  if (next instanceof QuoteError)
    expect(result.next).toMatchObject({ value: formatCents(v + 1), error: { codigoError: next.codigoError } });
  else {
    expect(cents(next.pagoMensual)).toBeGreaterThan(limit);
    expect(result.next).toEqual({ value: formatCents(v + 1), pagoMensual: next.pagoMensual });
  }
  return 'solved';
}

/** The grid point that finances the solicitud's own amount under the rule (the search's start), to the nearest cent. */
function anchorOf(s: CreditRequest, rule: DownPaymentRule | undefined): number {
  const monto = cents(s.montoSolicitado);
  if (rule === undefined) return monto;
  let price: number;
  if ('amount' in rule) price = monto + cents(rule.amount);
  else {
    const [num, den] = fraction(rule.percent);
    price = (monto * Number(den)) / Number(den - num);
  }
  return Math.max(1, Math.round((s.facturaConIva ?? 1) === 1 ? price : (price * 100) / (100 + (s.iva ?? 16))));
}

/** The smallest price that finances at least a cent under the rule. */
function smallestPoint(s: CreditRequest, rule: DownPaymentRule): number | undefined {
  for (let v = 1; v < 10_000_000_00; v *= 2) {
    if (solicitudAt(s, rule, v) !== undefined) {
      let lo = Math.floor(v / 2);
      let hi = v;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (solicitudAt(s, rule, mid) === undefined) lo = mid;
        else hi = mid;
      }
      return hi;
    }
  }
  return undefined;
}

describe('affordability: worked by hand', () => {
  // 0 % over 10 monthly payments: the payment is the amount / 10, half-up to the cent.
  const zero: CreditRequest = { fechaApertura: '2026-01-31', montoSolicitado: '10000.04', valorFactura: '20000.00', tasa: '0', plazo: 10 };
  it('the largest amount whose payment is at most 20 % of 5,000.00', () => {
    // The limit is 1,000.00; 10,000.04 / 10 = 1,000.004 → 1,000.00 fits, 10,000.05 / 10 = 1,000.005 → 1,000.01 does not.
    const r = affordability(zero, { income: '5000.00', maxShare: '20' });
    expect([r.unknown, r.value, r.paymentLimit, r.quote.pagoMensual, r.downPayment]).toEqual([
      'montoSolicitado',
      '10000.04',
      '1000.00',
      '1000.00',
      '9999.96',
    ]);
    expect(r.next).toEqual({ value: '10000.05', pagoMensual: '1000.01' });
    expect(check(zero, { income: '5000.00', maxShare: '20' })).toBe('solved');
  });
  it('the largest price with a 20 % down payment', () => {
    // Price P finances P − ⌈0.2 P⌉: 12,500.06 → down 2,500.02 (2,500.012 rounded up), 10,000.04 financed;
    // 12,500.07 → down 2,500.02 (2,500.014), 10,000.05 financed, a payment of 1,000.01.
    const r = affordability(zero, { income: '5000.00', maxShare: '20', downPayment: { percent: '20' } });
    expect([r.unknown, r.value, r.valorFactura, r.downPayment, r.montoSolicitado]).toEqual([
      'valorFactura',
      '12500.06',
      '12500.06',
      '2500.02',
      '10000.04',
    ]);
    expect(r.next).toEqual({ value: '12500.07', pagoMensual: '1000.01' });
  });
  it('a fixed down payment: the minimum down payment (20 %) binds before the income', () => {
    // 2,500.00 is 20 % of 12,500.00; a cent more of price and it is below 20 %: refused, so the answer is 12,500.00.
    const r = affordability(zero, { income: '5000.00', maxShare: '20', downPayment: { amount: '2500.00' } });
    expect([r.value, r.montoSolicitado, r.quote.pagoMensual]).toEqual(['12500.00', '10000.00', '1000.00']);
    expect(r.next && 'error' in r.next && [r.next.value, r.next.error.codigoError, r.next.error.valorIncorrecto]).toEqual([
      '12500.01',
      'ERRNEG001',
      'montoSolicitado',
    ]);
  });
  it('the income per period against the credit’s period, on the same year', () => {
    const base: CreditRequest = {
      fechaApertura: '2026-01-31',
      montoSolicitado: '200000.00',
      valorFactura: '350000.00',
      tasa: '13.50',
      plazo: 48,
    };
    // 30 % of 20,000.00 a month is 6,000.00 a month; a week is 12/52 of a month: 1,384.615… → 1,384.61.
    expect(affordability({ ...base, periodicidad: 'S', plazo: 208 }, { income: '20000.00', maxShare: '30' }).paymentLimit).toBe('1384.61');
    // 30 % of 7,000.00 a week, a month being 52/12 weeks: 9,100.00.
    expect(affordability(base, { income: '7000.00', maxShare: '30', incomePeriodicity: 'S' }).paymentLimit).toBe('9100.00');
    // 33.5 % of 15,000.00 a fortnight, against fortnightly payments: 5,025.00.
    expect(
      affordability({ ...base, periodicidad: 'Q', plazo: 96 }, { income: '15000.00', maxShare: '33.5', incomePeriodicity: 'Q' })
        .paymentLimit,
    ).toBe('5025.00');
  });
  it('keeps informacionSeguro.enganche with the down payment (tipoSeguro 1)', () => {
    const insured: CreditRequest = {
      fechaApertura: '2026-01-31',
      montoSolicitado: '280000.00',
      valorFactura: '350000.00',
      tasa: '13.50',
      plazo: 36,
      tipoSeguro: 1,
      informacionSeguro: INSURED_PACKAGE,
    };
    expect(check(insured, { income: '25000.00', maxShare: '30' })).toBe('solved');
    expect(check(insured, { income: '25000.00', maxShare: '30', downPayment: { percent: '25' } })).toBe('solved');
  });
  it('no value fits: ERRNEG001 naming income', () => {
    // 1,000.00 of life insurance paid up front: the engine quotes only amounts above it, whose
    // payments are above 100.00; 20 % of 400.00 is 80.00.
    const insured = { ...zero, importeCatSegVida: '1000.00' };
    expect(check(insured, { income: '400.00', maxShare: '20' })).toBe('none');
    expect(() => affordability(insured, { income: '400.00', maxShare: '20' })).toThrow(
      'Ningún valor de montoSolicitado que el cotizador acepte tiene un pago de a lo más 80.00 por periodo (20 % de un ingreso de 400.00)',
    );
    try {
      affordability(insured, { income: '400.00', maxShare: '20' });
    } catch (error) {
      expect(localizedMessage(error as QuoteError, 'en')).toBe(
        'No value of montoSolicitado the quoter accepts has a payment of at most 80.00 a period (20 % of an income of 400.00)',
      );
    }
    // A payment that rounds to 0.00 fits a limit of 0.00: a cent financed over ten payments at 0 %.
    expect(affordability(zero, { income: '0.04', maxShare: '10' }).value).not.toBe('0.00');
  });
});

describe('affordability: exact at the boundary on random problems', () => {
  const ruleArb: fc.Arbitrary<DownPaymentRule | undefined> = fc.oneof(
    fc.constant(undefined),
    fc.integer({ min: 0, max: 80_00 }).map((b) => ({ percent: (b / 100).toFixed(b % 3 === 0 ? 0 : 2) })),
    fc.integer({ min: 0, max: 200_000_00 }).map((c) => ({ amount: formatCents(c) })),
  );
  const problemArb = fc.record({
    s: solicitudArb.map((s) => ({ ...s, plazo: Math.min(s.plazo, 120), generaTablaPagos: false, porcentajeEnganche: 10 })),
    facturaConIva: fc.constantFrom(0, 1),
    factor: fc.double({ min: 0.05, max: 2, noNaN: true }),
    share: fc.integer({ min: 1, max: 100_00 }).map((b) => (b / 100).toFixed(2)),
    incomePeriodicity: fc.constantFrom('M', 'Q', 'C', 'S', 'D'),
    rule: ruleArb,
  });
  it('the answer fits and one cent more does not (or is refused); no answer means the smallest does not fit', () => {
    const outcomes = { solved: 0, none: 0 };
    fc.assert(
      fc.property(problemArb, ({ s, facturaConIva, factor, share, incomePeriodicity, rule }) => {
        const solicitud = { ...s, facturaConIva };
        const payment = cents(quoteCredit(solicitud).pagoMensual);
        // An income whose share is near the drawn credit's payment, so the boundary is near it.
        const [num, den] = fraction(share);
        const perCredit = PER_YEAR[solicitud.periodicidad ?? 'M'] as bigint;
        const income =
          (BigInt(Math.max(1, Math.round(payment * factor))) * den * perCredit) / (num * (PER_YEAR[incomePeriodicity] as bigint));
        const problem: AffordabilityProblem = {
          // Within the interface's amounts (11 integer digits).
          income: formatCents(Math.min(99_999_999_999_99, Math.max(1, Number(income)))),
          maxShare: share,
          incomePeriodicity,
          ...(rule === undefined ? {} : { downPayment: rule }),
        };
        outcomes[check(solicitud, problem)]++;
      }),
      { numRuns: 40 },
    );
    expect(outcomes.solved).toBeGreaterThan(0);
  });
});

describe('affordability: what it refuses', () => {
  const s: CreditRequest = {
    fechaApertura: '2026-01-31',
    montoSolicitado: '280000.00',
    valorFactura: '350000.00',
    tasa: '13.50',
    plazo: 36,
  };
  const codeOf = (problem: unknown, options?: CreditOptions): [string, string | undefined] => {
    try {
      affordability(s, problem as AffordabilityProblem, options);
    } catch (error) {
      expect(error).toBeInstanceOf(QuoteError);
      return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
    }
    throw new Error('accepted');
  };
  const codeOfQuote = (f: () => unknown): [string, string | undefined] => {
    try {
      f();
    } catch (error) {
      return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
    }
    throw new Error('accepted');
  };
  it('names the field at fault', () => {
    expect(codeOf({ maxShare: '30' })).toEqual(['ERRESQ006', 'income']);
    expect(codeOf({ income: 30000, maxShare: '30' })).toEqual(['ERRESQ005', 'income']);
    expect(codeOf({ income: '0.00', maxShare: '30' })).toEqual(['ERRESQ004', 'income']);
    expect(codeOf({ income: '30000.00' })).toEqual(['ERRESQ006', 'maxShare']);
    expect(codeOf({ income: '30000.00', maxShare: 30 })).toEqual(['ERRESQ005', 'maxShare']);
    expect(codeOf({ income: '30000.00', maxShare: '100.01' })).toEqual(['ERRESQ004', 'maxShare']);
    expect(codeOf({ income: '30000.00', maxShare: '-5' })).toEqual(['ERRESQ004', 'maxShare']);
    expect(codeOf({ income: '30000.00', maxShare: '30', incomePeriodicity: 'A' })).toEqual(['ERRESQ005', 'incomePeriodicity']);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: '20%' })).toEqual(['ERRESQ005', 'downPayment']);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: { percent: '20', amount: '1.00' } })).toEqual([
      'ERRESQ005',
      'downPayment',
    ]);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: {} })).toEqual(['ERRESQ005', 'downPayment']);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: { percent: '100' } })).toEqual(['ERRESQ004', 'downPayment.percent']);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: { percent: 'veinte' } })).toEqual([
      'ERRESQ005',
      'downPayment.percent',
    ]);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: { amount: '-1.00' } })).toEqual(['ERRESQ005', 'downPayment.amount']);
    expect(codeOf({ income: '30000.00', maxShare: '30', downPayment: { share: '1' } })).toEqual(['ERRESQ003', 'downPayment.share']);
    expect(codeOf({ income: '30000.00', maxShare: '30', salario: '1' })).toEqual(['ERRESQ003', 'salario']);
    // The solicitud's own errors are the caller's, named as quoteCredit names them.
    const bad = { conventions: { defaultIva: -1 } };
    expect(codeOf({ income: '30000.00', maxShare: '30' }, bad)).toEqual(codeOfQuote(() => quoteCredit(s, bad)));
    expect(() => affordability({ ...s, tasa: '13,5' }, { income: '30000.00', maxShare: '30' })).toThrow(QuoteError);
  });
  it('speaks English too', () => {
    try {
      affordability(s, { income: '30000.00', maxShare: '0' });
    } catch (error) {
      expect(localizedMessage(error as QuoteError, 'en')).toBe('The share of the income is a percentage above 0 and at most 100');
    }
    expect.assertions(1);
  });
});
