/**
 * `affordability`: what an income affords. The largest amount financed (the vehicle's price
 * fixed), or, given a down payment rule, the largest vehicle price, whose payment fits a share of
 * the income — exact at the boundary like `solveCredit`: the answer's payment fits and one cent
 * more (of amount, or of price) does not, or the engine refuses it.
 *
 * The payment that must fit is the quote's `pagoMensual` (the first payment, the one the
 * interface, the lender's advertisement and CONDUSEF's simulator quote). The income is per
 * `incomePeriodicity` (a month by default); the limit per payment period is
 * `⌊income × maxShare / 100 × perYear(income) / perYear(credit)⌋` cents, so a monthly income and a
 * weekly credit compare on the same year.
 *
 * Not a `solveCredit` problem: varying the amount moves the down payment that
 * `informacionSeguro.enganche` must state, and varying the price moves the amount financed too.
 * It shares `solveCredit`'s search instead (`./boundary.ts`).
 */
import { CreditRequestSchema, type CreditRequest, type CreditResult } from '../contracts/credit.js';
import { QuoteError } from '../errors/quoteError.js';
import { AMOUNT_PATTERN, formatCents, parseCents } from '../money/cents.js';
import { resolveConventions } from '../credit/conventions.js';
import { creditError } from '../credit/messages.js';
import { percentToRational } from '../credit/rate.js';
import { validationError } from '../validation/messages.js';
import { assertValid } from '../validation/validate.js';
import { searchBoundary, type BoundaryState } from './boundary.js';
import { vehiclePrice } from './credit/amounts.js';
import { checkKeys, isRecord, positiveAmount, SIGNED_PERCENT } from './credit/features.js';
import { quotesError } from './messages.js';
import { quoteValidCredit, type CreditOptions } from './quoteCredit.js';

/**
 * How the down payment follows the price when the price is the unknown: a percentage of the price
 * (the smallest down payment of at least that percentage: rounded up to the cent) or a fixed amount.
 *
 * @example
 * ```ts
 * const rule: DownPaymentRule = { percent: '20' };
 * affordability(solicitud, { income: '30000.00', maxShare: '30', downPayment: rule }).downPayment; // '61305.22' (20 % of 306,526.08, rounded up)
 * ```
 */
export type DownPaymentRule = { readonly percent: string } | { readonly amount: string };

/**
 * The income question.
 *
 * @example
 * ```ts
 * const problem: AffordabilityProblem = { income: '30000.00', maxShare: '30' };
 * affordability(solicitud, problem).value; // '245220.86'
 * ```
 */
export interface AffordabilityProblem {
  /** The income (amount text, more than zero), per `incomePeriodicity`. */
  readonly income: string;
  /** The share of the income the payment may take, percent (`'30'`): above 0, at most 100. */
  readonly maxShare: string;
  /** The period the income is earned in: a periodicity code of the conventions (default `'M'`, a month). */
  readonly incomePeriodicity?: string;
  /** Solve for the vehicle's price (`valorFactura`) with this down payment; without it, for the amount (`montoSolicitado`). */
  readonly downPayment?: DownPaymentRule;
}

/**
 * What is solved for: the amount financed, or the vehicle's price.
 *
 * @example
 * ```ts
 * const unknown: AffordUnknown = 'valorFactura';
 * ```
 */
export type AffordUnknown = 'montoSolicitado' | 'valorFactura';

/**
 * The value one cent past the answer: quoted with a payment above the limit, or refused.
 *
 * @example
 * ```ts
 * const next: AffordStep | undefined = affordability(solicitud, { income: '30000.00', maxShare: '30' }).next;
 * next; // { value: '245220.87', pagoMensual: '9000.01' }
 * const capped = affordability(solicitud, { income: '60000.00', maxShare: '30' }).next;
 * capped !== undefined && 'error' in capped && [capped.value, capped.error.codigoError]; // ['280000.01', 'ERRNEG001'] (the minimum down payment binds first)
 * ```
 */
