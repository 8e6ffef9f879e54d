/**
 * `affordability` against the oracle: income questions over the hunt's random credits (every
 * periodicity, feature, captive structure, insured package), the engine's answer checked with the
 * oracle's exact quotes — the payment limit, the amounts at the answer, the quote at it, the
 * boundary (it fits, one cent more does not or is refused) and one cent more as the engine reports
 * it — and an answer of "no value fits" or a refusal of the solicitud checked where it can fail.
 * The engine is called through the package's entry only.
 */
import { type AffordabilityProblem, type AffordabilityResult, affordability, isQuoteError } from '../../src/entry/index.js';
import { type AffordQuestion, amountsAtOracle, boundaryViolation, paymentLimitOracle, pointOracle } from '../model/afford.js';
import { quoteCreditOracle } from '../model/credit.js';
import { centsOf, formatCents } from '../model/rational.js';
import { DEFAULT_TARIFF, type Diff, type Outcome, engineCreditOptions } from './compare.js';
import { type CreditCase, creditCase } from './generate.js';
import { Random } from './random.js';

/** One income question: a credit case of the hunt and the problem asked of it. */
export interface AffordCase {
  readonly kind: 'afford';
  readonly credit: CreditCase;
  readonly problem: AffordabilityProblem;
}

/** The largest amount the interface writes, in cents. */
const MAX_CENTS = 99_999_999_999_99n;

const PER_YEAR: Readonly<Record<string, number>> = { M: 12, Q: 24, C: 26, S: 52, D: 36 };

/** Case `index` of a seed, replayable alone. */
export function affordCaseAt(seed: number, index: number): AffordCase {
  const r = new Random((Math.imul(seed, 0x2c1b3c6d) ^ Math.imul(index + 1, 0x297a2d39)) >>> 0);
  const credit = creditCase(r, DEFAULT_TARIFF);
  // The limit near the drawn credit's payment (as the oracle quotes it), so the boundary is near it.
  const drawn = quoteCreditOracle({ solicitud: credit.solicitud, ...credit.options, tariff: credit.options.tariff ?? DEFAULT_TARIFF });
  const payment = 'error' in drawn ? r.int(1, 2_000_000_00) : Number(centsOf(drawn.resultado.pagoMensual));
  const share = r.chance(0.6) ? String(r.int(1, 100)) : `${r.int(0, 99)}.${String(r.int(1, 99)).padStart(2, '0')}`;
  const incomePeriodicity = r.chance(0.6) ? undefined : r.pick(['M', 'Q', 'C', 'S', 'D']);
  const creditCode = (credit.solicitud['periodicidad'] as string | undefined) ?? 'M';
  const creditPerYear = credit.options.conventions?.periodicities?.[creditCode]?.perYear ?? PER_YEAR[creditCode] ?? 12;
  const limit = Math.max(1, Math.round(payment * r.float() * 2));
  const income = (limit * 100 * creditPerYear) / (Number(share) * (PER_YEAR[incomePeriodicity ?? 'M'] as number));
  const incomeCents = BigInt(Math.min(Number(MAX_CENTS), Math.max(1, Math.round(income))));
  const valor = Number(centsOf((credit.solicitud['valorFactura'] as string | undefined) ?? '0'));
  const rule = r.weighted<() => AffordabilityProblem['downPayment']>([
    [4, () => undefined],
    [4, () => ({ percent: r.chance(0.5) ? String(r.int(0, 80)) : `${r.int(0, 79)}.${r.int(1, 9)}` })],
    [2, () => ({ amount: formatCents(BigInt(Math.floor(valor * r.float() * 0.6))) })],
  ])();
  return {
    kind: 'afford',
    credit,
    problem: {
      income: formatCents(incomeCents),
      maxShare: share,
      ...(incomePeriodicity === undefined ? {} : { incomePeriodicity }),
      ...(rule === undefined ? {} : { downPayment: rule }),
    },
  };
}

const questionOf = (c: AffordCase): AffordQuestion => ({
  credit: { solicitud: c.credit.solicitud, ...c.credit.options, tariff: c.credit.options.tariff ?? DEFAULT_TARIFF },
  ...c.problem,
});

