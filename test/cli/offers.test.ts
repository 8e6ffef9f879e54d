/**
 * `cotizador compare` (offers ranked by `--rank-by`) and `cotizador afford` (what an income
 * affords): every format is the library's answer (`compareOffers`, `affordability`) written out —
 * the CSV's cells, the JSON's fields, the sheet's typed cells (read back with SheetJS) and the
 * terminal's table — the chart of the balances is an SVG with one line per offer, an offer the
 * engine refuses is a row with its error (the run still succeeds), and the command line's own
 * mistakes are usage errors naming the option. Both languages.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { affordability, compareOffers, quoteCredit, type CreditOptions, type CreditRequest } from '../../src/entry/credit.js';
import { parseCsv, parseXml, walk } from '../analysis/parsers.js';
import { cli, hasStackTrace, spawnCli, tempDir } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
const PREPAID = 'examples/autoestrene-prepago.json';
const INSURED = 'examples/autoestrene-seguro.json';
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { solicitud: CreditRequest; options?: CreditOptions };
let dir = '';
let longer = '';
let refused = '';

beforeAll(() => {
  dir = tempDir();
  longer = join(dir, 'longer.json');
  writeFileSync(longer, JSON.stringify({ solicitud: { ...read(CREDIT).solicitud, plazo: 48 } }));
  refused = join(dir, 'refused.json');
  writeFileSync(refused, JSON.stringify({ solicitud: { ...read(CREDIT).solicitud, plazo: 0 } }));
});

/** The library's comparison of the example files, labelled as the CLI labels them. */
function libraryComparison(rankBy: 'cat' | 'total' | 'payment' | 'outlay', files: readonly [string, string][]) {
  return compareOffers(
    files.map(([path, label]) => ({ label, solicitud: read(path).solicitud, options: read(path).options ?? {} })),
    { rankBy },
  );
}

function clean(run: { status: number | null; stderr: string }, status: number, ...mentions: string[]): void {
  expect(run.status).toBe(status);
  for (const m of mentions) expect(run.stderr).toContain(m);
  expect(hasStackTrace(run.stderr)).toBe(false);
}

const cellOf = (sheet: XLSX.WorkSheet, r: number, c: number) => sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;

