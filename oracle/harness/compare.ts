/**
 * One case through the engines (the package's public API only: `quoteCredit`, `computeCat`,
 * `quotePolicy`) and through the oracle, compared cell by cell.
 */
import tariffJson from '../../data/tariff.json' with { type: 'json' };
import { type CreditOptions, computeCat, isQuoteError, loadTariff, quoteCredit, quotePolicy } from '../../src/entry/index.js';
import { creditOpeningCharges } from '../../src/entry/credit.js';
import { type CatFlowQ, catOf } from '../model/cat.js';
import { compareExplanation, compareFlowsExplanation } from './explain.js';
import { quoteCreditOracle } from '../model/credit.js';
import { quotePolicyOracle, type TariffData } from '../model/policy.js';
import { centsOf, fromDecimal, fromNumberText, fromScientific, type Q, toNumber } from '../model/rational.js';
import type { CatCase, CreditCase, OracleCase, PolicyCase } from './generate.js';

export const DEFAULT_TARIFF = tariffJson as unknown as TariffData;

/** One cell where the engine and the oracle disagree. */
export interface Diff {
  readonly path: string;
  readonly engine: string;
  readonly oracle: string;
}

export interface Outcome {
  readonly cells: number;
  readonly diffs: readonly Diff[];
  /** The oracle could not decide (never a disagreement; reported on its own). */
  readonly undecided?: string;
  /** Facts the known-disagreement predicates read. */
  readonly facts: Readonly<Record<string, unknown>>;
}

type EngineAnswer<T> = { ok: T } | { error: { code: string; field: string } } | { crash: string };

