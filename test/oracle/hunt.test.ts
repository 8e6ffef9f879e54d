/**
 * The engines against the independent oracle (oracle/, written from docs/ alone): 2,000 random
 * cases of a fixed seed across the whole input space (`npm run oracle` runs 100,000 and prints the
 * report). Every cell must agree, except the disagreements of the documented known classes
 * (oracle/harness/known.ts), each an engine defect with its predicate; the lead removes a class
 * when its fix lands. A disagreement outside the list, a case the oracle cannot decide or an
 * oracle failure fails the test, with the report (and a replay command for each case) as message.
 */
import { describe, expect, it } from 'vitest';
import { KNOWN_CLASSES } from '../../oracle/harness/known.js';
import { formatReport, hunt } from '../../oracle/harness/hunt.js';

const SEED = 20260322;

describe('the independent oracle', () => {
  it('agrees with the engines cell by cell on 2,000 random cases, but for the known defect classes', () => {
    const report = hunt({ cases: 2000, seed: SEED, shrink: false });
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

  it('shrinks each reproduction and prints a replay command', () => {
    const report = hunt({ cases: 60, seed: 7, mix: { credit: 0, cat: 1, policy: 0 } });
    const text = formatReport(report);
    expect(report.known.size).toBeGreaterThan(0);
    expect(text).toMatch(/reproduction \(seed 7, case \d+, shrunk\): npm run oracle -- --seed 7 --case \d+/);
  });
});
