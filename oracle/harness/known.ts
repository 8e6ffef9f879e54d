/**
 * The known disagreement classes: engine defects the oracle finds today, each with a predicate
 * that recognises it and the defect it belongs to (issue 13's list, or found by the oracle). The
 * CI test fails on any disagreement no class explains. When a fix lands, its class goes: a class
 * that explains nothing in a run is reported as "not seen", the sign that it can be removed.
 * A predicate never loosens a comparison: it only names, for a cell that differs, the defect.
 */
import type { CatCase, CreditCase, OracleCase } from './generate.js';
import { fromScientific } from '../model/rational.js';
import type { Diff, Outcome } from './compare.js';

export interface KnownClass {
  readonly id: string;
  /** The defect, in the words of the issue (or of the oracle's report when it found it). */
  readonly defect: string;
  readonly explains: (c: OracleCase, o: Outcome, d: Diff) => boolean;
}

const PUBLISHED = /^-?\d+\.\d$/;
const tenthsOf = (text: string): bigint | undefined => (PUBLISHED.test(text) ? BigInt(text.replace('.', '')) : undefined);

/** The rows of a plan of exactly two level payments: the table's after its grace, and the financed premium's (no grace). */
function twoPaymentRows(c: CreditCase, o: Outcome): number[] {
  const plazo = c.solicitud['plazo'] as number;
  const grace = (o.facts['grace'] as number) ?? 0;
  const rows: number[] = [];
  if (plazo - grace === 2) rows.push(grace, grace + 1);
  if (plazo === 2 && c.solicitud['tipoSeguro'] === 2) rows.push(0, 1);
  return rows;
}

/** Cells the penultimate payment of a two-payment plan moves: its row, the last row, the summary, and the CAT of those rows. */
function twoLevelPaymentCell(rows: number[], o: Outcome, d: Diff): boolean {
  const m = /^registros\[(\d+)\]\./.exec(d.path);
  if (m) return rows.includes(Number(m[1]));
  if (['pagoMensual', 'totalPagar', 'importeInteresTotal', 'impIVAInteresTotal', 'importePago'].includes(d.path)) return true;
  // the CAT moves with the rows: it must be the CAT of the engine's own rows, decided exactly
  // (or, for a huge CAT, that CAT with the huge-CAT defects below)
  if (d.path === 'cat') {
    const own = o.facts['catOnEngineRows'];
    if (typeof own !== 'string') return false;
    if (own === d.engine) return true;
    const onOwnRows = { ...d, oracle: own };
    return hugeOracle(onOwnRows) && float64Close(onOwnRows);
  }
  return false;
}

export const KNOWN_CLASSES: readonly KnownClass[] = [
  {
    id: 'credit-penultimate-two-payments',
    defect:
      'plazo 2: the penultimate-payment adjustment is skipped (`k === last - 1 && k > 0` in buildSchedule); the same when a grace leaves two level payments, and in the financed damage premium of a two-payment credit (tipoSeguro 2)',
    explains: (c, o, d) => {
      if (c.kind !== 'credit') return false;
      const rows = twoPaymentRows(c, o);
      return rows.length > 0 && twoLevelPaymentCell(rows, o, d);
    },
  },
  {
    id: 'credit-cat-huge-tenth',
    defect: 'CATs above about 10^13 % get a wrong tenth (up-front insurance eating almost the whole loan); seen from 9 × 10^11 %',
    explains: (c, _o, d) => c.kind === 'credit' && d.path === 'cat' && PUBLISHED.test(d.engine) && hugeOracle(d) && float64Close(d),
  },
  {
    id: 'credit-cat-exponent',
    defect: 'CATs above about 10^21 % are printed in exponent notation ("1.1047086851164333e+26.8"), breaking the response\'s own pattern',
    explains: (c, _o, d) => c.kind === 'credit' && d.path === 'cat' && /e\+/.test(d.engine) && hugeOracle(d) && float64Close(d),
  },
  {
    id: 'credit-cat-overflow',
    defect:
      'CATs beyond float64 (above about 10^306 %, the up-front insurance leaving a cent of the loan) are ERRNEG001 "no CAT" although the rate exists, or print as "Infinity.NaN" (the same defect, past the exponent notation)',
    explains: (c, o, d) => {
      if (c.kind !== 'credit' || ((o.facts['catTenths'] as bigint | undefined) ?? 0n) < 10n ** 300n) return false;
      // "no CAT", or the overflowed double printed as it comes ("Infinity.NaN")
      return (d.path === 'result' && d.engine.startsWith('ERRNEG001')) || (d.path === 'cat' && /^-?Infinity|NaN/.test(d.engine));
    },
  },
  {
    id: 'cat-overflow-no-root',
    defect:
      'computeCat: Math.exp overflow at long horizons turns Infinity − Infinity into NaN, read as a sign change: flows with no root return −100.0 instead of ERRNEG001',
    explains: (c, o, d) => c.kind === 'cat' && o.facts['answer'] === 'none' && d.path === 'percent' && d.engine === '-100.0',
  },
  {
    id: 'cat-close-roots',
    defect:
      'computeCat: two close roots can hide between the 4,000 points of the search grid (a farther root, or ERRNEG001 where a rate exists)',
    explains: (c, o, d) => c.kind === 'cat' && (d.path === 'percent' || d.path === 'rate') && closeRoots(c, o),
  },
  {
    id: 'cat-zero-root',
    defect: 'computeCat: a root exactly at 0 is taken over a positive root',
    explains: (c, o, d) =>
      c.kind === 'cat' &&
      o.facts['sumZero'] === true &&
      (d.path === 'percent' || d.path === 'rate') &&
      (o.facts['tenths'] as bigint) > 0n &&
      (d.engine === '0.0' || d.path === 'rate'),
  },
  {
    id: 'cat-max-rate-accepted',
    defect: 'computeCat: `maxRate: -1` is accepted',
    explains: (c, _o, d) => c.kind === 'cat' && c.options?.maxRate !== undefined && c.options.maxRate <= -1 && d.path === 'result',
  },
  {
    id: 'cat-underflow',
    defect: 'computeCat: flows below 10^-308 underflow',
    explains: (c, o) => c.kind === 'cat' && o.facts['subnormal'] === true,
  },
  {
    id: 'cat-rate-digits',
    defect: 'computeCat: `rate` loses digits (to about 9 significant) on multi-sign flows; the docs promise more',
    explains: (c, o, d) => c.kind === 'cat' && d.path === 'rate' && (o.facts['signChanges'] as number) >= 2,
  },
  {
    id: 'cat-tie-toward-zero',
    defect:
      'computeCat (found by the oracle): a root exactly on a published boundary x.x5 % is rounded toward zero about one time in five, against "half-up: ties go away from zero" (docs/cat.md)',
    explains: (c, o, d) => {
      if (c.kind !== 'cat' || o.facts['tie'] !== true || d.path !== 'percent') return false;
      const a = tenthsOf(d.engine);
      const b = tenthsOf(d.oracle);
      return a !== undefined && b !== undefined && (b > 0n ? b - a === 1n : a - b === 1n);
    },
  },
];

