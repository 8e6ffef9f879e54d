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

describe('groupThousands', () => {
  it('agrees with the lookahead pattern on amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.option(fc.stringMatching(/^\d{1,2}$/)), (n, frac) => {
        const text = frac === null ? String(n) : `${n}.${frac}`;
        expect(groupThousands(text)).toBe(reference(text));
      }),
    );
  });

  it('is linear: 10^6 digits in well under a second (the pattern took 20 s for 10^5)', () => {
    const digits = '9'.repeat(1_000_000);
    const started = performance.now();
    const grouped = groupThousands(`${digits}.50`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(grouped.length).toBe(1_000_000 + 333_333 + 3);
    expect(formatPesos(`${'1'.repeat(100_000)}.00`).length).toBe(100_000 + 33_333 + 3 + 5);
  });
});