describe('cotizador compare', () => {
  const files: [string, string][] = [
    [CREDIT, 'autoestrene.json'],
    [PREPAID, 'autoestrene-prepago.json'],
    [INSURED, 'autoestrene-seguro.json'],
  ];

  it('csv: one line per offer in rank order, each measure and its difference as compareOffers computes them', async () => {
    for (const rankBy of ['cat', 'total', 'payment', 'outlay'] as const) {
      const run = await cli(['compare', CREDIT, PREPAID, INSURED, '--format', 'csv', '--rank-by', rankBy]);
      expect(run.status).toBe(0);
      const [header, ...rows] = parseCsv(run.stdout);
      expect(header).toEqual([
        'rango',
        'oferta',
        'plazo',
        'periodicidad',
        'tasa',
        'montoSolicitado',
        'enganche',
        'pagoMensual',
        'totalPagar',
        'cat',
        'Δ cat',
        'total',
        'Δ total',
        'payment',
        'Δ payment',
        'outlay',
        'Δ outlay',
        'codigoError',
        'valorIncorrecto',
        'mensaje',
      ]);
      const expected = libraryComparison(rankBy, files).ranked.map((o) => [
        String(o.rank),
        o.label,
        String(o.quote.plazo),
        o.quote.periodicidad,
        o.quote.tasa,
        o.quote.montoSolicitado,
        o.downPayment,
        o.quote.pagoMensual,
        o.quote.totalPagar,
        o.measures.cat,
        o.differences.cat,
        o.measures.total,
        o.differences.total,
        o.measures.payment,
        o.differences.payment,
        o.measures.outlay,
        o.differences.outlay,
        '',
        '',
        '',
      ]);
      expect(rows).toEqual(expected);
    }
    // By total the prepaid credit is first (22,888.96 less); by CAT the plain one (16.8 against 17.7).
    const byTotal = parseCsv((await cli(['compare', CREDIT, PREPAID, '--format', 'csv', '--rank-by', 'total'])).stdout);
    expect(byTotal.slice(1).map((r) => [r[1], r[12]])).toEqual([
      ['autoestrene-prepago.json', '0.00'],
      ['autoestrene.json', '22888.96'],
    ]);
  });

  it('an offer the engine refuses is a row with its error; the others are ranked and the run succeeds', async () => {
    const csv = parseCsv((await cli(['compare', CREDIT, refused, '--format', 'csv', '--label', 'A', '--label', 'B'])).stdout);
    expect(csv[1]?.slice(0, 2)).toEqual(['1', 'A']);
    expect(csv[2]).toEqual(['', 'B', ...new Array(15).fill(''), 'ERRESQ004', 'plazo', 'El plazo debe ser de al menos un pago']);
    const table = await cli(['compare', CREDIT, refused, '--lang', 'en']);
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toBe('Offers ranked by cat, best first (Δ: the difference to the best)');
    expect(table.stdout).toContain("Not quoted:\n  refused.json: field 'plazo': ERRESQ004 The term must have at least one payment\n");
    const json = JSON.parse((await cli(['compare', CREDIT, refused, '--format', 'json'])).stdout);
    expect(json.failed).toEqual([
      { label: 'refused.json', codigoError: 'ERRESQ004', valorIncorrecto: 'plazo', mensaje: 'El plazo debe ser de al menos un pago' },
    ]);
  });

  it('json: the comparison, each quote without its table', async () => {
    const json = JSON.parse((await cli(['compare', CREDIT, longer, '--format', 'json', '--rank-by', 'payment'])).stdout);
    const expected = libraryComparison('payment', [
      [CREDIT, 'autoestrene.json'],
      [longer, 'longer.json'],
    ]);
    expect(json.rankBy).toBe('payment');
    expect(json.offers).toEqual(
      expected.ranked.map((o) => {
        const { registros: _, ...quote } = o.quote;
        return {
          rank: o.rank,
          label: o.label,
          downPayment: o.downPayment,
          measures: o.measures,
          differences: o.differences,
          charges: o.charges,
          quote,
        };
      }),
    );
    expect(json.offers.map((o: { label: string }) => o.label)).toEqual(['longer.json', 'autoestrene.json']);
  });

  it('table: the terms, the four measures and the difference of the one ranked by', async () => {
    const run = await cli(['compare', CREDIT, longer, '--rank-by', 'outlay', '--label', 'A', '--label', 'B']);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Ofertas ordenadas por outlay, de la mejor a la peor (Δ: la diferencia con la mejor)');
    expect(lines[2]?.split(/\s+/)).toEqual([
      '#',
      'oferta',
      'plazo',
      'per',
      'tasa',
      'montoSolicitado',
      'enganche',
      'pagoMensual',
      'cat',
      'total',
      'payment',
      'outlay',
      'Δ',
      'outlay',
    ]);
    // Both finance 280,000.00 of 350,000.00 with the same charges: a tie on outlay broken by the CAT (48 months: 16.2).
    const a = quoteCredit(read(CREDIT).solicitud);
    const b = quoteCredit({ ...read(CREDIT).solicitud, plazo: 48 });
    expect(lines[4]?.split(/\s+/).slice(0, 3)).toEqual(['1', 'B', '48']);
    expect(lines[4]).toContain(b.cat);
    expect(lines[5]).toContain(a.pagoMensual);
    expect(lines[5]?.trim().endsWith('0.00')).toBe(true);
  });

  it('xlsx: sheet Ofertas, the amounts as numbers, the CAT in tenths', async () => {
    const path = join(dir, 'compare.xlsx');
    expect((await cli(['compare', CREDIT, PREPAID, INSURED, '--format', 'xlsx', '--out', path])).status).toBe(0);
    const book = XLSX.read(readFileSync(path), { type: 'buffer', cellNF: true });
    expect(book.SheetNames).toEqual(['Ofertas']);
    const sheet = book.Sheets.Ofertas as XLSX.WorkSheet;
    const csv = parseCsv((await cli(['compare', CREDIT, PREPAID, INSURED, '--format', 'csv'])).stdout);
    csv.forEach((row, r) => {
      row.forEach((text, c) => {
        const got = cellOf(sheet, r, c);
        if (text === '') expect(got).toBeUndefined();
        else if (r > 0 && /^\d+\.\d{2}$/.test(text) && c !== 4) {
          expect(got?.t).toBe('n');
          expect(Number(got?.v).toFixed(2)).toBe(text);
          expect(got?.z).toBe('#,##0.00');
        } else expect(got?.w ?? String(got?.v)).toBe(text);
      });
    });
    expect(cellOf(sheet, 1, 9)?.z).toBe('0.0');
  });

  it('--chart: the balances of the offers, one line each in rank order', async () => {
    const path = join(dir, 'balances.svg');
    const run = await cli(['compare', CREDIT, PREPAID, '--chart', path, '--format', 'csv', '--lang', 'en']);
    expect(run.status).toBe(0);
    const svg = readFileSync(path, 'utf8');
    const groups = [...walk(parseXml(svg))].filter((e) => e.name === 'g').map((e) => e.attributes.id);
    expect(groups).toEqual(['axis-left', 'axis-bottom', 'series-0', 'series-1', 'legend']);
    expect(svg).toContain('>1. autoestrene.json</text>');
    expect(svg).toContain('<title>2. autoestrene-prepago.json: payment 26, 0.00</title>');
    expect(svg).toContain('balance (MXN)');
  });

  it('usage errors name the option', async () => {
    clean(await cli(['compare', CREDIT]), 2, 'al menos dos');
    clean(await cli(['compare', CREDIT, PREPAID, '--rank-by', 'tasa']), 2, '--rank-by', 'cat, total, payment, outlay');
    clean(await cli(['compare', CREDIT, PREPAID, '--format', 'xlsx'], undefined, { stdoutIsTTY: true }), 2, '--out');
    clean(await cli(['compare', CREDIT, PREPAID, '--chart', join(dir, 'none', 'x.svg')]), 1, 'x.svg');
  });
});

