/**
 * What an income affords, from docs/credit.md ("What an income affords") alone: the payment limit
 * per payment period, the solicitud at a point of the grid (the amount; or the price, the amount
 * being the price less the down payment the rule gives, a percentage rounded up to the cent), and
 * the documented property of an answer: the quote at it fits the limit and the quote one cent
 * higher does not, or is refused. Every figure is exact (integer cents, rationals); the quotes are
 * the oracle's own (`quoteCreditOracle`).
 *
 * Readings of the docs this file takes (docs/oracle.md, "Readings where the docs are silent"): a
 * quote "refused" is any error the credit oracle answers, "no CAT" (ERRNEG001) included, and an
 * amount of more than 11 integer digits (the interface's amount text); the income's and the
 * credit's periodicities are the conventions' (custom ones included).
 */
import { type CreditQuestion, type OracleConventions, ORACLE_DEFAULT_CONVENTIONS, quoteCreditOracle } from './credit.js';
import { centsOf, ceilDiv, formatCents, fromDecimal, roundHalfUp } from './rational.js';

/** The income question, as `affordability` takes it, with the credit it is asked of. */
export interface AffordQuestion {
  readonly credit: CreditQuestion;
  readonly income: string;
  readonly maxShare: string;
  readonly incomePeriodicity?: string;
  readonly downPayment?: { readonly percent: string } | { readonly amount: string };
}

/** A point of the grid as the oracle quotes it: its payment, or the refusal. */
export type AffordPoint = { readonly pagoMensual: bigint; readonly resultado: Record<string, unknown> } | { readonly refused: string };

/** The largest amount the interface writes: 99,999,999,999.99. */
const MAX_CENTS = 99_999_999_999_99n;

const conventionsOf = (q: AffordQuestion): OracleConventions => ({ ...ORACLE_DEFAULT_CONVENTIONS, ...q.credit.conventions });

/**
 * ⌊income × maxShare / 100 × perYear(income) / perYear(credit)⌋ cents; `undefined` when a
 * periodicity is not the conventions'.
 */
export function paymentLimitOracle(q: AffordQuestion): bigint | undefined {
  const c = conventionsOf(q);
  const creditCode = (q.credit.solicitud['periodicidad'] as string | undefined) ?? c.defaultPeriodicidad;
  const income = c.periodicities[q.incomePeriodicity ?? 'M'];
  const credit = c.periodicities[creditCode];
  if (income === undefined || credit === undefined) return undefined;
  const share = fromDecimal(q.maxShare);
  const n = centsOf(q.income) * share.n * BigInt(income.perYear);
  const d = 100n * share.d * BigInt(credit.perYear);
  return n / d;
}

/** The price the buyer pays for an invoice value: with IVA added, half-up, when `facturaConIva` is 0. */
function priceOf(q: AffordQuestion, valorFactura: bigint): bigint {
  const c = conventionsOf(q);
  const s = q.credit.solicitud;
  const facturaConIva = (s['facturaConIva'] as number | undefined) ?? c.defaultFacturaConIva;
  const iva = BigInt((s['iva'] as number | undefined) ?? c.defaultIva);
  return facturaConIva === 1 ? valorFactura : roundHalfUp(valorFactura * (100n + iva), 100n);
}

/** The amounts at grid point v (cents): the amount financed, the invoice value and the down payment. */
export function amountsAtOracle(q: AffordQuestion, v: bigint): { monto: bigint; factura: bigint; down: bigint } {
  const rule = q.downPayment;
  if (rule === undefined) {
    const factura = centsOf(q.credit.solicitud['valorFactura'] as string);
    return { monto: v, factura, down: priceOf(q, factura) - v };
  }
  const price = priceOf(q, v);
  let down: bigint;
  if ('amount' in rule) down = centsOf(rule.amount);
  else {
    const p = fromDecimal(rule.percent);
    down = ceilDiv(price * p.n, 100n * p.d);
  }
  return { monto: price - down, factura: v, down };
}

/** The oracle's quote at grid point v (its payment), or its refusal. */
export function pointOracle(q: AffordQuestion, v: bigint): AffordPoint {
  const { monto, factura, down } = amountsAtOracle(q, v);
  if (monto < 1n) return { refused: 'ERRESQ004 montoSolicitado' };
  // The interface writes amounts of up to 11 integer digits: a larger one is no request.
  if (monto > MAX_CENTS || factura > MAX_CENTS) return { refused: 'ERRESQ005 (more than 11 integer digits)' };
  const s = q.credit.solicitud;
  const info = s['informacionSeguro'] as Record<string, unknown> | undefined;
  const solicitud: Record<string, unknown> = {
    ...s,
    montoSolicitado: formatCents(monto),
    valorFactura: formatCents(factura),
    generaTablaPagos: false,
    ...(info === undefined ? {} : { informacionSeguro: { ...info, enganche: formatCents(down < 0n ? 0n : down) } }),
  };
  const answer = quoteCreditOracle({ ...q.credit, solicitud });
  if ('error' in answer) return { refused: `${answer.error} ${answer.field}` };
  if (answer.cat.kind !== 'rate') return { refused: `ERRNEG001 cat (${answer.cat.kind})` };
  return {
    pagoMensual: centsOf(answer.resultado.pagoMensual),
    resultado: { ...answer.resultado, cat: answer.cat.percent, registros: [] },
  };
}

/**
 * The documented property of an answer `value`: the quote at it fits `limit`, and the quote one
 * cent higher does not or is refused. Returns what fails, or `undefined`.
 */
export function boundaryViolation(q: AffordQuestion, value: bigint, limit: bigint): string | undefined {
  const at = pointOracle(q, value);
  if ('refused' in at) return `the answer ${formatCents(value)} is refused: ${at.refused}`;
  if (at.pagoMensual > limit) return `the answer's payment ${formatCents(at.pagoMensual)} is above ${formatCents(limit)}`;
  const next = pointOracle(q, value + 1n);
  if (!('refused' in next) && next.pagoMensual <= limit) {
    return `one cent more (${formatCents(value + 1n)}) pays ${formatCents(next.pagoMensual)}, within ${formatCents(limit)}`;
  }
  return undefined;
}
