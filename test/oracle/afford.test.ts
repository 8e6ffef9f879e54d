/**
 * affordability against the independent oracle (oracle/model/afford.ts, written from
 * docs/credit.md alone): income questions of a fixed seed over the hunt's random credits, the
 * engine's answer checked with the oracle's exact quotes (the limit, the amounts, the quote at the
 * answer, the boundary, one cent more), and "no value fits" or a refused solicitud checked where
 * the claim can fail. Every cell must agree.
 */
import { describe, expect, it } from 'vitest';
import { affordCaseAt, compareAfford } from '../../oracle/harness/afford.js';

const SEED = 20260322;
const CASES = 120;

describe('the oracle: what an income affords', () => {
  it(`agrees with affordability on ${CASES} random questions`, () => {
    const outcomes: Record<string, number> = {};
    const unknowns: Record<string, number> = {};
    const disagreements: string[] = [];
    let cells = 0;
    for (let index = 0; index < CASES; index++) {
      const c = affordCaseAt(SEED, index);
      const outcome = compareAfford(c);
      cells += outcome.cells;
      const kind = String(outcome.facts['outcome'] ?? 'crash');
      outcomes[kind] = (outcomes[kind] ?? 0) + 1;
      if (outcome.facts['unknown'] !== undefined)
        unknowns[String(outcome.facts['unknown'])] = (unknowns[String(outcome.facts['unknown'])] ?? 0) + 1;
      for (const d of outcome.diffs)
        disagreements.push(`case ${index}: ${d.path}: engine ${d.engine} | oracle ${d.oracle}\n${JSON.stringify(c)}`);
    }
    expect(disagreements, disagreements.slice(0, 5).join('\n\n')).toEqual([]);
    // The run covers answers of both unknowns, and the cases without one.
    expect(outcomes['solved'] ?? 0).toBeGreaterThan(CASES / 3);
    expect(unknowns['montoSolicitado'] ?? 0).toBeGreaterThan(5);
    expect(unknowns['valorFactura'] ?? 0).toBeGreaterThan(5);
    expect((outcomes['none'] ?? 0) + (outcomes['refused'] ?? 0)).toBeGreaterThan(0);
    expect(cells).toBeGreaterThan(CASES * 5);
  });
});
