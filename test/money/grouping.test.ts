import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands } from '../../src/money/grouping.js';
import { formatPesos } from '../../src/documents/receipt.js';

/** The quadratic pattern it replaces, as the reference on short inputs. */
function reference(text: string): string {
  const [whole, frac] = text.split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * The pattern runs (every `RegExp` execution: `test`, `exec`, and each match of `replace` go through
 * `RegExp.prototype.exec`) and the string slices `f` performs, with the characters sliced: work
 * counted in operations, not in time.
 */
function operations(f: () => void): { patterns: number; slices: number; sliced: number } {
  const exec = RegExp.prototype.exec;
  const slice = String.prototype.slice;
  const counts = { patterns: 0, slices: 0, sliced: 0 };
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    counts.patterns++;
    return exec.call(this, text);
  };
  String.prototype.slice = function (this: string, start?: number, end?: number) {
    counts.slices++;
    const part = slice.call(this, start, end);
    counts.sliced += part.length;
    return part;
  };
  try {
    f();
  } finally {
    RegExp.prototype.exec = exec;
    String.prototype.slice = slice;
  }
  return counts;
}

describe('groupThousands', () => {
  it('agrees with the lookahead pattern on amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.option(fc.stringMatching(/^\d{1,2}$/)), (n, frac) => {
        const text = frac === null ? String(n) : `${n}.${frac}`;
        expect(groupThousands(text)).toBe(reference(text));
      }),
    );
  });

  it('is linear: the pattern runs and slices it performs grow with the digits, not their square', () => {
    const small = operations(() => groupThousands(`${'9'.repeat(30_000)}.50`));
    const large = operations(() => groupThousands(`${'9'.repeat(300_000)}.50`));
    // A fixed number of pattern runs whatever the length (each a single anchored scan) …
    expect(large.patterns).toBe(small.patterns);
    expect(large.patterns).toBeLessThanOrEqual(1);
    // … and slicing in proportion to the digits: ten times the digits, ten times the work.
    expect(large.slices).toBeLessThanOrEqual(10 * small.slices);
    expect(large.sliced).toBeLessThanOrEqual(10 * small.sliced);
    expect(large.sliced).toBeLessThanOrEqual(3 * 300_000);
    // The measure sees the lookahead pattern's cost: one run per comma, each over the rest of the number.
    expect(operations(() => reference('9'.repeat(3_000))).patterns).toBeGreaterThanOrEqual(999);
    // A million digits (the pattern took 20 s for 10^5) and a formatted amount of 10^5 digits.
    expect(groupThousands(`${'9'.repeat(1_000_000)}.50`).length).toBe(1_000_000 + 333_333 + 3);
    expect(formatPesos(`${'1'.repeat(100_000)}.00`).length).toBe(100_000 + 33_333 + 3 + 5);
  });
});
