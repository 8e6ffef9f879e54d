/**
 * `explainCat` against the oracle (docs/cat.md, "Explaining a CAT"): for a credit case both quote,
 * the engine's explanation is checked flow by flow and figure by figure against the oracle's own
 * flows and its own CAT — each flow's time (as the exact fraction of a year) and amount, the
 * published tenth's boundaries, every factor and present value at both boundaries and at the
 * engine's solved rate (at the precision the explanation states), the sums and their bounds, and
 * the signs, which must be the ones the oracle's tenth implies (present value positive below the
 * root, negative above it, for a loan's one sign change).
 */
import { explainCat, explainCatFlows } from '../../src/entry/index.js';
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

/** What the hunt reads of an explanation (`explainCat`'s and `explainCatFlows`' answers alike). */
interface Explanation {
  readonly percent: string;
  readonly holds: boolean;
  readonly flows: readonly { readonly kind: 'disbursement' | 'payment'; readonly amount: string; readonly years: string }[];
  readonly atRate: EngineColumn;
  readonly lower: EngineColumn | undefined;
  readonly upper: EngineColumn;
}

/** The present value's expected sign at each boundary (undefined: not checked). */
interface ExpectedSigns {
  readonly lower: number | undefined;
  readonly upper: number | undefined;
}

/**
 * A credit case's explanation (`explainCat`) against the oracle's flows and CAT: below the root a
 * loan's present value is positive, above it negative (a tie excepted).
 */
export function compareExplanation(
  solicitud: Record<string, unknown>,
  options: Record<string, unknown>,
  flows: readonly CatFlowQ[],
  qUnits: bigint,
  cat: CatAnswer & { kind: 'rate' },
  diffs: Diff[],
): { cells: number; undecided?: string } {
  const signs = {
    lower: cat.tie === true && cat.tenths > 0n ? undefined : 1,
    upper: cat.tie === true && cat.tenths < 0n ? undefined : -1,
  };
  // Amounts in pesos (the oracle's flows are in cents).
  const pesos = flows.map((f) => ({ e: f.e, amount: rat(f.amount.n, f.amount.d * 100n) }));
  return compareFigures(() => explainCat(solicitud as never, { ...options, digits: EXPLAIN_DIGITS }), pesos, qUnits, cat, signs, diffs);
}

/**
 * A flow set's explanation (`explainCatFlows`) against the oracle's flows (amounts in pesos, the
 * disbursements negative) and its CAT: with one sign change the present value has the latest net
 * flow's sign below the root and the earliest's above it; with more, the signs differ (a tie excepted).
 */
export function compareFlowsExplanation(
  input: Parameters<typeof explainCatFlows>[0],
  options: { maxRate?: number } | undefined,
  flows: readonly CatFlowQ[],
  qUnits: bigint,
  cat: CatAnswer & { kind: 'rate' },
  diffs: Diff[],
): { cells: number; undecided?: string } {
  const net = new Map<bigint, Q>();
  for (const f of flows) {
    const prev = net.get(f.e) ?? { n: 0n, d: 1n };
    net.set(f.e, rat(prev.n * f.amount.d + f.amount.n * prev.d, prev.d * f.amount.d));
  }
  const ordered = [...net.entries()].filter(([, a]) => a.n !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signOf = (a: Q | undefined): number => ((a?.n ?? 0n) > 0n ? 1 : -1);
  let changes = 0;
  for (let k = 1; k < ordered.length; k++) if (signOf(ordered[k - 1]?.[1]) !== signOf(ordered[k]?.[1])) changes++;
  const oneChange = changes === 1 && cat.tie !== true;
  const signs = {
    lower: oneChange ? signOf(ordered[ordered.length - 1]?.[1]) : undefined,
    upper: oneChange ? signOf(ordered[0]?.[1]) : undefined,
  };
  return compareFigures(() => explainCatFlows(input, { ...options, digits: EXPLAIN_DIGITS }), flows, qUnits, cat, signs, diffs);
}

/** The explanation's cells against the oracle's; appends each differing cell to `diffs`. */
function compareFigures(
  run: () => Explanation,
  pesos: readonly CatFlowQ[],
  qUnits: bigint,
  cat: CatAnswer & { kind: 'rate' },
  signs: ExpectedSigns,
  diffs: Diff[],
): { cells: number; undecided?: string } {
  let e: Explanation;
  try {
    e = run();
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
  cell('flows.length', String(e.flows.length), String(pesos.length));
  e.flows.forEach((flow, j) => {
    const want = pesos[j];
    if (want === undefined) return;
    const years = yearsOf(flow.years);
    cell(`flows[${j}].years`, showQ(years), showQ(rat(want.e, qUnits)));
    const amount = fromDecimal(flow.amount);
    cell(`flows[${j}].amount`, showQ(flow.kind === 'disbursement' ? rat(-amount.n, amount.d) : amount), showQ(want.amount));
  });
  if (e.flows.length !== pesos.length) return { cells };
  // The boundaries of the oracle's own tenth, and the signs its CAT implies there.
  const t = cat.tenths;
  const lowerRate = rat(2n * t - 1n, 2000n);
  const upperRate = rat(2n * t + 1n, 2000n);
  const columns: [string, EngineColumn | undefined, Q, number | undefined][] = [
    ['lower', e.lower, lowerRate, signs.lower],
    ['upper', e.upper, upperRate, signs.upper],
    ['atRate', e.atRate, fromDecimal(e.atRate.rate), undefined],
  ];
  const shown: number[] = [];
  for (const [name, column, rate, sign] of columns) {
    if (column === undefined) {
      // below −100 %: no lower column (docs/cat.md), only for a tenth of −100.0
      cell(`${name}`, 'absent', t <= -1000n ? 'absent' : 'a column');
      continue;
    }
    if (name !== 'atRate') cell(`${name}.rate`, showQ(fromDecimal(column.rate)), showQ(rate));
    const answer = explainColumn(pesos, qUnits, rate, column.digits, column.decimals);
    if ('undecided' in answer) return { cells, undecided: `explainCat ${name}: ${answer.undecided}` };
    answer.values.forEach((value, j) => {
      cell(`${name}.presentValues[${j}]`, showQ(fromDecimal(column.presentValues[j] ?? 'NaN')), showQ(value));
      cell(`${name}.discountFactors[${j}]`, showQ(fromDecimal(column.discountFactors[j] ?? 'NaN')), showQ(answer.factors[j] as Q));
    });
    cell(`${name}.sum`, showQ(fromDecimal(column.sum)), showQ(answer.sum));
    cell(`${name}.bound`, showQ(fromDecimal(column.bound)), showQ(answer.bound));
    if (name !== 'atRate') shown.push(answer.shownSign);
    if (sign !== undefined) {
      cell(`${name}.sign`, String(column.sign), String(sign));
      // The oracle's figures against its own CAT: a sum beyond its bound has the CAT's sign.
      if (answer.shownSign !== 0 && answer.shownSign !== sign)
        diffs.push({ path: `explainCat.${name}.oracleSum`, engine: showQ(answer.sum), oracle: `sign ${sign} (CAT ${cat.percent})` });
    }
  }
  // The proof holds when the present value changes sign between the boundaries: by the oracle's own
  // sums where both prove a sign (two roots within one tenth, possible with several sign changes,
  // leave the same sign at both: no proof by the boundaries, and the engine must not claim one).
  if (shown.length === 2 && shown[0] !== 0 && shown[1] !== 0)
    cell('holds', String(e.holds), String((shown[0] as number) * (shown[1] as number) < 0));
  return { cells };
}
