import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './parsers.js';

/** Runs an example script the way the docs say (`npx tsx examples/<name>.ts`), via node's tsx loader. */
function runExample(name: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', `examples/${name}.ts`, ...args], { encoding: 'utf8' });
}

describe('analysis examples', () => {
  it('down-payment-vs-cat finds the down payment with the lowest CAT', () => {
    const out = runExample('down-payment-vs-cat');
    const rows = out
      .split('\n')
      .filter((l) => /^\s+\d+\.\d\s/.test(l))
      .map((l) => l.trim().split(/\s+/));
    expect(rows.length).toBeGreaterThan(10);
    // The rate follows the grid by down payment, and a larger down payment never raises it.
    const byPercent = new Map(rows.map((r) => [r[0], r[3]]));
    expect(byPercent.get('5.0')).toBe('17.99');
    expect(byPercent.get('20.0')).toBe('14.99');
    expect(byPercent.get('30.0')).toBe('11.99');
    expect(byPercent.get('50.0')).toBe('9.49');
    const rates = rows.map((r) => Number(r[3]));
    for (let i = 1; i < rates.length; i++) expect(rates[i]).toBeLessThanOrEqual(rates[i - 1] as number);
    const cats = rows.map((r) => Number(r[5]));
    const best = /lowest CAT: (\d+\.\d) % with a (\d+\.\d) % down payment/.exec(out);
    expect(best).not.toBeNull();
    expect(Number(best?.[1])).toBe(Math.min(...cats));
    expect(rows.find((r) => r[0] === best?.[2])?.[5]).toBe(best?.[1]);
  });

  it('payment-vs-term: the payment falls with the term and rises with the rate', () => {
    const out = runExample('payment-vs-term');
    const rows = out
      .split('\n')
      .filter((l) => /^\s+\d+\s+\d/.test(l))
      .map((l) => l.trim().split(/\s+/).map(Number));
    expect(rows).toHaveLength(6);
    for (let i = 1; i < rows.length; i++) for (let j = 1; j <= 3; j++) expect(rows[i]![j]).toBeLessThan(rows[i - 1]![j]!);
    for (const row of rows) {
      expect(row[1]).toBeLessThan(row[2]!);
      expect(row[2]).toBeLessThan(row[3]!);
    }
    const csv = parseCsv(runExample('payment-vs-term', '--csv'));
    expect(csv[0]?.slice(0, 3)).toEqual(['plazo', 'tasa', 'pagoMensual']);
    expect(csv).toHaveLength(1 + 18);
  });
});
