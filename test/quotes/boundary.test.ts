/**
 * The boundary search solveCredit and affordability share (`src/quotes/boundary.ts`): on any
 * predicate the answer meets and its neighbour in the search's direction does not (two points, by
 * construction); on a monotone predicate it is the one boundary, found from any quoted start.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchBoundary, type BoundaryState } from '../../src/quotes/boundary.js';

describe('searchBoundary', () => {
  it('returns a meeting point whose neighbour misses or is refused, whatever the predicate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<BoundaryState>(1, 0, -1), { minLength: 1, maxLength: 200 }),
        fc.nat(),
        fc.constantFrom<1 | -1>(1, -1),
        (states, at, direction) => {
          const state = (v: number): BoundaryState => (v < 0 || v >= states.length ? -1 : (states[v] as BoundaryState));
          const anchor = at % states.length;
          const found = searchBoundary({ state, anchor, direction });
          if (found === undefined) return;
          expect(state(anchor)).not.toBe(-1);
          expect(state(found.meets)).toBe(1);
          expect(state(found.misses)).not.toBe(1);
          expect(found.misses - found.meets).toBe(direction);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds the one boundary of a monotone predicate from any start, with or without a guess', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.boolean(),
        (threshold, lo, span, start, guess) => {
          const hi = lo + span;
          // Meets up to the threshold, quoted on [lo, hi].
          const state = (v: number): BoundaryState => (v < lo || v > hi ? -1 : v <= threshold ? 1 : 0);
          const anchor = lo + (start % (span + 1));
          const improve = guess ? (v: number) => Math.round((v + threshold) / 2) : undefined;
          const found = searchBoundary({ state, anchor, direction: 1, ...(improve === undefined ? {} : { improve }) });
          if (threshold < lo) expect(found).toBeUndefined();
          else expect(found).toEqual({ meets: Math.min(threshold, hi), misses: Math.min(threshold, hi) + 1 });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a refused start has no boundary', () => {
    expect(searchBoundary({ state: (v) => (v === 5 ? -1 : 1), anchor: 5, direction: 1 })).toBeUndefined();
  });
});
