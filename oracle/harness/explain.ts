/**
 * `explainCat` against the oracle (docs/cat.md, "Explaining a CAT"): for a credit case both quote,
 * the engine's explanation is checked flow by flow and figure by figure against the oracle's own
 * flows and its own CAT — each flow's time (as the exact fraction of a year) and amount, the
 * published tenth's boundaries, every factor and present value at both boundaries and at the
 * engine's solved rate (at the precision the explanation states), the sums and their bounds, and
 * the signs, which must be the ones the oracle's tenth implies (present value positive below the
 * root, negative above it, for a loan's one sign change).
 */
import { explainCat } from '../../src/entry/index.js';
import type { CatAnswer, CatFlowQ } from '../model/cat.js';
import { explainColumn } from '../model/explain.js';
import { type Q, fromDecimal, q as rat } from '../model/rational.js';

/** A cell that differs (the shape of compare.ts's `Diff`, which imports this file). */
interface Diff {
  readonly path: string;
  readonly engine: string;
  readonly oracle: string;
}

/** The significant digits the hunt asks for (the least the API allows: the cheapest proof). */
export const EXPLAIN_DIGITS = 6;

interface EngineColumn {
  readonly rate: string;
  readonly digits: number;
  readonly decimals: number;
  readonly discountFactors: readonly string[];
  readonly presentValues: readonly string[];
  readonly sum: string;
  readonly bound: string;
  readonly sign: -1 | 0 | 1;
}

/** "3/52", "0" or a decimal as an exact rational. */
function yearsOf(text: string): Q {
  const slash = text.indexOf('/');
  return slash < 0 ? fromDecimal(text) : rat(BigInt(text.slice(0, slash)), BigInt(text.slice(slash + 1)));
}

const showQ = (x: Q): string => {
  const r = rat(x.n, x.d);
  return r.d === 1n ? String(r.n) : `${r.n}/${r.d}`;
};

/**
 * The explanation's cells against the oracle's: appends each differing cell to `diffs` and returns
 * the number of cells compared, or the oracle's reason when it cannot decide a figure.
 */
export function compareExplanation(
  solicitud: Record<string, unknown>,
  options: Record<string, unknown>,
  flows: readonly CatFlowQ[],
  qUnits: bigint,
  cat: CatAnswer & { kind: 'rate' },
  diffs: Diff[],
): { cells: number; undecided?: string } {
  let e: ReturnType<typeof explainCat>;
  try {
    e = explainCat(solicitud as never, { ...options, digits: EXPLAIN_DIGITS });
  } catch (error) {
    diffs.push({
      path: 'explainCat',
      engine: `throws ${error instanceof Error ? error.message : String(error)}`,
      oracle: `CAT ${cat.percent}`,
    });
    return { cells: 1 };
  }
  let cells = 0;
  const cell = (path: string, engine: string, oracle: string): void => {
    cells++;
    if (engine !== oracle) diffs.push({ path: `explainCat.${path}`, engine, oracle });
  };
  cell('percent', e.percent, cat.percent);
  cell('holds', String(e.holds), 'true');
  cell('flows.length', String(e.flows.length), String(flows.length));
  // Amounts in pesos (the oracle's flows are in cents).
  const pesos = flows.map((f) => ({ e: f.e, amount: rat(f.amount.n, f.amount.d * 100n) }));
  e.flows.forEach((flow, j) => {
    const want = pesos[j];
    if (want === undefined) return;
    const years = yearsOf(flow.years);
    cell(`flows[${j}].years`, showQ(years), showQ(rat(want.e, qUnits)));
    const amount = fromDecimal(flow.amount);
    cell(`flows[${j}].amount`, showQ(flow.kind === 'disbursement' ? rat(-amount.n, amount.d) : amount), showQ(want.amount));
  });
  if (e.flows.length !== flows.length) return { cells };
  // The boundaries of the oracle's own tenth, and the signs its CAT implies there.
  const t = cat.tenths;
  const lowerRate = rat(2n * t - 1n, 2000n);
  const upperRate = rat(2n * t + 1n, 2000n);
  const columns: [string, EngineColumn, Q, number | undefined][] = [
    ['lower', e.lower, lowerRate, cat.tie === true && t > 0n ? undefined : 1],
    ['upper', e.upper, upperRate, cat.tie === true && t < 0n ? undefined : -1],
    ['atRate', e.atRate, fromDecimal(e.atRate.rate), undefined],
  ];
  for (const [name, column, rate, sign] of columns) {
    if (name !== 'atRate') cell(`${name}.rate`, showQ(fromDecimal(column.rate)), showQ(rate));
    const answer = explainColumn(pesos, qUnits, rate, column.digits, column.decimals);
    if ('undecided' in answer) return { cells, undecided: `explainCat ${name}: ${answer.undecided}` };
    answer.values.forEach((value, j) => {
      cell(`${name}.presentValues[${j}]`, showQ(fromDecimal(column.presentValues[j] ?? 'NaN')), showQ(value));
      cell(`${name}.discountFactors[${j}]`, showQ(fromDecimal(column.discountFactors[j] ?? 'NaN')), showQ(answer.factors[j] as Q));
    });
    cell(`${name}.sum`, showQ(fromDecimal(column.sum)), showQ(answer.sum));
    cell(`${name}.bound`, showQ(fromDecimal(column.bound)), showQ(answer.bound));
    if (sign !== undefined) {
      cell(`${name}.sign`, String(column.sign), String(sign));
      // The oracle's figures against its own CAT: a sum beyond its bound has the CAT's sign.
      if (answer.shownSign !== 0 && answer.shownSign !== sign)
        diffs.push({ path: `explainCat.${name}.oracleSum`, engine: showQ(answer.sum), oracle: `sign ${sign} (CAT ${cat.percent})` });
    }
  }
  return { cells };
}
