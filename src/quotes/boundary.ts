/**
 * The boundary search `solveCredit` and `affordability` share: over an integer grid, from a quoted
 * anchor, gallop (1, 2, 4, … steps) until the predicate flips, then bisect, always keeping one
 * point that meets the target and one beside it that does not (or that the engine refuses). The
 * two points are a boundary by construction, whether or not the predicate is monotone; where it
 * is, the boundary is the only one. One search, so a fix or a proof about it holds for both.
 */

/**
 * A grid point's state: `1` quoted and meets the target, `0` quoted and misses it, `-1` refused by
 * the engine (or off the grid).
 *
 * @example
 * ```ts
 * const state = (v: number): BoundaryState => (v < 0 || v > 100 ? -1 : v * v <= 50 ? 1 : 0);
 * [state(7), state(8), state(101)]; // [1, 0, -1]
 * ```
 */
export type BoundaryState = 1 | 0 | -1;

/**
 * The search: the state of each grid point, where to start, which way the target is lost and,
 * optionally, a better start computed from a point (tried at most three times, kept while quoted).
 *
 * @example
 * ```ts
 * const search: BoundarySearch = { state: (v) => (v < 0 ? -1 : v * v <= 50 ? 1 : 0), anchor: 1, direction: 1 };
 * searchBoundary(search); // { meets: 7, misses: 8 }
 * ```
 */
export interface BoundarySearch {
  readonly state: (v: number) => BoundaryState;
  /** Where the search starts; a refused anchor has no boundary (`undefined`). */
  readonly anchor: number;
  /** `1`: the answer is the largest point that meets (one more misses); `-1`: the smallest (one less misses). */
  readonly direction: 1 | -1;
  /** A better start from a quoted point (a proportional guess), or `undefined` to stop improving. */
  readonly improve?: (v: number) => number | undefined;
}

/**
 * Searches the grid for a boundary: a point that meets the target and its neighbour in
 * `direction` that misses it or is refused. `undefined` when the anchor is refused or no point
 * reached from it meets the target (galloping away from `direction` until a point meets, bisecting
 * towards the last quoted one where the engine starts refusing).
 *
 * @example
 * ```ts
 * // The largest v whose square is at most 50, and the smallest v ≥ 0 whose 100 − v is at most 30.
 * searchBoundary({ state: (v) => (v < 0 || v > 1000 ? -1 : v * v <= 50 ? 1 : 0), anchor: 500, direction: 1 }); // { meets: 7, misses: 8 }
 * searchBoundary({ state: (v) => (v < 0 ? -1 : 100 - v <= 30 ? 1 : 0), anchor: 0, direction: -1 }); // { meets: 70, misses: 69 }
 * searchBoundary({ state: (v) => (v < 0 ? -1 : 0), anchor: 3, direction: 1 }); // undefined
 * ```
 */
export function searchBoundary(search: BoundarySearch): { readonly meets: number; readonly misses: number } | undefined {
  const { state, direction: d, improve } = search;
  let anchor = search.anchor;
  if (state(anchor) === -1) return undefined;
  if (improve !== undefined) {
    for (let i = 0; i < 3; i++) {
      const guess = improve(anchor);
      if (guess === undefined || guess === anchor || state(guess) === -1) break;
      anchor = guess;
    }
  }

  let meets: number; // a point that meets the target
  let misses: number; // a point next to the solution's side that does not
  if (state(anchor) === 1) {
    // Gallop in the direction the target is lost until a point fails.
    meets = anchor;
    for (let step = 1; ; step *= 2) {
      const x = meets + d * step;
      if (state(x) !== 1) {
        misses = x;
        break;
      }
      meets = x;
    }
  } else {
    // Gallop back until a point meets; a refusal on the way means the quotable values end first.
    let fail = anchor;
    let found: number | undefined;
    for (let step = 1; ; step *= 2) {
      const x = fail - d * step;
      const s = state(x);
      if (s === 1) {
        found = x;
        break;
      }
      if (s === 0) {
        fail = x;
        continue;
      }
      // Refused at x: search (x, fail) for a point that meets, keeping "misses" on fail's side.
      let refused = x;
      while (Math.abs(fail - refused) > 1) {
        const mid = Math.trunc((fail + refused) / 2);
        const sm = state(mid);
        if (sm === 1) {
          found = mid;
          break;
        }
        if (sm === 0) fail = mid;
        else refused = mid;
      }
      break;
    }
    if (found === undefined) return undefined;
    meets = found;
    misses = fail;
  }
  while (Math.abs(misses - meets) > 1) {
    const mid = Math.trunc((meets + misses) / 2);
    if (state(mid) === 1) meets = mid;
    else misses = mid;
  }
  return { meets, misses };
}
