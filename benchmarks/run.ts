/**
 * `npm run bench` (`-- --quick` for a run of about a minute): first a busy process — a diverse
 * warm-up set of quotes (`./warmup.ts`; `--clean` skips it, to compare) — then every group of
 * cases measured by `./harness.ts` — interleaved rounds with the order rotated, a warm-up, CPU time
 * per sample (`process.cpuUsage`), the median and quartiles — twice in one process (run 1, run 2),
 * every figure a ratio to the group's baseline and to its floor measured in the same rounds, then
 * the targets, each met or not met (met only when both runs meet it), and how many amount cells
 * each peer's printed table gets wrong.
 *
 * Groups (`./credit.ts`, `./cat.ts`, `./policy.ts`, `./worst.ts`, `./features.ts`):
 * - the credit table at 60 and 360 payments: float64 schedule, floor, the peers bare and with
 *   strings (`financial`, `@formulajs/formulajs`, `loanjs`), our quote with and without its table;
 * - the CAT of 360 flows: a 60-step float bisection, the floor of reading the flows, the peers'
 *   IRR bare and with text, the public `computeCat`;
 * - the policy quote (9 offers, mensual, multi-year 48 months) against the 60-payment quote;
 * - the slowest valid quotes found (`plazo` 999, the largest amounts, the costliest features);
 * - the credit features of issue 10 against the default quote;
 * - the quote as JSON text (`./json.ts`): `quoteCreditJson` against `quoteCredit` + `JSON.stringify`.
 */
import { cpus, loadavg } from 'node:os';
import { catCases } from './cat.js';
import { creditCases } from './credit.js';
import { featureCases } from './features.js';
import { type Budget, type BenchCase, type CaseTiming, measure } from './harness.js';
import { policyCases, policyShape } from './policy.js';
import { worstCases } from './worst.js';
import { JSON_CASES, jsonCases } from './json.js';
import { warmUp, warmupSet } from './warmup.js';
import { wrongCells } from './credit.js';

const quick = process.argv.includes('--quick');
/** `--clean`: skip the warm-up set (a fresh process's figures, for comparison only: the targets are judged after it). */
const clean = process.argv.includes('--clean');
/** `--only credit60,credit360,cat,policy,worst,features`: measure those groups alone (targets of other groups are skipped). */
const onlyArg = process.argv[process.argv.indexOf('--only') + 1];
const only = !process.argv.includes('--only') || onlyArg === undefined ? undefined : new Set(onlyArg.split(','));
const budget: Budget = quick ? { rounds: 7, perCaseMs: 220, warmupMs: 60 } : { rounds: 15, perCaseMs: 1500, warmupMs: 250 };
/** The slow worst-case quotes take milliseconds a call: fewer, longer samples are enough. */
const worstBudget: Budget = quick ? { rounds: 5, perCaseMs: 250, warmupMs: 60 } : { rounds: 9, perCaseMs: 1500, warmupMs: 250 };

interface Group {
  readonly title: string;
  /** Names of the baseline and floor cases in this group (ratios are to them). */
  readonly baseline: string;
  readonly floor: string;
  /** Column headings of the two ratios (default: `× float64`, `× floor`). */
  readonly labels?: readonly [string, string];
  readonly cases: () => BenchCase[];
  readonly budget?: Budget;
}

const allGroups: (Group & { readonly key: string })[] = [
  {
    key: 'credit60',
    title: 'credit table, 60 payments',
    baseline: 'float64 schedule (numbers)',
    floor: 'floor: the rows of text from integer cents',
    cases: () => creditCases(60),
  },
  {
    key: 'credit360',
    title: 'credit table, 360 payments',
    baseline: 'float64 schedule (numbers)',
    floor: 'floor: the rows of text from integer cents',
    cases: () => creditCases(360),
  },
  {
    key: 'cat',
    title: 'CAT, 360 flows',
    baseline: 'float64 bisection, 60 steps (numbers)',
    floor: 'floor: the flows\u2019 text read into numbers',
    cases: () => catCases(),
  },
  {
    key: 'policy',
    title: 'policy quote vs the 60-payment credit quote',
    baseline: 'float64 schedule (numbers)',
    floor: 'floor: the rows of text from integer cents',
    cases: () => policyCases(),
  },
  {
    key: 'worst',
    title: 'slowest valid quotes found (absolute CPU time)',
    baseline: 'float64 schedule (numbers)',
    floor: 'floor: the rows of text from integer cents',
    cases: () => [...creditCases(60).slice(0, 2), ...worstCases()],
    budget: worstBudget,
  },
  {
    key: 'features',
    title: 'credit features (issue 10)',
    baseline: 'float64 schedule (numbers)',
    floor: 'floor: the rows of text from integer cents',
    cases: () => [...creditCases(60).slice(0, 2), ...featureCases().map(([name, run]) => ({ name, run }))],
  },
  {
    key: 'json',
    title: 'the quote as JSON text, 60 payments',
    baseline: JSON_CASES.baseline,
    floor: JSON_CASES.quote,
    labels: ['× +stringify', '× quote'],
    cases: () => jsonCases(60),
  },
];

