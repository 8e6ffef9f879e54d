import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreditResult } from '../../src/contracts/credit.js';
import { asciiJson } from '../../src/http/json.js';
import {
  QuoteError,
  creditResultJson,
  quoteCredit,
  quoteCreditJson,
  type CreditOptions,
  type CreditRequest,
} from '../../src/entry/index.js';
import * as credit from '../../src/entry/credit.js';
import { quoteValidCreditJson } from '../../src/quotes/creditJson.js';
import { featureCaseArb } from '../credit/arbitraries.js';
import { INSURED_PACKAGE as INSURED, solicitudArb } from '../helpers.js';

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

/**
 * A feature case's quote, as test/credit/features.test.ts takes it: featureCaseArb may place a
 * prepayment after the loan is settled (then the later ones are dropped) or give a CAT above its
 * ceiling (then there is no quote to write).
 */
function quoteFeatureCase(solicitud: CreditRequest, options: CreditOptions): CreditResult | undefined {
  try {
    return quoteCredit(solicitud, options);
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    if (error.messageId?.startsWith('catTecho') === true) return undefined;
    if (error.messageId !== 'prepagoCreditoLiquidado') throw error;
    const index = Number(/\[(\d+)\]/.exec(error.valorIncorrecto ?? '')?.[1]);
    const late = options.prepayments![index]!.period;
    return quoteFeatureCase(solicitud, { ...options, prepayments: options.prepayments!.filter((p) => p.period < late) });
  }
}

describe('creditResultJson', () => {
  it('writes the same bytes as JSON.stringify, and with asciiJson as the fallback as asciiJson, for every credit result of the corpus', () => {
    expect(results.length).toBeGreaterThan(100);
    for (const result of results) {
      expect(creditResultJson(result)).toBe(JSON.stringify(result));
      expect(creditResultJson(result, asciiJson)).toBe(asciiJson(result));
    }
  });

  it('is the one writer of cotizador/credit and the root', () => {
    expect(credit.creditResultJson).toBe(creditResultJson);
    expect(credit.quoteCreditJson).toBe(quoteCreditJson);
  });

  it('writes the same bytes as JSON.stringify for random quotes, one after another (the row heads kept between calls)', () => {
    // Two quotes in a row: the second meets the first one's row heads, with other dates or the same.
    const quote = fc.oneof(
      solicitudArb.map((solicitud) => quoteCredit(solicitud)),
      featureCaseArb
        .map(({ solicitud, options }) => quoteFeatureCase(solicitud, options))
        .filter((r): r is CreditResult => r !== undefined),
      // Financed insurance: the repeating columns (life, damage) change down the table.
      fc.constantFrom(12, 24, 36, 48, 60).map((plazo) =>
        quoteCredit({
          fechaApertura: '2026-01-31',
          montoSolicitado: '280000.00',
          valorFactura: '350000.00',
          tasa: '13.50',
          plazo,
          comisiones: '2.00',
          generaTablaPagos: true,
          tipoSeguro: 2,
          informacionSeguro: INSURED,
        }),
      ),
    );
    fc.assert(
      fc.property(quote, quote, (first, second) => {
        expect(creditResultJson(first)).toBe(JSON.stringify(first));
        expect(creditResultJson(second, asciiJson)).toBe(asciiJson(second));
        expect(creditResultJson(second)).toBe(JSON.stringify(second));
        expect(creditResultJson(first)).toBe(JSON.stringify(first));
      }),
      { numRuns: 100 },
    );
  });

  it('quoteCreditJson writes what JSON.stringify of quoteCredit writes, and throws as quoteCredit does, for random quotes one after another', () => {
    // Plain level tables (written from the schedule), the features, and insurance columns (written
    // from the rows), with or without the table, two in a row (the row heads kept between calls).
    const request = fc.oneof(
      fc.record({ solicitud: solicitudArb, options: fc.constant<CreditOptions>({}) }),
      featureCaseArb,
      fc.constantFrom(12, 36, 60).map((plazo) => ({
        solicitud: {
          fechaApertura: '2026-01-31',
          montoSolicitado: '280000.00',
          valorFactura: '350000.00',
          tasa: '13.50',
          plazo,
          generaTablaPagos: true,
          tipoSeguro: 2,
          informacionSeguro: INSURED,
        } as CreditRequest,
        options: {} as CreditOptions,
      })),
    );
    const same = ({ solicitud, options }: { solicitud: CreditRequest; options: CreditOptions }, table: boolean) => {
      const asked = { ...solicitud, generaTablaPagos: table };
      let expected: string | QuoteError;
      try {
        expected = JSON.stringify(quoteCredit(asked, options));
      } catch (error) {
        if (!(error instanceof QuoteError)) throw error;
        expected = error;
      }
      if (typeof expected === 'string') {
        expect(quoteCreditJson(asked, options)).toBe(expected);
        // The service's writer: the same result, with asciiJson where the template falls back.
        expect(quoteValidCreditJson(asked, options, asciiJson)).toBe(asciiJson(quoteCredit(asked, options)));
      } else expect(() => quoteCreditJson(asked, options)).toThrow(expected.message);
    };
    fc.assert(
      fc.property(request, request, fc.boolean(), (first, second, table) => {
        same(first, true);
        same(second, table);
        same(first, true);
      }),
      { numRuns: 150 },
    );
    const base = { fechaApertura: '2026-01-31', montoSolicitado: '1000.00', plazo: 3, valorFactura: '2000.00' };
    expect(() => quoteCreditJson({ ...base, plazo: 0 })).toThrow(QuoteError);
    expect(() => quoteCreditJson({ ...base, producto: 'Crédito' as 'AUTO' })).toThrow(QuoteError);
  });

  it('falls back to the writer given for text to escape, another key order or another type', () => {
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
      { ...result, registros: result.registros.map((row, k) => (k === 2 ? { ...row, numAmortizacion: 7 } : row)) },
      { ...result, registros: result.registros.map((row, k) => (k === 2 ? { ...row, seguroVida: 0 } : row)) },
      { ...result, registros: result.registros.map((row, k) => (k === 0 ? { ...row, fechaAmortizacion: null } : row)) },
    ];
    for (const value of cases) {
      expect(creditResultJson(value as CreditResult, asciiJson)).toBe(asciiJson(value));
      expect(creditResultJson(value as CreditResult)).toBe(JSON.stringify(value));
    }
  });
});
