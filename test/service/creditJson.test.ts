import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CreditResult } from '../../src/contracts/credit.js';
import { asciiJson } from '../../src/http/json.js';
import { creditResultJson } from '../../src/service/creditJson.js';
import { quoteCredit } from '../../src/entry/index.js';

/** Every credit result the corpus records. */
const results: CreditResult[] = readFileSync(new URL('../corpus/corpus.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { kind: string; output: string })
  .filter((c) => c.kind === 'credit')
  .flatMap((c) => {
    const output = JSON.parse(c.output) as { ok?: CreditResult };
    return output.ok === undefined ? [] : [output.ok];
  });

describe('creditResultJson', () => {
  it('writes the same bytes as asciiJson for every credit result of the corpus', () => {
    expect(results.length).toBeGreaterThan(100);
    for (const result of results) expect(creditResultJson(result)).toBe(asciiJson(result));
  });

  it('falls back to asciiJson for text to escape, another key order or another type', () => {
    const result = quoteCredit({
      fechaApertura: '2026-01-31',
      montoSolicitado: '1000.00',
      plazo: 3,
      valorFactura: '2000.00',
      generaTablaPagos: true,
    });
    const cases: unknown[] = [
      { ...result, tasa: 'say "hi"\\ ó\n' },
      Object.fromEntries(Object.entries(result).reverse()),
      { ...result, plazo: '3' },
      { ...result, registros: result.registros.map((row, k) => (k === 1 ? { ...row, saldoFin: 7 } : row)) },
      { ...result, registros: [] },
    ];
    for (const value of cases) expect(creditResultJson(value as CreditResult)).toBe(asciiJson(value));
  });
});