/**
 * The issue's "above about 10^13 %", where wrong tenths become frequent. They can start lower:
 * the engine decides exactly only within 10^-9 of a boundary, and float64's error on a rate i is
 * about 2^-53·i, wider than that window once i passes about 10^7 (10^9 %); the hunts have shown
 * one at 9 × 10^11 %. The class takes CATs of at least 10^8 %.
 */
function hugeOracle(d: Diff): boolean {
  const t = tenthsOf(d.oracle);
  return t !== undefined && t >= 10n ** 9n;
}

/**
 * The engine's CAT is the oracle's to float64's accuracy or one tenth off, whichever is wider: a
 * right number whose tenth (or, past 10^15 %, whose last digits) float64 cannot hold. A rate
 * solved in x = ln(1 + i) to a few units in the last place carries a relative error of about
 * x·2^-52; the class allows x·2^-48. An engine figure further off is not this defect. The exponent
 * form "2.9594981477650756e+37.8" is read as the double before its last ".".
 */
function float64Close(d: Diff): boolean {
  const oracle = tenthsOf(d.oracle);
  if (oracle === undefined) return false;
  let engine: bigint | undefined = tenthsOf(d.engine);
  if (engine === undefined) {
    const m = /^(-?\d+(?:\.\d+)?e\+\d+)\.\d$/.exec(d.engine);
    if (!m) return false;
    const x = fromScientific(m[1] as string);
    engine = (x.n * 10n) / x.d; // the double is the percentage: in tenths (the printed ".d" is past its precision)
  }
  const gap = engine > oracle ? engine - oracle : oracle - engine;
  // a rate solved in x = ln(1 + i) to a few ulps carries a relative error of about x·2^-52 in i
  const x = Math.max(1, (oracle.toString().length - 3) * Math.LN10);
  return gap <= 1n || gap * 2n ** 48n <= oracle * BigInt(Math.ceil(x));
}

/** The oracle's root and the next one on the same side are closer than one step of a 4,000-point grid over [0, ln(1 + maxRate)]. */
function closeRoots(c: CatCase, o: Outcome): boolean {
  if ((o.facts['signChanges'] as number) < 2) return false;
  const root = o.facts['root'] as number | undefined;
  const next = o.facts['nextRoot'] as number | undefined;
  if (root === undefined || next === undefined) return false;
  const step = Math.log1p(c.options?.maxRate ?? 10000) / 4000;
  return Math.abs(Math.log1p(next) - Math.log1p(root)) < step;
}

/** The classes that explain every differing cell of a case, or undefined when one cell is unexplained. */
export function classify(c: OracleCase, o: Outcome): string[] | undefined {
  const ids = new Set<string>();
  for (const d of o.diffs) {
    const k = KNOWN_CLASSES.find((x) => x.explains(c, o, d));
    if (!k) return undefined;
    ids.add(k.id);
  }
  return [...ids];
}
