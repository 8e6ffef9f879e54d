/**
 * The engines against the independent oracle (oracle/, written from docs/ alone): 2,000 random
 * cases of a fixed seed across the whole input space (`npm run oracle` runs 100,000 and prints the
 * report). Every cell must agree, but for the documented known classes (oracle/harness/known.ts:
 * an engine defect not fixed yet, with its predicate; none since issue 13). A disagreement outside the list, a case the oracle cannot decide or an
 * oracle failure fails the test, with the report (and a replay command for each case) as message.
 */
import { describe, expect, it } from 'vitest';
import { KNOWN_CLASSES } from '../../oracle/harness/known.js';
import type { Diff, Outcome } from '../../oracle/harness/compare.js';
import { compareExplanation } from '../../oracle/harness/explain.js';
import { catOf } from '../../oracle/model/cat.js';
import type { OracleCase } from '../../oracle/harness/generate.js';
import { caseAt, formatReport, hunt, shrink } from '../../oracle/harness/hunt.js';

const SEED = 20260322;

describe('the independent oracle', () => {
  it('agrees with the engines cell by cell on 2,000 random cases (no known defect class is left)', () => {
    // the CAT explanations of one case in four (every one costs about 5 s of CPU more; `npm run oracle` checks all)
    const report = hunt({ cases: 2000, seed: SEED, shrink: false, explainEvery: 4 });
    const text = formatReport(report);
    expect(report.crashes, text).toEqual([]);
    expect(report.undecided, text).toEqual([]);
    expect([...report.unknown.keys()], text).toEqual([]);
    // the run covers every kind of case, and compares many cells
    expect(report.byKind.credit.cases).toBeGreaterThan(900);
    expect(report.byKind.cat.cases).toBeGreaterThan(400);
    expect(report.byKind.policy.cases).toBeGreaterThan(250);
    expect(report.byKind.credit.cells + report.byKind.policy.cells).toBeGreaterThan(1_000_000);
  });

  it('names a defect for every known class, once', () => {
    expect(new Set(KNOWN_CLASSES.map((k) => k.id)).size).toBe(KNOWN_CLASSES.length);
    for (const k of KNOWN_CLASSES) expect(k.defect.length, k.id).toBeGreaterThan(20);
  });

  it('shrinks a reproduction and prints a replay command', () => {
    // no engine defect is left to shrink, so a stand-in comparison "disagrees" on every credit of more than 3 payments
    const input = caseAt(7, 0, { credit: 1, cat: 0, policy: 0 });
    expect(input.kind).toBe('credit');
    if (input.kind !== 'credit') return;
    const big: OracleCase = { ...input, solicitud: { ...input.solicitud, plazo: 240 } };
    const fake = (c: OracleCase): Outcome => ({
      cells: 1,
      diffs: c.kind === 'credit' && (c.solicitud['plazo'] as number) > 3 ? [{ path: 'pagoMensual', engine: '1.00', oracle: '1.01' }] : [],
      facts: {},
    });
    const shrunk = shrink({ index: 12, input: big, diffs: fake(big).diffs }, (o) => o.diffs.length > 0, fake);
    expect(shrunk.input.kind === 'credit' && shrunk.input.solicitud['plazo']).toBe(4);
    const report = hunt({ cases: 1, seed: 7, shrink: false });
    const text = formatReport({ ...report, unknown: new Map([['credit: pagoMensual', { count: 1, example: shrunk }]]) });
    expect(text).toMatch(/reproduction \(seed 7, case 12, shrunk\): npm run oracle -- --seed 7 --case 12/);
  });
});

describe('explainCat against the oracle', () => {
  // The reference's vector: the oracle's own flows (cents at k/24 years) and its own CAT.
  const solicitud = {
    fechaApertura: '2026-01-01',
    montoSolicitado: '10000.00',
    valorFactura: '20000.00',
    tasa: '37',
    plazo: 4,
    periodicidad: 'Q',
    comisiones: '0.5',
  };
  const flows = [-995000n, 258809n, 259410n, 260021n, 260643n].map((n, k) => ({ e: BigInt(k), amount: { n, d: 1n } }));
  const cat = catOf({ flows, q: 24n });

  it('agrees on every flow, figure, sum and sign of the reference vector', () => {
    if (cat.kind !== 'rate') throw new Error('no CAT');
    const diffs: Diff[] = [];
    const { cells, undecided } = compareExplanation(solicitud, {}, flows, 24n, cat, diffs);
    expect([diffs, undecided]).toEqual([[], undefined]);
    expect(cells).toBeGreaterThan(40);
  });

  it('names the cells of a flow that is a cent off, and of a tenth the oracle does not reach', () => {
    if (cat.kind !== 'rate') throw new Error('no CAT');
    const diffs: Diff[] = [];
    const off = flows.map((f, k) => (k === 2 ? { e: f.e, amount: { n: f.amount.n + 1n, d: 1n } } : f));
    compareExplanation(solicitud, {}, off, 24n, cat, diffs);
    expect(diffs.map((d) => d.path)).toContain('explainCat.flows[2].amount');
    expect(diffs.map((d) => d.path)).toContain('explainCat.lower.presentValues[2]');
    const wrongTenth: Diff[] = [];
    compareExplanation(solicitud, {}, flows, 24n, { ...cat, tenths: 516n, percent: '51.6' }, wrongTenth);
    expect(wrongTenth.map((d) => d.path)).toEqual(
      expect.arrayContaining(['explainCat.percent', 'explainCat.lower.rate', 'explainCat.lower.oracleSum']),
    );
  });
});