/** The smallest grid point whose amount financed is at least `monto` (the amounts grow with the point). */
function pointFinancing(q: AffordQuestion, monto: bigint): bigint {
  if (q.downPayment === undefined) return monto;
  let lo = 0n;
  let hi = 1n;
  while (hi < MAX_CENTS && amountsAtOracle(q, hi).monto < monto) hi *= 2n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (amountsAtOracle(q, mid).monto >= monto) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The oracle's points where "nothing fits" or "the solicitud is refused" can fail: its own amount, its halves, the smallest. */
function probePoints(q: AffordQuestion): bigint[] {
  const own = centsOf(q.credit.solicitud['montoSolicitado'] as string);
  const points = new Set<bigint>();
  for (let m = own; m >= 1n; m /= 2n) points.add(pointFinancing(q, m));
  points.add(pointFinancing(q, 1n));
  return [...points];
}

/** The engine's answer to the case against the oracle's. */
export function compareAfford(c: AffordCase): Outcome {
  const q = questionOf(c);
  const diffs: Diff[] = [];
  let result: AffordabilityResult;
  try {
    result = affordability(c.credit.solicitud as never, c.problem, engineCreditOptions(c.credit));
  } catch (e) {
    if (!isQuoteError(e)) return { cells: 1, diffs: [{ path: 'result', engine: `crash ${String(e)}`, oracle: 'an answer' }], facts: {} };
    const limit = paymentLimitOracle(q);
    const noFit = e.codigoError === 'ERRNEG001' && e.valorIncorrecto === 'income';
    let cells = 0;
    for (const v of probePoints(q)) {
      cells++;
      const at = pointOracle(q, v);
      if (noFit && !('refused' in at) && limit !== undefined && at.pagoMensual <= limit) {
        diffs.push({ path: `fits(${formatCents(v)})`, engine: 'ERRNEG001 income', oracle: `pays ${formatCents(at.pagoMensual)}` });
      }
      if (!noFit && !('refused' in at)) {
        diffs.push({ path: `refused(${formatCents(v)})`, engine: `${e.codigoError} ${e.valorIncorrecto}`, oracle: 'quoted' });
      }
    }
    return { cells, diffs, facts: { outcome: noFit ? 'none' : 'refused' } };
  }
  const limit = paymentLimitOracle(q);
  if (limit === undefined)
    return { cells: 1, diffs: [{ path: 'paymentLimit', engine: result.paymentLimit, oracle: 'no periodicity' }], facts: {} };
  const value = centsOf(result.value);
  const amounts = amountsAtOracle(q, value);
  const cells: [string, string, string][] = [
    ['paymentLimit', result.paymentLimit, formatCents(limit)],
    ['montoSolicitado', result.montoSolicitado, formatCents(amounts.monto)],
    ['valorFactura', result.valorFactura, formatCents(amounts.factura)],
    ['downPayment', result.downPayment, formatCents(amounts.down)],
  ];
  const at = pointOracle(q, value);
  if (!('refused' in at)) {
    for (const key of ['pagoMensual', 'totalPagar', 'importePago', 'cat', 'montoGarantiaExt', 'importeInteresTotal']) {
      cells.push([`quote.${key}`, String((result.quote as unknown as Record<string, unknown>)[key]), String(at.resultado[key])]);
    }
  }
  const violation = boundaryViolation(q, value, limit);
  cells.push(['boundary', 'holds', violation ?? 'holds']);
  if (value < MAX_CENTS) {
    const next = pointOracle(q, value + 1n);
    const engineNext = result.next === undefined ? 'none' : 'error' in result.next ? 'refused' : result.next.pagoMensual;
    cells.push(['next', engineNext, 'refused' in next ? 'refused' : formatCents(next.pagoMensual)]);
  }
  for (const [path, engine, oracle] of cells) if (engine !== oracle) diffs.push({ path, engine, oracle });
  return { cells: cells.length, diffs, facts: { outcome: 'solved', unknown: result.unknown } };
}