export type AffordStep = { readonly value: string; readonly pagoMensual: string } | { readonly value: string; readonly error: QuoteError };

/**
 * The answer: the value, the limit it meets and the quote at it.
 *
 * @example
 * ```ts
 * const result: AffordabilityResult = affordability(solicitud, { income: '30000.00', maxShare: '30' });
 * [result.unknown, result.paymentLimit, result.quote.pagoMensual]; // ['montoSolicitado', '9000.00', '9000.00']
 * ```
 */
export interface AffordabilityResult {
  readonly unknown: AffordUnknown;
  /** The largest value of the unknown whose payment fits (amount text). */
  readonly value: string;
  /** The most a payment of the credit's period may be: the share of the income, per payment period, rounded down to the cent. */
  readonly paymentLimit: string;
  readonly montoSolicitado: string;
  readonly valorFactura: string;
  /** The down payment (`enganche`): the price (`valorFactura`, with IVA when `facturaConIva` is 0) less `montoSolicitado`. */
  readonly downPayment: string;
  /** The quote at the value, with the solicitud's `generaTablaPagos`. */
  readonly quote: CreditResult;
  /** One cent more: its payment (above the limit) or the engine's refusal; absent past the largest amount the interface writes. */
  readonly next?: AffordStep;
}

/** The largest amount the interface writes (11 integer digits), in cents. */
const MAX_CENTS = 99_999_999_999_99;

/** ⌈a × num / den⌉ for non-negative integers, exactly. */
function mulDivCeil(a: number, num: number, den: number): number {
  const n = BigInt(a) * BigInt(num);
  const d = BigInt(den);
  return Number((n + d - 1n) / d);
}

type ReadRule = { readonly percent: { num: number; den: number } } | { readonly amount: number } | undefined;

function readRule(value: unknown): ReadRule {
  if (value === undefined) return undefined;
  const path = 'downPayment';
  if (!isRecord(value)) throw quotesError('ERRESQ005', 'opcionObjeto', path, { shape: '{ percent } | { amount }' });
  checkKeys(value, path, ['percent', 'amount']);
  const { percent, amount } = value;
  if ((percent === undefined) === (amount === undefined)) throw quotesError('ERRESQ005', 'engancheForma', path);
  if (amount !== undefined) {
    if (typeof amount !== 'string' || !AMOUNT_PATTERN.test(amount)) throw quotesError('ERRESQ005', 'importeTexto', `${path}.amount`);
    return { amount: parseCents(amount) };
  }
  if (typeof percent !== 'string' || !SIGNED_PERCENT.test(percent)) throw creditError('ERRESQ005', 'porcentajeTexto', `${path}.percent`);
  const r = percentToRational(percent.replace('-', ''));
  if (percent.startsWith('-') || r.num >= r.den) throw quotesError('ERRESQ004', 'enganchePorcentajeRango', `${path}.percent`);
  return { percent: r };
}

function readShare(value: unknown): { num: number; den: number } {
  if (value === undefined) throw validationError('ERRESQ006', 'campoFaltante', 'maxShare');
  if (typeof value !== 'string' || !SIGNED_PERCENT.test(value)) throw creditError('ERRESQ005', 'porcentajeTexto', 'maxShare');
  const r = percentToRational(value.replace('-', ''));
  if (value.startsWith('-') || r.num === 0 || r.num > r.den) throw quotesError('ERRESQ004', 'proporcionRango', 'maxShare');
  return r;
}

