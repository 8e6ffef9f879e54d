/**
 * The CAT is published as a percentage with one decimal, rounded half-up (ties away from zero).
 * The float root is exact enough except within a hair of a rounding boundary; there the side is
 * decided exactly (the caller's `compare`, which evaluates the present value at the boundary
 * rate in decimal.js).
 */

/** Tenths of a percent within this distance of a .x5 boundary are decided exactly. */
const BOUNDARY_MARGIN = 1e-6;

/** Sign of (true rate − boundary): −1 below, 0 exactly at, 1 above. */
export type BoundaryComparison = (boundary: number) => -1 | 0 | 1;

/**
 * Rounds an annual rate (0.515333…) to tenths of a percent (515), half-up.
 *
 * @example
 * ```ts
 * roundCatTenths(0.515333, () => 1); // 515
 * ```
 */
export function roundCatTenths(rate: number, compare: BoundaryComparison): number {
  const tenths = rate * 1000;
  const magnitude = Math.abs(tenths);
  const floor = Math.floor(magnitude);
  const frac = magnitude - floor;
  let up: boolean;
  if (Math.abs(frac - 0.5) > BOUNDARY_MARGIN) up = frac > 0.5;
  else {
    const boundary = (tenths < 0 ? -(floor + 0.5) : floor + 0.5) / 1000;
    const side = compare(boundary);
    up = tenths < 0 ? side <= 0 : side >= 0;
  }
  const result = up ? floor + 1 : floor;
  return tenths < 0 ? -result : result;
}

/**
 * Tenths of a percent as the interface's text.
 *
 * @example
 * ```ts
 * formatTenths(515); // "51.5"
 * ```
 */
export function formatTenths(tenths: number): string {
  const m = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(m / 10)}.${m % 10}`;
}