function attempt<T>(run: () => T): EngineAnswer<T> {
  try {
    return { ok: run() };
  } catch (e) {
    if (isQuoteError(e)) return { error: { code: e.codigoError, field: e.valorIncorrecto ?? '' } };
    return { crash: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

const show = (x: unknown): string => (typeof x === 'string' ? x : JSON.stringify(x));

// ---------------------------------------------------------------- credit

const tariffCache = new WeakMap<object, ReturnType<typeof loadTariff>>();
const engineTariff = (t: TariffData): ReturnType<typeof loadTariff> => {
  let loaded = tariffCache.get(t);
  if (!loaded) {
    loaded = loadTariff(t);
    tariffCache.set(t, loaded);
  }
  return loaded;
};

export function engineCreditOptions(c: CreditCase): CreditOptions {
  const { tariff, ...rest } = c.options;
  return { ...(rest as CreditOptions), ...(tariff ? { tariff: engineTariff(tariff) } : {}) };
}

/** `explain`: also check the quote's CAT explanation (`explainCat`; the CI test checks one case in four). */
export function compareCredit(c: CreditCase, explain = true): Outcome {
  const engine = attempt(() => quoteCredit(c.solicitud as never, engineCreditOptions(c)));
  const oracle = quoteCreditOracle({ solicitud: c.solicitud, ...c.options, tariff: c.options.tariff ?? DEFAULT_TARIFF });
  const diffs: Diff[] = [];
  const facts: Record<string, unknown> = { plazo: c.solicitud['plazo'], grace: c.options.grace?.periods ?? 0 };
  if ('crash' in engine)
    return {
      cells: 1,
      diffs: [{ path: 'result', engine: `crash ${engine.crash}`, oracle: 'error' in oracle ? oracle.error : 'a quote' }],
      facts,
    };
  if ('error' in oracle) {
    if ('error' in engine) {
      if (engine.error.code !== oracle.error) diffs.push({ path: 'error.code', engine: engine.error.code, oracle: oracle.error });
      else if (oracle.field !== '' && engine.error.field !== oracle.field)
        diffs.push({ path: 'error.field', engine: engine.error.field, oracle: oracle.field });
    } else diffs.push({ path: 'result', engine: 'a quote', oracle: `${oracle.error} ${oracle.field}` });
    return { cells: 1, diffs, facts };
  }
  facts['catTenths'] = oracle.cat.kind === 'rate' ? oracle.cat.tenths : undefined;
  facts['rows'] = oracle.allRows.length;
  if (oracle.cat.kind === 'undecided') return { cells: 0, diffs, undecided: `cat: ${oracle.cat.reason}`, facts };
  if (oracle.cat.kind === 'none') {
    if ('error' in engine) {
      if (engine.error.code !== 'ERRNEG001') diffs.push({ path: 'error.code', engine: engine.error.code, oracle: 'ERRNEG001 (no CAT)' });
    } else diffs.push({ path: 'cat', engine: engine.ok.cat, oracle: 'ERRNEG001 (no CAT)' });
    return { cells: 1, diffs, facts };
  }
  if ('error' in engine)
    return { cells: 1, diffs: [{ path: 'result', engine: `${engine.error.code} ${engine.error.field}`, oracle: 'a quote' }], facts };
  const got = engine.ok as unknown as Record<string, unknown>;
  const want = { ...oracle.resultado, cat: oracle.cat.percent } as Record<string, unknown>;
  let cells = 0;
  for (const key of Object.keys(want)) {
    if (key === 'registros') continue;
    cells++;
    if (show(got[key]) !== show(want[key])) diffs.push({ path: key, engine: show(got[key]), oracle: show(want[key]) });
  }
  for (const key of Object.keys(got)) if (!(key in want)) diffs.push({ path: key, engine: show(got[key]), oracle: '(absent)' });
  if (oracle.dealerSubsidy !== undefined) {
    // the promotion's subsidy, shown at opening (creditOpeningCharges)
    cells++;
    const charges = attempt(() => creditOpeningCharges(c.solicitud as never, engineCreditOptions(c)));
    const subsidy = 'ok' in charges ? show(charges.ok.dealerSubsidy) : JSON.stringify(charges);
    if (subsidy !== oracle.dealerSubsidy) diffs.push({ path: 'dealerSubsidy', engine: subsidy, oracle: oracle.dealerSubsidy });
  }
  // explainCat: the flows, their figures and the proof against the oracle's own flows and CAT
  if (explain) {
    const explained = compareExplanation(
      c.solicitud,
      engineCreditOptions(c) as Record<string, unknown>,
      oracle.catFlows,
      oracle.catUnits,
      oracle.cat,
      diffs,
    );
    cells += explained.cells;
    if (explained.undecided !== undefined) return { cells, diffs, undecided: explained.undecided, facts };
  }
  const gotRows = (got['registros'] ?? []) as Record<string, unknown>[];
  const wantRows = oracle.resultado.registros as unknown as Record<string, unknown>[];
  if (gotRows.length !== wantRows.length)
    diffs.push({ path: 'registros.length', engine: String(gotRows.length), oracle: String(wantRows.length) });
  const rows = Math.min(gotRows.length, wantRows.length);
  for (let i = 0; i < rows; i++) {
    const g = gotRows[i] as Record<string, unknown>;
    const w = wantRows[i] as Record<string, unknown>;
    for (const key of Object.keys(w)) {
      cells++;
      if (show(g[key]) !== show(w[key])) diffs.push({ path: `registros[${i}].${key}`, engine: show(g[key]), oracle: show(w[key]) });
    }
  }
  // when table cells differ, the CAT the oracle decides on the engine's own rows: a CAT cell that
  // differs only because the rows do is then recognisable (never accepted without its rows' defect)
  // without a table, the engine's rows come from the same solicitud with the table on (the docs:
  // "the summary is identical either way"; a summary that changes is a disagreement of its own)
  let engineRows = gotRows;
  let oracleRows = wantRows;
  if (diffs.length > 0 && c.solicitud['generaTablaPagos'] !== true) {
    const tabled = attempt(() => quoteCredit({ ...c.solicitud, generaTablaPagos: true } as never, engineCreditOptions(c)));
    if ('ok' in tabled) {
      engineRows = tabled.ok.registros as unknown as Record<string, unknown>[];
      oracleRows = oracle.allRows as unknown as Record<string, unknown>[];
      for (const key of Object.keys(want))
        if (key !== 'registros' && show((tabled.ok as unknown as Record<string, unknown>)[key]) !== show(got[key]))
          diffs.push({
            path: `${key} (the engine's, with the table and without)`,
            engine: show((tabled.ok as unknown as Record<string, unknown>)[key]),
            oracle: show(got[key]),
          });
    }
  }
  const rowsDiffer = engineRows.some((row, i) => Object.keys(row).some((key) => show(row[key]) !== show(oracleRows[i]?.[key])));
  if (rowsDiffer && engineRows.length === oracleRows.length) {
    const amount = (row: Record<string, unknown>): bigint =>
      ['abonoCapital', 'interesAmortizacion', 'seguroVida', 'seguroDanos', 'seguroDesempleo'].reduce(
        (acc, key) => acc + centsOf(String(row[key])),
        0n,
      );
    const flows = oracle.catFlows.map((f, k) =>
      k === 0
        ? f
        : {
            e: f.e,
            amount: {
              n: f.amount.n + amount(engineRows[k - 1] as Record<string, unknown>) - amount(oracleRows[k - 1] as Record<string, unknown>),
              d: 1n,
            },
          },
    );
    const onEngineRows = catOf({ flows, q: oracle.catUnits });
    facts['catOnEngineRows'] = onEngineRows.kind === 'rate' ? onEngineRows.percent : onEngineRows.kind;
  }
  return { cells, diffs, facts };
}

// ---------------------------------------------------------------- CAT

/** A time as the oracle reads it: decimal text exactly, a number as the decimal it prints as. */
const timeOf = (t: string | number): Q => (typeof t === 'number' ? fromNumberText(t) : fromDecimal(t));

export function catFlowsOf(c: CatCase): { flows: CatFlowQ[]; q: bigint } {
  const all = [
    ...c.flows.disbursements.map((f) => ({ t: timeOf(f.time), a: fromDecimal(f.amount), sign: -1n })),
    ...c.flows.payments.map((f) => ({ t: timeOf(f.time), a: fromDecimal(f.amount), sign: 1n })),
  ];
  let q = 1n;
  for (const f of all) q = lcm(q, f.t.d);
  return { flows: all.map((f) => ({ e: (f.t.n * q) / f.t.d, amount: { n: f.a.n * f.sign, d: f.a.d } })), q };
}

/** Sign changes of the time-ordered net flows. */
function signChanges(flows: readonly CatFlowQ[]): number {
  const net = new Map<bigint, Q>();
  for (const f of flows) {
    const prev = net.get(f.e);
    net.set(f.e, prev ? { n: prev.n * f.amount.d + f.amount.n * prev.d, d: prev.d * f.amount.d } : f.amount);
  }
  const signs = [...net.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([, a]) => Math.sign(Number(a.n > 0n ? 1 : a.n < 0n ? -1 : 0)))
    .filter((x) => x !== 0);
  let changes = 0;
  for (let i = 1; i < signs.length; i++) if (signs[i] !== signs[i - 1]) changes++;
  return changes;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;

/**
 * How close `rate` must be (docs/cat.md, "Precision"): 1 + rate within 2⁻⁴⁰ of 1 + the exact root,
 * relative (the solver's certified bracket; "at least 12 significant digits right" of 1 + rate).
 */
export const RATE_TOLERANCE_BITS = 40n;

/** The most significant digits `rate` may show ("the shortest decimal of at most 15 significant digits"). */
export const RATE_MAX_DIGITS = 15;

/** computeCat's ceiling on `maxRate` and on every rate (docs/cat.md: a rate of 10⁹, 100,000,000,000 %). */
const MAX_RATE_CEILING: Q = { n: 1_000_000_000n, d: 1n };

/** The lowest rate searched (docs/cat.md, "Range": from −99.99 %). */
const MIN_RATE: Q = { n: -9999n, d: 10000n };

/** Times are years from 0 to 1,000 (docs/cat.md: `ERRESQ004` beyond). */
const MAX_YEARS = 1000n;

/**
 * The rates computeCat searches (docs/cat.md, "Range"): from −99.99 % to `maxRate` (default 10,000).
 */
export function computeCatRange(maxRate: number | undefined): { maxRate: Q; minRate: Q } {
  return { maxRate: maxRate === undefined ? { n: 10000n, d: 1n } : fromNumberText(maxRate), minRate: MIN_RATE };
}

/** The error the docs give for the options and times of `computeCat`, or undefined when they are valid. */
export function catInputError(c: CatCase): { code: string; field?: string } | undefined {
  const maxRate = c.options?.maxRate;
  if (maxRate !== undefined) {
    if (typeof maxRate !== 'number' || !Number.isFinite(maxRate)) return { code: 'ERRESQ005', field: 'maxRate' };
    const m = fromNumberText(maxRate);
    // "a finite number above −0.9999 and at most the ceiling"
    if (m.n * MIN_RATE.d <= MIN_RATE.n * m.d || m.n * MAX_RATE_CEILING.d > MAX_RATE_CEILING.n * m.d)
      return { code: 'ERRESQ004', field: 'maxRate' };
  }
  for (const f of [...c.flows.disbursements, ...c.flows.payments]) {
    const t = timeOf(f.time);
    // the field of a bad time is not named by the docs: the code only
    if (t.n > MAX_YEARS * t.d) return { code: 'ERRESQ004' };
  }
  return undefined;
}

/** `explain`: also check the flows' CAT explanation (`explainCatFlows`). */
export function compareCat(c: CatCase, explain = true): Outcome {
  const facts: Record<string, unknown> = { family: c.family, maxRate: c.options?.maxRate };
  const engine = attempt(() => computeCat(c.flows, c.options));
  if ('crash' in engine) return { cells: 1, diffs: [{ path: 'result', engine: `crash ${engine.crash}`, oracle: '?' }], facts };
  const maxRate = c.options?.maxRate;
  const invalid = catInputError(c);
  facts['invalid'] = invalid?.code;
  if (invalid) {
    const want = `${invalid.code}${invalid.field ? ` ${invalid.field}` : ''}`;
    if (!('error' in engine)) return { cells: 1, diffs: [{ path: 'result', engine: show(engine.ok), oracle: want }], facts };
    if (engine.error.code !== invalid.code || (invalid.field !== undefined && engine.error.field !== invalid.field))
      return { cells: 1, diffs: [{ path: 'error', engine: `${engine.error.code} ${engine.error.field}`, oracle: want }], facts };
    return { cells: 1, diffs: [], facts };
  }
  const { flows, q } = catFlowsOf(c);
  facts['signChanges'] = signChanges(flows);
  facts['sumZero'] = flows.reduce((acc, f) => acc + (f.amount.n * 10n ** 400n) / f.amount.d, 0n) === 0n;
  facts['subnormal'] =
    [...c.flows.disbursements, ...c.flows.payments].some((f) => {
      const x = Number(f.amount);
      return x !== 0 && Math.abs(x) < 2.2250738585072014e-308;
    }) || [...c.flows.disbursements, ...c.flows.payments].some((f) => Number(f.amount) === 0 && /[1-9]/.test(f.amount));
  const answer = catOf({ flows, q, searchLimit: computeCatRange(maxRate), precise: true });
  facts['answer'] = answer.kind;
  if (answer.kind === 'undecided') return { cells: 0, diffs: [], undecided: answer.reason, facts };
  if (answer.kind === 'none') {
    if ('error' in engine) {
      if (engine.error.code !== 'ERRNEG001')
        return { cells: 1, diffs: [{ path: 'error.code', engine: engine.error.code, oracle: 'ERRNEG001 (no rate)' }], facts };
      return { cells: 1, diffs: [], facts };
    }
    return { cells: 2, diffs: [{ path: 'percent', engine: engine.ok.percent, oracle: `ERRNEG001 (${answer.reason})` }], facts };
  }
  facts['tenths'] = answer.tenths;
  facts['tie'] = answer.tie === true;
  facts['nextRoot'] = answer.nextRoot;
  facts['root'] = toNumber(answer.lo);
  if ('error' in engine)
    return { cells: 2, diffs: [{ path: 'percent', engine: `${engine.error.code} ${engine.error.field}`, oracle: answer.percent }], facts };
  const diffs: Diff[] = [];
  if (engine.ok.percent !== answer.percent) diffs.push({ path: 'percent', engine: engine.ok.percent, oracle: answer.percent });
  const rateProblem = checkRate(engine.ok.rate, answer.lo, answer.hi);
  if (rateProblem) diffs.push({ path: 'rate', engine: engine.ok.rate, oracle: `${describe(answer.lo)} (${rateProblem})` });
  // explainCatFlows: the flows, their figures and the proof against the oracle's flows and CAT
  if (!explain) return { cells: 2, diffs, facts };
  const explained = compareFlowsExplanation(c.flows, c.options, flows, q, answer, diffs);
  if (explained.undecided !== undefined) return { cells: 2 + explained.cells, diffs, undecided: explained.undecided, facts };
  return { cells: 2 + explained.cells, diffs, facts };
}

/**
 * What is wrong with a `rate` text against the root's proven bracket [lo, hi], or undefined: plain
 * decimal text of at most 15 significant digits, with 1 + rate within 2⁻⁴⁰ of 1 + i* (relative)
 * whatever i* in the bracket is — or, where no decimal of 15 significant digits lies that close
 * (1 + i* below about 10⁻³: rates near −100 %), within one unit of the rate's 15th significant
 * digit more (the docs' two promises cannot both hold there; docs/oracle.md, reading 23).
 */
export function checkRate(text: string, lo: Q, hi: Q): string | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 'not plain decimal text';
  const mantissa = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (mantissa.length > RATE_MAX_DIGITS) return `${mantissa.length} significant digits shown, at most ${RATE_MAX_DIGITS}`;
  const r = fromScientific(text);
  // one unit of the 15th significant digit of r: 10^(E − 14), E the exponent of r's leading digit
  const lead = mantissa.length === 0 ? 0 : (text.replace(/^-/, '').split('.')[0] as string).replace(/^0+/, '').length;
  const exponent = lead > 0 ? lead - 1 : -((text.split('.')[1] ?? '').match(/^0*/)?.[0].length ?? 0) - 1;
  const unitExp = BigInt(exponent - (RATE_MAX_DIGITS - 1));
  const unit: Q = unitExp >= 0n ? { n: 10n ** unitExp, d: 1n } : { n: 1n, d: 10n ** -unitExp };
  // |r − i| · 2^40 ≤ 1 + i (+ 2^40 · unit where 15 digits cannot reach 2^-40) at both ends of the bracket
  for (const i of [lo, hi]) {
    const gap = (r.n * i.d - i.n * r.d) * unit.d; // (r − i) · den
    const onePlus = (i.n + i.d) * r.d * unit.d; // (1 + i) · den
    const fifteenDigitsReach = (unit.n * r.d * i.d) << RATE_TOLERANCE_BITS <= onePlus; // unit ≤ 2^-40 (1 + i)
    const allowed = fifteenDigitsReach ? onePlus : onePlus + ((unit.n * r.d * i.d) << RATE_TOLERANCE_BITS);
    if ((gap < 0n ? -gap : gap) << RATE_TOLERANCE_BITS > allowed)
      return `1 + rate further than 2^-40 from 1 + the root; ${rateDigits(text, lo, hi)} significant digits of the rate agree`;
  }
  return undefined;
}

/** How many significant digits of the rate text are proven right: the largest d ≤ 15 with |rate − i*| < 10^(E−d+1). */
export function rateDigits(text: string, lo: Q, hi: Q): number {
  let r: Q;
  try {
    r = fromScientific(text);
  } catch {
    return 0;
  }
  // the distance to the root is at most max(|r − lo|, |r − hi|)
  const dist = (a: Q, b: Q): Q => {
    const n = a.n * b.d - b.n * a.d;
    return { n: n < 0n ? -n : n, d: a.d * b.d };
  };
  const d1 = dist(r, lo);
  const d2 = dist(r, hi);
  const far = d1.n * d2.d >= d2.n * d1.d ? d1 : d2;
  const mid = lo;
  if (mid.n === 0n) return far.n === 0n ? 15 : Math.max(0, Math.min(15, Math.floor(-Math.log10(toNumber(far)))));
  const rel = toNumber(far) / Math.abs(toNumber(mid));
  if (rel === 0) return 15;
  return Math.max(0, Math.min(15, Math.floor(-Math.log10(rel))));
}

const describe = (x: Q): string => toNumber(x).toPrecision(17);

// ---------------------------------------------------------------- policy

export function comparePolicy(c: PolicyCase): Outcome {
  const tariff = c.tariff ?? DEFAULT_TARIFF;
  const options = {
    fechaInicio: c.fechaInicio,
    ...(c.tariff ? { tariff: engineTariff(c.tariff) } : {}),
    ...(c.lifeBalance ? { lifeBalance: c.lifeBalance } : {}),
    ...(c.lifeBalances ? { lifeBalances: c.lifeBalances } : {}),
  };
  const engine = attempt(() => quotePolicy(c.solicitud as never, options));
  const oracle = quotePolicyOracle({
    solicitud: c.solicitud,
    fechaInicio: c.fechaInicio,
    tariff,
    lifeBalance: c.lifeBalance,
    lifeBalances: c.lifeBalances,
  });
  const facts: Record<string, unknown> = {};
  if ('crash' in engine) return { cells: 1, diffs: [{ path: 'result', engine: `crash ${engine.crash}`, oracle: '?' }], facts };
  if ('error' in oracle) {
    if (!('error' in engine))
      return { cells: 1, diffs: [{ path: 'result', engine: 'offers', oracle: `${oracle.error} ${oracle.field}` }], facts };
    const diffs: Diff[] = [];
    if (engine.error.code !== oracle.error) diffs.push({ path: 'error.code', engine: engine.error.code, oracle: oracle.error });
    else if (engine.error.field !== oracle.field) diffs.push({ path: 'error.field', engine: engine.error.field, oracle: oracle.field });
    return { cells: 1, diffs, facts };
  }
  if ('error' in engine)
    return {
      cells: 1,
      diffs: [{ path: 'result', engine: `${engine.error.code} ${engine.error.field}`, oracle: `${oracle.offers.length} offers` }],
      facts,
    };
  const got = engine.ok.listaSeguroAuto as unknown as Record<string, unknown>[];
  const want = oracle.offers;
  const diffs: Diff[] = [];
  let cells = 1;
  if (got.length !== want.length) diffs.push({ path: 'listaSeguroAuto.length', engine: String(got.length), oracle: String(want.length) });
  const keys = ['vigenciaInicial', 'vigenciaFin', 'primaTotal', 'idAseguradora', 'aseguradora', 'paquete', 'seguroGap', 'segVida'] as const;
  for (let i = 0; i < Math.min(got.length, want.length); i++) {
    const g = got[i] as Record<string, unknown>;
    const w = want[i] as unknown as Record<string, unknown>;
    for (const key of keys) {
      cells++;
      if (show(g[key]) !== show(w[key])) diffs.push({ path: `[${i}].${key}`, engine: show(g[key]), oracle: show(w[key]) });
    }
    const gr = (g['listaRecibos'] ?? []) as Record<string, unknown>[];
    const wr = w['listaRecibos'] as Record<string, unknown>[];
    if (gr.length !== wr.length) diffs.push({ path: `[${i}].listaRecibos.length`, engine: String(gr.length), oracle: String(wr.length) });
    for (let j = 0; j < Math.min(gr.length, wr.length); j++) {
      for (const key of ['numeroRecibo', 'vigenciaInicial', 'vigenciaFin', 'primaTotal']) {
        cells++;
        const a = show((gr[j] as Record<string, unknown>)[key]);
        const b = show((wr[j] as Record<string, unknown>)[key]);
        if (a !== b) diffs.push({ path: `[${i}].listaRecibos[${j}].${key}`, engine: a, oracle: b });
      }
    }
  }
  return { cells, diffs, facts };
}

/** One case compared; `explain` (default true): with the CAT explanations of its credit or flows. */
export function compareCase(c: OracleCase, explain = true): Outcome {
  switch (c.kind) {
    case 'credit':
      return compareCredit(c, explain);
    case 'cat':
      return compareCat(c, explain);
    case 'policy':
      return comparePolicy(c);
  }
}