/**
 * The largest amount financed (or, with `problem.downPayment`, the largest vehicle price) whose
 * quote's `pagoMensual` is at most `maxShare` % of `income`, per payment period: the quote at the
 * answer meets the limit and the quote one cent higher does not or is refused (`next` says which).
 * Everything else of the solicitud and the options stays as given; `informacionSeguro.enganche`,
 * when present, follows the down payment. The search is `solveCredit`'s, from the solicitud's own
 * amount (with a down payment rule: the smallest price that finances it) or, when the engine refuses that,
 * from the largest of its halves the engine quotes; when it quotes none, its refusal of the
 * solicitud's own amount is thrown (the caller's error: a rate, a date, a field).
 *
 * A malformed problem is a `QuoteError` naming `income`, `maxShare`, `incomePeriodicity` or
 * `downPayment[.percent|.amount]`; no value that fits is `ERRNEG001` naming `income`.
 *
 * @example
 * ```ts
 * const base = { fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00', tasa: '13.50', plazo: 48, comisiones: '2.00' };
 * const amount = affordability(base, { income: '20000.00', maxShare: '30' });
 * [amount.value, amount.paymentLimit, amount.quote.pagoMensual, amount.next?.value]; // ['213019.55', '6000.00', '6000.00', '213019.56']
 * const price = affordability(base, { income: '20000.00', maxShare: '30', downPayment: { percent: '20' } });
 * [price.valorFactura, price.downPayment, price.montoSolicitado]; // ['266274.44', '53254.89', '213019.55']
 * // A monthly income against weekly payments: 30 % of 20,000.00 a month is 1,384.61 a week (× 12 / 52, rounded down).
 * affordability({ ...base, periodicidad: 'S', plazo: 208 }, { income: '20000.00', maxShare: '30' }).paymentLimit; // '1384.61'
 * affordability(base, { income: '20000.00', maxShare: '0' }); // throws QuoteError ERRESQ004 'maxShare'
 * ```
 */
