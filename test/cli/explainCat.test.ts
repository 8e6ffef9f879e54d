/**
 * `cotizador credit --explain-cat` (issue 22): the CAT explained in every format, in both
 * languages, from the very explanation `explainCat` gives for the same request.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainCat, quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { parseCsv } from '../analysis/parsers.js';
import { cli, tempDir } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
const credit = (JSON.parse(readFileSync(CREDIT, 'utf8')) as { solicitud: CreditRequest }).solicitud;

let dir = '';
beforeAll(() => {
  dir = tempDir();
});

describe('credit --explain-cat', () => {
  const e = explainCat(credit);

  it('table: the published CAT, the disbursement, the charges, every flow and the proof (Spanish)', async () => {
    const run = await cli(['credit', CREDIT, '--explain-cat']);
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith(`El CAT explicado: ${CREDIT}`)).toBe(true);
    expect(run.stdout).toContain(`${quoteCredit(credit).cat} %`);
    // 292,000.00 financed less the 5,840.00 commission and 2,800.00 of life insurance up front.
    expect(run.stdout).toMatch(/monto financiado\s+292000\.00/);
    expect(run.stdout).toMatch(/− comisiones\s+5840\.00/);
    expect(run.stdout).toMatch(/− importeCatSegVida\s+2800\.00/);
    expect(run.stdout).toMatch(/= dispuesto\s+283360\.00/);
    expect(run.stdout).toMatch(/IVA de la comisión\s+comisiones\s+934\.40\s+no\s+el IVA no entra en el CAT/);
    expect(run.stdout).toContain(`cambia de signo entre ${e.boundaries.lower} % y ${e.boundaries.upper} %`);
    // One line per flow: its number, time, amount and the four figures the explanation computed.
    for (const [j, flow] of e.flows.entries()) {
      const line = run.stdout.split('\n').find((l) => l.trim().split(/\s+/)[0] === String(flow.index) && l.includes(` ${flow.years} `));
      expect(line?.trim().split(/\s+/)).toEqual([
        String(flow.index),
        flow.years,
        flow.kind === 'disbursement' ? `-${flow.amount}` : flow.amount,
        e.atRate.discountFactors[j],
        e.atRate.presentValues[j],
        e.lower.presentValues[j],
        e.upper.presentValues[j],
      ]);
    }
    // No amortization table: the explanation replaces it.
    expect(run.stdout).not.toContain('saldoFin');
  });

  it('table in English, through the catalogs', async () => {
    const run = await cli(['credit', CREDIT, '--explain-cat', '--lang', 'en']);
    expect(run.stdout.startsWith(`The CAT explained: ${CREDIT}`)).toBe(true);
    expect(run.stdout).toContain(`it changes sign between ${e.boundaries.lower} % and ${e.boundaries.upper} %`);
    expect(run.stdout).toMatch(/the commission's IVA\s+comisiones\s+934\.40\s+no\s+IVA is not part of the CAT/);
    for (const spanish of ['dispuesto', 'cargo', 'por qué', 'positivo', 'años']) expect(run.stdout).not.toContain(spanish);
  });

  it('json: explainCat’s object; csv: one line per flow with the payments’ parts', async () => {
    const json = await cli(['credit', CREDIT, '--explain-cat', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify(e)));
    const csv = parseCsv((await cli(['credit', CREDIT, '--explain-cat', '--format', 'csv', '--lang', 'en'])).stdout);
    expect(csv[0]).toEqual([
      '#',
      'years',
      'flow',
      'capital',
      'interest',
      'insurance',
      'charges',
      'factor at the rate',
      'PV at the rate',
      `PV at ${e.boundaries.lower} %`,
      `PV at ${e.boundaries.upper} %`,
    ]);
    expect(csv).toHaveLength(1 + e.flows.length);
    expect(csv[2]?.slice(3, 7)).toEqual(Object.values(e.payments[0] ?? {}));
  });

  it('xlsx: the workbook gets a CAT sheet, its figures as text (no binary float)', async () => {
    const out = join(dir, 'cat.xlsx');
    expect((await cli(['credit', CREDIT, '--explain-cat', '--format', 'xlsx', '--out', out])).status).toBe(0);
    const book = XLSX.read(readFileSync(out), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Resumen', 'Tabla', 'CAT']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.CAT as XLSX.WorkSheet, { header: 1, raw: true });
    expect(rows[0]?.[0]).toBe('#');
    expect(rows[2]).toEqual([
      '1',
      e.flows[1]?.years,
      e.flows[1]?.amount,
      ...Object.values(e.payments[0] ?? {}),
      e.atRate.discountFactors[1],
      e.atRate.presentValues[1],
      e.lower.presentValues[1],
      e.upper.presentValues[1],
    ]);
    expect(rows.flat().some((cell) => typeof cell === 'string' && cell.includes(`${e.boundaries.lower} %`))).toBe(true);
    // Without the flag the workbook is as before.
    const plain = join(dir, 'plain.xlsx');
    await cli(['credit', CREDIT, '--format', 'xlsx', '--out', plain]);
    expect(XLSX.read(readFileSync(plain), { type: 'buffer' }).SheetNames).toEqual(['Resumen', 'Tabla']);
  });

  it('a loan the charges consume: the same refusal as the quote, naming the charge', async () => {
    const file = join(dir, 'consumed.json');
    writeFileSync(file, JSON.stringify({ solicitud: { ...credit, comisiones: '0', importeCatSegVida: '292000.00' } }));
    const run = await cli(['credit', file, '--explain-cat']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('importeCatSegVida');
  });
});
