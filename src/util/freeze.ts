/** The library's one freezing helper. */

/**
 * Freezes `value` and everything reachable from it, in place; returns it. Already frozen objects
 * are not descended into again, so shared and cyclic structures are safe.
 *
 * @example
 * ```ts
 * const config = deepFreeze({ limits: { max: 1 } });
 * Object.isFrozen(config.limits); // true
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
