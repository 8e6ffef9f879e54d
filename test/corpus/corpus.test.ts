/**
 * The corpus guard: every stored case (credit, policy, CAT, service) must produce exactly the
 * stored output. A deliberate change of output re-records the fixture (`npm run corpus`) in the
 * same commit, and the commit names the change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstDifference } from '../helpers.js';
import type { CorpusCase } from './cases.js';
import { runCase, serviceContext } from './run.js';

type Stored = CorpusCase & { readonly output: string };

const stored: Stored[] = readFileSync(new URL('./corpus.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Stored);

describe('corpus: outputs are byte-identical to the fixture', () => {
  it('holds at least 500 cases of every kind', () => {
    expect(stored.length).toBeGreaterThanOrEqual(500);
    for (const kind of ['credit', 'policy', 'cat', 'service']) expect(stored.some((c) => c.kind === kind)).toBe(true);
  });
  for (const kind of ['credit', 'policy', 'cat', 'service'] as const) {
    it(`${kind} cases`, async () => {
      const service = await serviceContext();
      const mismatches: string[] = [];
      for (const c of stored.filter((x) => x.kind === kind)) {
        const { output, ...input } = c;
        const now = await runCase(input as CorpusCase, service);
        if (now !== output) mismatches.push(`${c.id} ${firstDifference(output, now)}`);
      }
      expect(mismatches.slice(0, 10)).toEqual([]);
    });
  }
});