export function affordability(solicitud: CreditRequest, problem: AffordabilityProblem, options: CreditOptions = {}): AffordabilityResult {
  assertValid(CreditRequestSchema, solicitud);
  const p: Record<string, unknown> = isRecord(problem) ? problem : {};
  for (const key of Object.keys(p)) {
    if (!['income', 'maxShare', 'incomePeriodicity', 'downPayment'].includes(key))
      throw validationError('ERRESQ003', 'campoNoDefinido', key);
  }
  if (p['income'] === undefined) throw validationError('ERRESQ006', 'campoFaltante', 'income');
  const income = positiveAmount(p['income'], 'income');
  const share = readShare(p['maxShare']);
  const conventions = resolveConventions(options.conventions);
  const incomeCode = p['incomePeriodicity'] ?? 'M';
  const incomePeriod =
    typeof incomeCode === 'string' && Object.hasOwn(conventions.periodicities, incomeCode)
      ? conventions.periodicities[incomeCode]
      : undefined;
  if (incomePeriod === undefined) {
    throw quotesError('ERRESQ005', 'periodicidadDesconocida', 'incomePeriodicity', {
      codes: Object.keys(conventions.periodicities).join(', '),
    });
  }
  const rule = readRule(p['downPayment']);
  const unknown: AffordUnknown = rule === undefined ? 'montoSolicitado' : 'valorFactura';

  const terms = {
    facturaConIva: solicitud.facturaConIva ?? conventions.defaultFacturaConIva,
    iva: solicitud.iva ?? conventions.defaultIva,
  };
  const givenPrice = vehiclePrice(parseCents(solicitud.valorFactura), terms);
  /** The amounts at grid point v: the amount financed, the invoice value and the down payment, cents. */
  const amountsAt = (v: number): { monto: number; factura: number; down: number } => {
    if (rule === undefined) return { monto: v, factura: parseCents(solicitud.valorFactura), down: givenPrice - v };
    const price = vehiclePrice(v, terms);
    const down = 'amount' in rule ? rule.amount : mulDivCeil(price, rule.percent.num, rule.percent.den);
    return { monto: price - down, factura: v, down };
  };
  const requestAt = (v: number, table: boolean | undefined): CreditRequest => {
    const { monto, factura, down } = amountsAt(v);
    const info = solicitud.informacionSeguro;
    return {
      ...solicitud,
      montoSolicitado: formatCents(monto),
      valorFactura: formatCents(factura),
      generaTablaPagos: table,
      ...(info === undefined ? {} : { informacionSeguro: { ...info, enganche: formatCents(Math.max(0, down)) } }),
    };
  };
  const cache = new Map<number, CreditResult | QuoteError>();
  const quoteAt = (v: number): CreditResult | QuoteError => {
    let result = cache.get(v);
    if (result === undefined) {
      if (amountsAt(v).monto < 1) result = quotesError('ERRESQ004', 'montoSolicitadoPositivo', 'montoSolicitado');
      else {
        try {
          result = quoteValidCredit(requestAt(v, false), options);
        } catch (error) {
          if (!(error instanceof QuoteError)) throw error;
          result = error;
        }
      }
      cache.set(v, result);
    }
    return result;
  };
  /** The smallest grid point that finances at least `monto` (the amount financed never falls as the point grows). */
  const pointFor = (monto: number): number => {
    if (rule === undefined) return Math.min(MAX_CENTS, Math.max(1, monto));
    let hi = 1;
    while (hi < MAX_CENTS && amountsAt(hi).monto < monto) hi = Math.min(MAX_CENTS, hi * 2);
    let lo = Math.floor(hi / 2);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (amountsAt(mid).monto >= monto) hi = mid;
      else lo = mid;
    }
    return hi;
  };

  // The anchor: the solicitud's own amount; when the engine refuses it (more than the price or the
  // down payment allows), the largest of its halves it quotes. None quoted: the first refusal is
  // the caller's error (a rate, a date, a field the amount does not cure).
  let anchor = pointFor(parseCents(solicitud.montoSolicitado));
  const own = quoteAt(anchor);
  let first = own;
  for (let monto = Math.floor(amountsAt(anchor).monto / 2); first instanceof QuoteError && monto >= 1; monto = Math.floor(monto / 2)) {
    const q = quoteAt(pointFor(monto));
    if (!(q instanceof QuoteError)) {
      anchor = pointFor(monto);
      first = q;
    }
  }
  if (first instanceof QuoteError) throw own;
  const creditPerYear = conventions.periodicities[first.periodicidad]?.perYear as number;
  const limitBig = (BigInt(income) * BigInt(share.num) * BigInt(incomePeriod.perYear)) / (BigInt(share.den) * BigInt(creditPerYear));
  const limit = Number(limitBig);
  const state = (v: number): BoundaryState => {
    if (v < 1 || v > MAX_CENTS) return -1;
    const q = quoteAt(v);
    return q instanceof QuoteError ? -1 : parseCents(q.pagoMensual) <= limit ? 1 : 0;
  };
  // The payment is close to proportional to the amount financed: a better start.
  const improve = (v: number): number | undefined => {
    const m = parseCents((quoteAt(v) as CreditResult).pagoMensual);
    return m <= 0 ? undefined : pointFor(Math.round((amountsAt(v).monto * limit) / m));
  };
  const found = searchBoundary({ state, anchor, direction: 1, improve });
  if (found === undefined) {
    throw quotesError('ERRNEG001', 'sinCapacidad', 'income', {
      unknown,
      limit: formatCents(limit),
      share: p['maxShare'] as string,
      income: p['income'] as string,
    });
  }
  const { meets, misses } = found;
  const at = amountsAt(meets);
  let next: AffordStep | undefined;
  if (misses <= MAX_CENTS) {
    const q = quoteAt(misses);
    next = q instanceof QuoteError ? { value: formatCents(misses), error: q } : { value: formatCents(misses), pagoMensual: q.pagoMensual };
  }
  return {
    unknown,
    value: formatCents(meets),
    paymentLimit: formatCents(limit),
    montoSolicitado: formatCents(at.monto),
    valorFactura: formatCents(at.factura),
    downPayment: formatCents(at.down),
    quote: quoteValidCredit(requestAt(meets, solicitud.generaTablaPagos), options),
    ...(next === undefined ? {} : { next }),
  };
}