describe('cotizador afford', () => {
  const problem = { income: '30000', maxShare: '30' };

  it('csv: the answer for each offer, ranked from the one that affords the most, with one cent more', async () => {
    const run = await cli(['afford', CREDIT, INSURED, PREPAID, '--income', '30000', '--share', '30%', '--format', 'csv']);
    expect(run.status).toBe(0);
    const [header, ...rows] = parseCsv(run.stdout);
    expect(header).toEqual([
      'rango',
      'oferta',
      'plazo',
      'periodicidad',
      'tasa',
      'pago máximo',
      'pagoMensual',
      'montoSolicitado',
      'enganche',
      'valorFactura',
      'cat',
      'totalPagar',
      'un centavo más',
      'su pago',
      'su rechazo',
      'codigoError',
      'valorIncorrecto',
      'mensaje',
    ]);
    const answers = [CREDIT, INSURED, PREPAID].map((f) => ({
      label: f.slice('examples/'.length),
      r: affordability(read(f).solicitud, problem, read(f).options),
    }));
    // The external insurance in the payments leaves less of the limit for the credit: it affords the least.
    const ordered = [answers[0], answers[2], answers[1]] as typeof answers;
    expect(rows).toEqual(
      ordered.map(({ label, r }, i) => [
        String(i + 1),
        label,
        String(r.quote.plazo),
        r.quote.periodicidad,
        r.quote.tasa,
        r.paymentLimit,
        r.quote.pagoMensual,
        r.montoSolicitado,
        r.downPayment,
        r.valorFactura,
        r.quote.cat,
        r.quote.totalPagar,
        r.next?.value,
        r.next !== undefined && 'pagoMensual' in r.next ? r.next.pagoMensual : '',
        '',
        '',
        '',
        '',
      ]),
    );
    // Exact at the boundary: the payment is the limit's or below, one cent more is above it.
    expect(rows[0]?.slice(5, 7)).toEqual(['9000.00', '9000.00']);
    expect(rows[0]?.[13]).toBe('9000.01');
  });

  it('--down-payment solves for the price; a refusal of one cent more is shown as its code and field', async () => {
    const json = JSON.parse(
      (await cli(['afford', CREDIT, '--income', '30000', '--share', '30', '--down-payment', '20%', '--format', 'json'])).stdout,
    );
    const r = affordability(read(CREDIT).solicitud, { ...problem, downPayment: { percent: '20' } });
    expect(json).toMatchObject({ unknown: 'valorFactura', income: '30000', maxShare: '30', downPayment: { percent: '20' } });
    expect(json.offers[0]).toMatchObject({
      rank: 1,
      value: r.value,
      valorFactura: r.valorFactura,
      downPayment: r.downPayment,
      next: r.next,
    });
    // 60,000.00 a month: the 20 % minimum down payment of the 350,000.00 car binds first.
    const capped = parseCsv((await cli(['afford', CREDIT, '--income', '60000', '--share', '30', '--format', 'csv'])).stdout);
    expect(capped[1]?.slice(12, 15)).toEqual(['280000.01', '', 'ERRNEG001 montoSolicitado']);
    const cappedJson = JSON.parse(
      (await cli(['afford', CREDIT, '--income', '60000', '--share', '30', '--format', 'json', '--lang', 'en'])).stdout,
    );
    expect(cappedJson.offers[0].next).toEqual({
      value: '280000.01',
      codigoError: 'ERRNEG001',
      valorIncorrecto: 'montoSolicitado',
      mensaje: 'The down payment (19.99% of the price) is below the minimum of 20%',
    });
  });

  it('table, in both languages, and an offer without an answer listed under it', async () => {
    const es = await cli(['afford', CREDIT, refused, '--income', '30000', '--share', '30']);
    expect(es.status).toBe(0);
    expect(es.stdout.split('\n')[0]).toBe('El mayor monto cuyo pago cabe en el 30 % de un ingreso de 30000 (periodicidad M), por oferta');
    expect(es.stdout).toContain("No cotizadas:\n  refused.json: campo 'plazo': ERRESQ004 El plazo debe ser de al menos un pago\n");
    const en = await cli([
      'afford',
      CREDIT,
      '--income',
      '7000',
      '--share',
      '30',
      '--income-period',
      'S',
      '--down-payment',
      '100000',
      '--lang',
      'en',
    ]);
    expect(en.stdout.split('\n')[0]).toBe(
      'The largest vehicle price, with the down payment given, whose payment fits 30 % of an income of 7000 (periodicity S), by offer',
    );
    const r = affordability(read(CREDIT).solicitud, {
      income: '7000',
      maxShare: '30',
      incomePeriodicity: 'S',
      downPayment: { amount: '100000' },
    });
    expect(en.stdout.split('\n')[2]?.split(/\s+/)).toEqual([
      '#',
      'offer',
      'plazo',
      'per',
      'tasa',
      'payment',
      'limit',
      'pagoMensual',
      'montoSolicitado',
      'enganche',
      'valorFactura',
      'cat',
    ]);
    expect(en.stdout.split('\n')[4]?.split(/\s+/)).toEqual([
      '1',
      'autoestrene.json',
      '36',
      'M',
      '13.50',
      '9100.00',
      r.quote.pagoMensual,
      r.montoSolicitado,
      '100000.00',
      r.valorFactura,
      r.quote.cat,
    ]);
    // No value fits: an answer of the engine (ERRNEG001 on income), not a usage error.
    const none = parseCsv((await cli(['afford', CREDIT, '--income', '1', '--share', '1', '--format', 'csv'])).stdout);
    expect(none[1]?.slice(-3, -1)).toEqual(['ERRNEG001', 'income']);
  });

  it('xlsx: sheet Capacidad; --chart: the balance of each offer at its answer', async () => {
    const path = join(dir, 'afford.xlsx');
    const chart = join(dir, 'afford.svg');
    expect(
      (await cli(['afford', CREDIT, INSURED, '--income', '30000', '--share', '30', '--format', 'xlsx', '--out', path, '--chart', chart]))
        .status,
    ).toBe(0);
    const book = XLSX.read(readFileSync(path), { type: 'buffer', cellNF: true });
    expect(book.SheetNames).toEqual(['Capacidad']);
    const sheet = book.Sheets.Capacidad as XLSX.WorkSheet;
    const csv = parseCsv((await cli(['afford', CREDIT, INSURED, '--income', '30000', '--share', '30', '--format', 'csv'])).stdout);
    csv.forEach((row, r) => {
      row.forEach((text, c) => {
        const got = cellOf(sheet, r, c);
        if (text === '') expect(got).toBeUndefined();
        else if (r > 0 && /^\d+\.\d{2}$/.test(text) && c !== 4) expect(Number(got?.v).toFixed(2)).toBe(text);
        else expect(got?.w ?? String(got?.v)).toBe(text);
      });
    });
    const svg = readFileSync(chart, 'utf8');
    const r = affordability(read(CREDIT).solicitud, problem);
    // From the opening balance (the amount and the financed warranty) at payment 0.
    const opening = r.quote.montoGarantiaExt.replace(/\B(?=(\d{3})+\.)/g, ',');
    expect(svg).toContain(`<title>1. autoestrene.json: número 0, ${opening}</title>`);
    expect(svg).toContain('<title>2. autoestrene-seguro.json: número 36, 0.00</title>');
  });

  it('usage errors name the option', async () => {
    clean(await cli(['afford', CREDIT, '--share', '30']), 2, '--income');
    clean(await cli(['afford', CREDIT, '--income', '30000']), 2, '--share');
    clean(await cli(['afford', '--income', '30000', '--share', '30']), 2, 'ARCHIVO');
    clean(await cli(['afford', CREDIT, '--income', 'mucho', '--share', '30']), 2, "--income: campo 'income': ERRESQ005");
    clean(await cli(['afford', CREDIT, '--income', '30000', '--share', '130']), 2, "--share: campo 'maxShare': ERRESQ004");
    clean(await cli(['afford', CREDIT, '--income', '30000', '--share', '30', '--income-period', 'A']), 2, '--income-period');
    clean(
      await cli(['afford', CREDIT, '--income', '30000', '--share', '30', '--down-payment', '100%', '--lang', 'en']),
      2,
      "--down-payment: field 'downPayment.percent'",
    );
  });
});

describe('the built binary', () => {
  it('prints what main prints, in every text format', async () => {
    for (const args of [
      ['compare', CREDIT, PREPAID, '--rank-by', 'total'],
      ['afford', CREDIT, PREPAID, '--income', '30000', '--share', '30'],
    ]) {
      for (const format of ['table', 'csv', 'json']) {
        const run = spawnCli([...args, '--format', format]);
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toBe((await cli([...args, '--format', format])).stdout);
      }
    }
  });
});