const groups: Group[] = allGroups.filter((g) => only === undefined || only.has(g.key));
if (groups.length === 0) throw new Error(`--only: no group among ${allGroups.map((g) => g.key).join(', ')}`);

type Run = Map<string, Map<string, CaseTiming>>; // group title → case name → timing

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

function runAll(label: string): Run {
  const run: Run = new Map();
  process.stderr.write(`${label}: load average ${load()}\n`);
  for (const g of groups) {
    const timings = measure(g.cases(), g.budget ?? budget);
    run.set(g.title, new Map(timings.map((t) => [t.name, t])));
    process.stderr.write(`  ${g.title} done (load ${load()})\n`);
  }
  return run;
}

const us = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(2)} ms` : `${x.toFixed(x < 10 ? 2 : 1)} µs`);
const ratio = (x: number): string => (x >= 100 ? `${x.toFixed(0)}×` : x >= 10 ? `${x.toFixed(1)}×` : `${x.toFixed(2)}×`);
const spread = (t: CaseTiming): string => `±${(((t.q3 - t.q1) / 2 / t.median) * 100).toFixed(0)}%`;

function median(run: Run, group: string, name: string): number {
  const t = run.get(group)?.get(name);
  if (!t) throw new Error(`no timing for ${group} / ${name}`);
  return t.median;
}

function printGroups(runs: readonly Run[]): void {
  for (const g of groups) {
    console.log(`\n${g.title}: median CPU time per call (run 1 / run 2, spread = half the interquartile range)`);
    const [baseLabel, floorLabel] = g.labels ?? ['× float64', '× floor'];
    console.log(`  ${'case'.padEnd(64)} ${'time'.padStart(22)} ${baseLabel.padStart(16)} ${floorLabel.padStart(16)}  spread`);
    const names = [...(runs[0]?.get(g.title)?.keys() ?? [])];
    for (const name of names) {
      const cells = runs.map((run) => {
        const t = run.get(g.title)?.get(name) as CaseTiming;
        return { t, base: median(run, g.title, g.baseline), floor: median(run, g.title, g.floor) };
      });
      const col = (f: (c: (typeof cells)[number]) => string): string => cells.map(f).join(' / ');
      console.log(
        `  ${name.padEnd(64)} ${col((c) => us(c.t.median)).padStart(22)} ${col((c) => ratio(c.t.median / c.base)).padStart(16)} ${col((c) => ratio(c.t.median / c.floor)).padStart(16)}  ${col((c) => spread(c.t))}`,
      );
    }
  }
}

interface Target {
  readonly name: string;
  readonly limit: number;
  readonly unit: '×' | 'ms';
  readonly value: (run: Run) => number;
}

const C60 = 'credit table, 60 payments';
const C360 = 'credit table, 360 payments';
const CAT = 'CAT, 360 flows';
const POLICY = 'policy quote vs the 60-payment credit quote';
const WORST = 'slowest valid quotes found (absolute CPU time)';
const TABLE = 'cotizador quoteCredit: exact table + CAT';
const SUMMARY = 'cotizador quoteCredit: exact summary + CAT (no table)';
const FLOOR = 'floor: the rows of text from integer cents';
const JSON60 = 'the quote as JSON text, 60 payments';

const targets: Target[] = [
  {
    name: 'table quote ≤ 1.35× the floor, 60 payments',
    limit: 1.35,
    unit: '×',
    value: (r) => median(r, C60, TABLE) / median(r, C60, FLOOR),
  },
  {
    name: 'table quote ≤ 1.25× the floor, 360 payments',
    limit: 1.25,
    unit: '×',
    value: (r) => median(r, C360, TABLE) / median(r, C360, FLOOR),
  },
  {
    name: 'summary quote ≤ 2.5× a float64 schedule, 60 payments',
    limit: 2.5,
    unit: '×',
    value: (r) => median(r, C60, SUMMARY) / median(r, C60, 'float64 schedule (numbers)'),
  },
  {
    name: 'public computeCat ≤ 1× a 60-step float bisection, 360 flows',
    limit: 1,
    unit: '×',
    value: (r) =>
      median(r, CAT, 'cotizador computeCat (public: text in, exact tenth)') / median(r, CAT, 'float64 bisection, 60 steps (numbers)'),
  },
  {
    name: 'quotePolicy (9 offers, mensual, multi-year 48) ≤ 10× the 60-payment quote',
    limit: 10,
    unit: '×',
    value: (r) =>
      median(r, POLICY, 'cotizador quotePolicy (9 offers, mensual, multi-year, 48 months)') /
      median(r, POLICY, 'cotizador quoteCredit, 60 payments (table + CAT)'),
  },
  {
    name: 'quoteCreditJson ≤ 0.4× quoteCredit + JSON.stringify, 60 payments',
    limit: 0.4,
    unit: '×',
    value: (r) => median(r, JSON60, JSON_CASES.writer) / median(r, JSON60, JSON_CASES.baseline),
  },
  {
    name: 'no valid quote slower than 5 ms (the slowest found)',
    limit: 5,
    unit: 'ms',
    value: (r) => {
      const worst = r.get(WORST);
      if (worst === undefined) throw new Error(`no timing for ${WORST}`);
      return Math.max(...[...worst.entries()].filter(([n]) => /^9\d\d /.test(n)).map(([, t]) => t.median)) / 1000;
    },
  },
];

function printTargets(runs: readonly Run[]): void {
  console.log(`\nTargets (issues 13 and 20; met only when both runs meet it; ${clean ? 'a clean process' : 'after the warm-up set'}):`);
  for (const t of targets) {
    let values: number[];
    try {
      values = runs.map((r) => t.value(r));
    } catch {
      continue; // a group left out by --only
    }
    const met = values.every((v) => v <= t.limit);
    const shown = values.map((v) => (t.unit === 'ms' ? `${v.toFixed(2)} ms` : ratio(v))).join(' / ');
    console.log(
      `  ${met ? 'MET    ' : 'NOT MET'}  ${t.name.padEnd(76)} ${shown.padStart(18)}  (limit ${t.limit}${t.unit === 'ms' ? ' ms' : '×'})`,
    );
  }
  const worst = runs[0]?.get(WORST);
  if (worst) {
    const slowest = [...worst.entries()].filter(([n]) => /^9\d\d /.test(n)).sort((a, b) => b[1].median - a[1].median)[0];
    if (slowest) console.log(`  the slowest found (run 1): ${slowest[0]}`);
  }
}

const { offers, receipts } = policyShape();
console.log(
  `cotizador benchmark${quick ? ' (--quick)' : ''}: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; policy case: ${offers} offers, ${receipts} receipts`,
);
console.log(
  `rounds ${budget.rounds}, ${budget.perCaseMs} ms of CPU per case per run, warm-up ${budget.warmupMs} ms; load average at start ${load()}`,
);
// The busy process: the warm-up set quoted before anything is measured.
if (!clean) {
  const started = process.cpuUsage();
  const { quoted, refused } = warmUp(warmupSet(2000), quick ? 2 : 10);
  const used = process.cpuUsage(started);
  console.log(
    `warm-up set: ${quoted} quotes and ${refused} refusals (2,000 varied requests), ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU`,
  );
}
// A warm-up pass over every group (discarded): the first group measured must not pay for
// compiling code paths that later groups share.
for (const g of groups) measure(g.cases(), { rounds: 1, perCaseMs: quick ? 20 : 100, warmupMs: quick ? 20 : 100 });
const runs = [runAll('run 1'), runAll('run 2')];
console.log(`load average at end ${load()} (1, 5, 15 minutes)`);
printGroups(runs);
printTargets(runs);
console.log(
  '\nAmount cells of each printed table a cent or more from the exact table (opening balance, capital, interest, IVA, payment, closing balance):',
);
for (const n of [60, 360]) {
  for (const { name, wrong, cells } of wrongCells(n))
    console.log(
      `  ${String(n).padStart(3)} payments  ${name.padEnd(44)} ${String(wrong).padStart(5)} of ${cells} (${((wrong / cells) * 100).toFixed(0)} %)`,
    );
}
