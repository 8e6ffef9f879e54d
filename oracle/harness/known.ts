/**
 * The known disagreement classes: engine defects the oracle finds and that are not fixed yet, each
 * with a predicate that recognises it and the defect it belongs to. The CI test fails on any
 * disagreement no class explains. When a fix lands, its class goes: a class that explains nothing
 * in a run is reported as "not seen", the sign that it can be removed. A predicate never loosens a
 * comparison: it only names, for a cell that differs, the defect.
 *
 * Empty since issue 13's fixes: every class the oracle found (the two-payment penultimate rule,
 * the CAT's wrong tenths, exponent text and overflow at huge magnitudes, computeCat's overflow,
 * close roots, the root at zero, maxRate, underflow, rate digits, ties toward zero, close roots
 * at 10²⁵ and roots just above −100 %) is fixed; docs/oracle.md keeps their history.
 */
import type { OracleCase } from './generate.js';
import type { Diff, Outcome } from './compare.js';

export interface KnownClass {
  readonly id: string;
  /** The defect, in the words of the issue (or of the oracle's report when it found it). */
  readonly defect: string;
  readonly explains: (c: OracleCase, o: Outcome, d: Diff) => boolean;
}

export const KNOWN_CLASSES: readonly KnownClass[] = [];

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
