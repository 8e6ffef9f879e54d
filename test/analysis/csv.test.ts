import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditRowsToCsv, csvField, receiptsToCsv, toCsv, CREDIT_ROW_COLUMNS, RECEIPT_COLUMNS } from '../../src/entry/analysis.js';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { quotePolicy, type PolicyRequest } from '../../src/entry/insurance.js';
import { parseCsv } from './parsers.js';

const credit = (JSON.parse(readFileSync('examples/autoestrene.json', 'utf8')) as { solicitud: CreditRequest }).solicitud;
const policy = (JSON.parse(readFileSync('examples/segautovendor.json', 'utf8')) as { solicitud: PolicyRequest }).solicitud;

describe('toCsv', () => {
  it('quotes only fields that need it and doubles embedded quotes', () => {
    expect(csvField('10216.91')).toBe('10216.91');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(36)).toBe('36');
    expect(toCsv([{ a: 1, b: 'x' }, { b: 'y,z' }], ['a', 'b'])).toBe('a,b\r\n1,x\r\n,"y,z"\r\n');
  });

  it('round-trips any table of strings through an RFC 4180 parser', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'ñ', ',', '"', '\r', '\n', ' ', '1', '.') });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 8 }),
        (width, cells) => {
          const columns = Array.from({ length: width }, (_, i) => `c${i}`);
          const rows = cells.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] as string])));
          const parsed = parseCsv(toCsv(rows, columns));
          expect(parsed[0]).toEqual(columns);
          expect(parsed.slice(1)).toEqual(rows.map((r) => columns.map((c) => r[c])));
        },
      ),
    );
  });

  it('does not mutate its input', () => {
    const rows = Object.freeze([Object.freeze({ a: 'x,y' })]);
    expect(toCsv(rows)).toBe('a\r\n"x,y"\r\n');
  });
});

describe('creditRowsToCsv and receiptsToCsv', () => {
  it('writes one line per amortization row with the engine strings', () => {
    const result = quoteCredit({ ...credit, generaTablaPagos: true });
    const [header, ...lines] = parseCsv(creditRowsToCsv(result));
    expect(header).toEqual([...CREDIT_ROW_COLUMNS]);
    expect(lines).toEqual(result.registros.map((r) => CREDIT_ROW_COLUMNS.map((c) => String(r[c]))));
    // Amounts are plain decimal text a spreadsheet reads as numbers.
    for (const line of lines) for (const cell of line.slice(2)) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('writes one line per receipt with its offer', () => {
    const result = quotePolicy(policy, { fechaInicio: '2026-02-01' });
    const [header, ...lines] = parseCsv(receiptsToCsv(result));
    expect(header).toEqual([...RECEIPT_COLUMNS]);
    const expected = result.listaSeguroAuto.flatMap((o) =>
      o.listaRecibos.map((r) => [
        o.idAseguradora,
        o.aseguradora,
        o.paquete,
        o.idCotizacion,
        r.numeroRecibo,
        r.vigenciaInicial,
        r.vigenciaFin,
        r.primaTotal,
      ]),
    );
    expect(lines).toEqual(expected);
    expect(lines.length).toBeGreaterThan(result.listaSeguroAuto.length);
  });
});
