/**
 * The analysts' workbench (issue 11): batch, xlsx and JSON lines, solve, the engine's
 * options on the command line, the new charts and the sharp edges. Workbooks are read back with
 * SheetJS (`@e965/xlsx`), a reader independent of the writer (`src/cli/xlsx.ts`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { quoteCredit, solveCredit, type CreditOptions, type CreditRequest } from '../../src/entry/credit.js';
import { quotePolicy, type PolicyRequest } from '../../src/entry/insurance.js';
import { CREDIT_ROW_COLUMNS, RECEIPT_COLUMNS, parseVariation } from '../../src/entry/analysis.js';
import { gridWriter } from '../../src/cli/gridFormat.js';
import { csvParser, jsonArrayParser, type InputRecord } from '../../src/cli/batchInput.js';
import { parseCsv, parseXml, walk } from '../analysis/parsers.js';
import { cli, hasStackTrace, spawnCli, tempDir } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
const POLICY = 'examples/segautovendor.json';
const PORTFOLIO = 'examples/cartera.csv';
const credit = (JSON.parse(readFileSync(CREDIT, 'utf8')) as { solicitud: CreditRequest }).solicitud;
const policy = (JSON.parse(readFileSync(POLICY, 'utf8')) as { solicitud: PolicyRequest }).solicitud;
let dir = '';

beforeAll(() => {
  dir = tempDir();
});

function file(name: string, content: string | Uint8Array | object): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content));
  return path;
}

function clean(run: { status: number | null; stderr: string }, status: number, ...mentions: string[]): void {
  expect(run.status).toBe(status);
  for (const m of mentions) expect(run.stderr).toContain(m);
  expect(hasStackTrace(run.stderr)).toBe(false);
  expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
}

/** A workbook read back with SheetJS: each sheet as rows of cells. */
function workbook(path: string): XLSX.WorkBook {
  return XLSX.read(readFileSync(path), { type: 'buffer', cellNF: true, bookFiles: true });
}

function cell(sheet: XLSX.WorkSheet, row: number, column: number): XLSX.CellObject | undefined {
  return sheet[XLSX.utils.encode_cell({ r: row, c: column })] as XLSX.CellObject | undefined;
}

/** The amount a cell holds must be the engine's decimal text exactly: a number whose shortest form is that decimal. */
function expectAmount(c: XLSX.CellObject | undefined, text: string): void {
  expect(c?.t).toBe('n');
  expect(c?.v).toBe(Number(text));
  expect(Number(c?.v).toFixed(2)).toBe(text);
  expect(c?.z).toBe('#,##0.00');
}

function sheetXml(book: XLSX.WorkBook, index: number): string {
  const files = (book as unknown as { files: Record<string, { content: Uint8Array }> }).files;
  return Buffer.from(files[`xl/worksheets/sheet${index}.xml`]?.content ?? []).toString('utf8');
}

/** Record A-001 of examples/cartera.csv as a solicitud. */
const a001: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 36,
  periodicidad: 'M',
  comisiones: '2.00',
  importeCatSegVida: '2800.00',
  nombreModelo: 'Sedán 1.6 L 2026',
};

describe('sharp edges', () => {
  it('--version prints the package version', async () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect((await cli(['--version'])).stdout).toBe(`cotizador ${version}\n`);
    expect(spawnCli(['--version']).stdout).toBe(`cotizador ${version}\n`);
    expect((await cli(['grid', '--version'])).stdout).toBe(`cotizador ${version}\n`);
  });

  it('caps input files: a clear error before reading past the cap, /dev/zero included', async () => {
    clean(await cli(['credit', CREDIT, '--max-input-bytes', '100']), 1, 'excede 100 bytes', '--max-input-bytes');
    clean(await cli(['credit', CREDIT, '--max-input-bytes', '100', '--lang', 'en']), 1, 'exceeds 100 bytes');
    clean(spawnCli(['credit', '/dev/zero']), 1, '/dev/zero', 'excede 16777216 bytes');
    clean(spawnCli(['credit', '-', '--max-input-bytes', '10'], JSON.stringify({ solicitud: credit })), 1, 'stdin', 'excede 10 bytes');
    clean(spawnCli(['batch', '/dev/zero', '--input-format', 'csv', '--max-input-bytes', '100000']), 1, 'excede 100000 bytes');
  });

  it('caps grids before any work: 10^12 scenarios are refused, --max-scenarios sets the bound', async () => {
    const huge = spawnCli(['grid', CREDIT, '--vary', 'montoSolicitado=1:1000000:1', '--vary', 'tasa=1:1000000:1']);
    clean(huge, 1, '1000000000000 escenarios', 'límite de 10000000');
    expect(huge.stdout).toBe('');
    clean(await cli(['grid', CREDIT, '--vary', 'plazo=12:60:12', '--max-scenarios', '4']), 1, '5 escenarios', '--max-scenarios');
    expect((await cli(['grid', CREDIT, '--vary', 'plazo=12:60:12', '--max-scenarios', '5'])).status).toBe(0);
  });

  it('any failed read or write exits 1, never 70', async () => {
    clean(await cli(['credit', CREDIT, '--out', '/dev/full']), 1, 'no se puede escribir /dev/full', 'no queda espacio');
    clean(
      await cli(['grid', CREDIT, '--vary', 'plazo=12,24', '--out', '/dev/full', '--lang', 'en']),
      1,
      'cannot write /dev/full',
      'no space left',
    );
    const piped = spawnSync('bash', ['-c', `"${process.execPath}" "${inject('cliBundle')}" credit ${CREDIT} > /dev/full`], {
      encoding: 'utf8',
    });
    clean({ status: piped.status, stderr: piped.stderr }, 1, 'stdout', 'no queda espacio');
    clean(await cli(['credit', dir]), 1, 'es un directorio');
    clean(await cli(['batch', join(dir, 'missing.csv')]), 1, 'missing.csv', 'no existe');
  });

  it('accepts a leading BOM in every input', async () => {
    const bom = '\uFEFF';
    const json = await cli(['credit', file('bom.json', bom + JSON.stringify({ solicitud: credit })), '--format', 'json']);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).pagoMensual).toBe(quoteCredit(credit).pagoMensual);
    const csv = await cli(['batch', file('bom.csv', bom + readFileSync(PORTFOLIO, 'utf8')), '--id', 'id']);
    expect(csv.stdout).toBe((await cli(['batch', PORTFOLIO, '--id', 'id'])).stdout);
    const jsonl = await cli(['batch', file('bom.jsonl', `${bom}${JSON.stringify(credit)}\n`)]);
    expect(parseCsv(jsonl.stdout)[1]?.[4]).toBe(quoteCredit(credit).pagoMensual);
  });

  it('parse errors name line and column and never echo the bytes', async () => {
    const secret = 'TOKEN-s3cr3t-DO-NOT-PRINT';
    const run = await cli(['credit', file('secret.json', `{\n  "solicitud": {\n    "plazo": ${secret}\n  }\n}`)]);
    clean(run, 1, 'línea 3, columna 14', 'carácter inesperado');
    expect(run.stderr).not.toContain(secret);
    const en = await cli(['credit', file('secret.json', `{"a": "${secret}`), '--lang', 'en']);
    clean(en, 1, 'line 1, column', 'unterminated string');
    expect(en.stderr).not.toContain(secret);
    const csv = await cli(['batch', file('bad.csv', `plazo,nombreModelo\n12,"${secret}\n`)]);
    clean(csv, 1, 'CSV no válido en la línea 2, columna 4', 'sin cerrar');
    expect(csv.stderr).not.toContain(secret);
    const array = await cli(['batch', file('bad.json', `[\n  {"plazo": 12},\n  {"plazo": ${secret}}\n]`)]);
    clean(array, 1, 'línea 3, columna 13');
    expect(array.stderr).not.toContain(secret);
  });

  it('neutralises cells a spreadsheet would read as a formula, unless --raw; --bom for Excel', async () => {
    const run = await cli(['grid', CREDIT, '--vary', 'nombreModelo==1+1,@SUM(A1),+52 55,-5,Sedán']);
    const cells = parseCsv(run.stdout)
      .slice(1)
      .map((r) => r[0]);
    expect(cells).toEqual(["'=1+1", "'@SUM(A1)", "'+52 55", '-5', 'Sedán']);
    const raw = await cli(['grid', CREDIT, '--vary', 'nombreModelo==1+1', '--raw']);
    expect(parseCsv(raw.stdout)[1]?.[0]).toBe('=1+1');
    const bom = await cli(['grid', CREDIT, '--vary', 'plazo=12', '--bom']);
    expect(bom.stdout.startsWith('\uFEFFplazo,')).toBe(true);
    expect((await cli(['credit', CREDIT, '--format', 'csv', '--bom'])).stdout.startsWith('\uFEFFnumAmortizacion')).toBe(true);
    clean(await cli(['grid', CREDIT, '--vary', 'plazo=12', '--bom', '--format', 'json']), 2, '--bom');
    const batch = await cli(['batch', file('formula.jsonl', `${JSON.stringify({ id: '=cmd|calc', ...credit })}\n`), '--id', 'id']);
    expect(parseCsv(batch.stdout)[1]?.[1]).toBe("'=cmd|calc");
  });

  it('speaks one language: Spanish by default, English with --lang en, code and field kept', async () => {
    const bad = file('bad-plazo.json', { ...credit, plazo: 0 });
    const es = await cli(['credit', bad]);
    clean(es, 1, "campo 'plazo': ERRESQ004 El plazo debe ser de al menos un pago");
    const en = await cli(['--lang', 'en', 'credit', bad]);
    clean(en, 1, "field 'plazo': ERRESQ004 The term must have at least one payment");
    expect((await cli(['credit', bad], undefined)).stderr).toBe(es.stderr);
    const grid = await cli(['grid', CREDIT, '--vary', 'plazo=0', '--lang', 'en']);
    expect(parseCsv(grid.stdout)[1]?.slice(-3)).toEqual(['ERRESQ004', 'plazo', 'The term must have at least one payment']);
    expect((await cli(['--help', '--lang', 'en'])).stdout).toContain('Usage: cotizador <command>');
    expect((await cli(['--help'])).stdout).toContain('Uso: cotizador <comando>');
    const usage = await cli(['grid', CREDIT, '--workers', 'many', '--lang', 'en']);
    clean(usage, 2, "option --workers must be an integer ≥ 0 (got 'many')", "See 'cotizador grid --help'.");
  });

  it('a table grid of 200,001 values is written without overflowing the stack', () => {
    const variation = parseVariation('montoSolicitado=100000:300000:1');
    expect(variation.values).toHaveLength(200_001);
    const writer = gridWriter({ format: 'table', variations: [variation], lang: 'es', csv: {} });
    expect(writer.header.startsWith('montoSolicitado')).toBe(true);
    expect(writer.row(0, [200_000], quoteCredit({ ...credit, montoSolicitado: '280000.00' }))).toContain('10216.91');
  });
});

describe('engine options on the command line', () => {
  const cases: [string[], CreditOptions][] = [
    [
      ['--prepay', '12:50000.00', '--prepay', '24:20000:reduceTerm'],
      {
        prepayments: [
          { period: 12, amount: '50000.00' },
          { period: 24, amount: '20000', mode: 'reduceTerm' },
        ],
      },
    ],
    [['--balloon', '30%'], { balloon: { percent: '30' } }],
    [['--balloon', '60000.00'], { balloon: { amount: '60000.00' } }],
    [['--grace', '3'], { grace: { periods: 3 } }],
    [['--first-payment', '2026-03-15'], { firstPaymentDate: '2026-03-15' }],
    [['--day-count', 'actual360', '--business-days', 'MX'], { conventions: { interestBasis: 'actual360', businessDays: 'MX' } }],
    [
      ['--convention', 'catTimeBasis=actual365', '--convention', 'commissionVat=false'],
      { conventions: { catTimeBasis: 'actual365', commissionVat: false } },
    ],
  ];

  it('credit: each flag quotes what quoteCredit quotes with the same options', async () => {
    for (const [flags, options] of cases) {
      const run = await cli(['credit', CREDIT, '--format', 'json', ...flags]);
      expect(run.status, flags.join(' ')).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(quoteCredit(credit, options));
    }
    const { fechaApertura: _omit, ...undated } = credit;
    const dated = await cli(['credit', file('undated.json', undated), '--format', 'json', '--fecha-apertura', '2026-03-01']);
    expect(JSON.parse(dated.stdout)).toEqual(quoteCredit(undated, { fechaApertura: '2026-03-01' }));
  });

  it('--options FILE, the file’s own options and the flags layer, conventions merged key by key', async () => {
    const options = file('options.json', { grace: { periods: 2 }, conventions: { businessDays: 'MX', commissionVat: false } });
    const request = file('with-options.json', { solicitud: credit, options: { balloon: { percent: '20' } } });
    const run = await cli([
      'credit',
      request,
      '--format',
      'json',
      '--options',
      options,
      '--grace',
      '4',
      '--convention',
      'commissionVat=true',
    ]);
    expect(JSON.parse(run.stdout)).toEqual(
      quoteCredit(credit, { grace: { periods: 4 }, balloon: { percent: '20' }, conventions: { businessDays: 'MX', commissionVat: true } }),
    );
    clean(await cli(['credit', CREDIT, '--options', file('bad-options.json', { colour: 1 })]), 1, "campo 'options.colour'", 'ERRESQ003');
  });

  it('the engine names a bad option; a malformed flag is a usage error', async () => {
    clean(await cli(['credit', CREDIT, '--prepay', '40:5000']), 1, 'options.prepayments[0].period', 'ERRESQ004');
    clean(await cli(['credit', CREDIT, '--prepay', 'twelve']), 2, '--prepay');
    clean(await cli(['credit', CREDIT, '--day-count', 'days366']), 2, '--day-count');
    clean(await cli(['credit', CREDIT, '--convention', 'paymentTolerance=-1']), 1, 'conventions.paymentTolerance');
  });

  it('grid, batch and chart take them too', async () => {
    const options: CreditOptions = { prepayments: [{ period: 12, amount: '50000.00' }] };
    const grid = parseCsv((await cli(['grid', CREDIT, '--vary', 'plazo=36,48', '--prepay', '12:50000.00'])).stdout);
    expect(grid[1]?.[1]).toBe(quoteCredit({ ...credit, plazo: 36 }, options).pagoMensual);
    expect(grid[2]?.[3]).toBe(quoteCredit({ ...credit, plazo: 48 }, options).importeInteresTotal);
    const batch = parseCsv((await cli(['batch', PORTFOLIO, '--id', 'id', '--grace', '2'])).stdout);
    expect(batch[1]?.[5]).toBe(quoteCredit(a001, { grace: { periods: 2 } }).pagoMensual);
    const chart = await cli(['chart', CREDIT, '--grace', '3']);
    expect(parseXml(chart.stdout).name).toBe('svg');
  });
});

describe('batch', () => {
  it('csv: one output record per input record, with its line, results, and errors as rows', async () => {
    const run = await cli(['batch', PORTFOLIO, '--id', 'id']);
    expect(run.status).toBe(0);
    const [header, ...rows] = parseCsv(run.stdout);
    expect(header).toEqual([
      'linea',
      'id',
      'montoSolicitado',
      'plazo',
      'tasa',
      'pagoMensual',
      'totalPagar',
      'importeInteresTotal',
      'impIVAInteresTotal',
      'cat',
      'codigoError',
      'valorIncorrecto',
      'mensaje',
    ]);
    expect(rows.map((r) => [r[0], r[1]])).toEqual(Array.from({ length: 8 }, (_, i) => [String(i + 2), `A-00${i + 1}`]));
    const q = quoteCredit(a001);
    expect(rows[0]).toEqual([
      '2',
      'A-001',
      '280000.00',
      '36',
      '13.50',
      q.pagoMensual,
      q.totalPagar,
      q.importeInteresTotal,
      q.impIVAInteresTotal,
      q.cat,
      '',
      '',
      '',
    ]);
    expect(rows[4]?.slice(10)).toEqual(['ERRNEG001', 'montoSolicitado', 'El enganche (0.28% del precio) es menor al mínimo de 20%']);
    expect(rows[6]?.slice(10)).toEqual(['ERRESQ004', 'plazo', 'El plazo debe ser de al menos un pago']);
    // Without tasa, the rate comes from the grid: the output shows the rate applied.
    expect(rows[5]?.[4]).toBe('14.99');
  });

  it('reads JSON lines and a JSON array, { solicitud, options } records included; bad records are rows', async () => {
    const lines = [
      JSON.stringify({ id: 'x1', ...a001 }),
      '',
      JSON.stringify({ id: 'x2', solicitud: a001, options: { grace: { periods: 2 } } }),
      '{"id": "x3", oops',
      '[1, 2]',
      JSON.stringify({ id: 'x4', ...a001, plazo: 0 }),
    ];
    const jsonl = await cli(['batch', file('p.jsonl', `${lines.join('\n')}\n`), '--id', 'id', '--format', 'jsonl']);
    expect(jsonl.status).toBe(0);
    const out = jsonl.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => o.linea)).toEqual([1, 3, 4, 5, 6]);
    expect(out[0]).toEqual({ linea: 1, id: 'x1', resultado: expect.objectContaining({ pagoMensual: quoteCredit(a001).pagoMensual }) });
    expect(out[1].resultado.pagoMensual).toBe(quoteCredit(a001, { grace: { periods: 2 } }).pagoMensual);
    expect(out[2]).toEqual({
      linea: 4,
      id: null,
      error: { codigoError: 'ERRESQ001', mensaje: 'El registro no es un JSON válido (columna 14)' },
    });
    expect(out[3].error.codigoError).toBe('ERRESQ005');
    expect(out[4].error).toEqual({ codigoError: 'ERRESQ004', valorIncorrecto: 'plazo', mensaje: 'El plazo debe ser de al menos un pago' });
    const array = await cli(['batch', file('p.json', JSON.stringify([a001, { ...a001, plazo: 48 }], null, 2)), '--format', 'jsonl']);
    const parsed = array.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(parsed.map((o) => [o.linea, o.resultado.pagoMensual])).toEqual([
      [2, quoteCredit(a001).pagoMensual],
      [13, quoteCredit({ ...a001, plazo: 48 }).pagoMensual],
    ]);
    const stdin = await cli(['batch', '-', '--format', 'jsonl'], `${JSON.stringify(a001)}\n`);
    expect(JSON.parse(stdin.stdout).resultado.cat).toBe(quoteCredit(a001).cat);
  });

  it('a CSV row with the wrong number of fields is an error row; an unknown column stops the run before any quote', async () => {
    const run = await cli([
      'batch',
      file('short.csv', 'plazo,montoSolicitado,valorFactura,fechaApertura,tasa\n36,280000,350000,2026-01-31,13.5\n36,280000\n'),
    ]);
    const rows = parseCsv(run.stdout);
    expect(rows[1]?.[4]).toBe(
      quoteCredit({ plazo: 36, montoSolicitado: '280000', valorFactura: '350000', fechaApertura: '2026-01-31', tasa: '13.5' }).pagoMensual,
    );
    expect(rows[2]?.slice(-3)).toEqual(['ERRESQ004', '', 'El renglón tiene 2 campos y el encabezado 5']);
    const unknown = await cli(['batch', file('colour.csv', 'plazo,colour\n36,red\n')]);
    clean(unknown, 1, "campo 'colour'", 'ERRESQ003');
    expect(unknown.stdout).toBe('');
  });

  it('--shard I/N: the parts, concatenated, are the whole output byte for byte', async () => {
    const rows = [readFileSync(PORTFOLIO, 'utf8').split('\n')[0]];
    const body = readFileSync(PORTFOLIO, 'utf8').trim().split('\n').slice(1);
    for (let i = 0; i < 5; i++) rows.push(...body);
    const portfolio = file('big.csv', `${rows.join('\n')}\n`);
    for (const format of ['csv', 'jsonl', 'table']) {
      for (const extra of [[], ['--bom']]) {
        if (format !== 'csv' && extra.length > 0) continue;
        const whole = await cli(['batch', portfolio, '--id', 'id', '--format', format, ...extra]);
        for (const parts of format === 'csv' ? [1, 3, 7, 41] : [3]) {
          let joined = '';
          for (let part = 1; part <= parts; part++) {
            const run = await cli(['batch', portfolio, '--id', 'id', '--format', format, '--shard', `${part}/${parts}`, ...extra]);
            expect(run.status).toBe(0);
            joined += run.stdout;
          }
          expect(joined, `${format} ${parts} parts`).toBe(whole.stdout);
        }
      }
    }
    // As separate processes (N machines), written to files and concatenated.
    const parts = [1, 2, 3].map((part) => {
      const out = join(dir, `part-${part}.csv`);
      expect(spawnCli(['batch', portfolio, '--id', 'id', '--shard', `${part}/3`, '--out', out]).status).toBe(0);
      return readFileSync(out, 'utf8');
    });
    expect(parts.join('')).toBe((await cli(['batch', portfolio, '--id', 'id'])).stdout);
    clean(await cli(['batch', portfolio, '--shard', '0/3']), 2, '--shard');
    clean(await cli(['batch', portfolio, '--shard', '4/3']), 2, '--shard');
    clean(await cli(['batch', '-', '--shard', '1/2'], ''), 2, '--shard');
  });

  it('progress with rate and time left on stderr with --progress, never on stdout', async () => {
    const run = await cli(['batch', PORTFOLIO, '--id', 'id', '--progress', '--format', 'jsonl']);
    expect(run.stdout.trim().split('\n')).toHaveLength(8);
    expect(run.stderr).toMatch(/^cotizador: 8\/8 \(100%\) \d+\/s, faltan 0s$/m);
    const grid = await cli(['grid', CREDIT, '--vary', 'plazo=12:60:12', '--progress', '--lang', 'en']);
    expect(grid.stderr).toMatch(/^cotizador: 5\/5 \(100%\) \d+\/s, ETA 0s$/m);
  });

  it('50,000 lines in flat memory: it runs in a 40 MiB heap, and its peak RSS is that of 10,000 lines', () => {
    const make = (n: number): string => {
      const lines = ['fechaApertura,montoSolicitado,valorFactura,tasa,plazo,comisiones,importeCatSegVida'];
      for (let i = 0; i < n; i++) {
        const price = 300_000 + (i % 997) * 250;
        lines.push(
          `2026-01-31,${(price * 0.8).toFixed(2)},${price.toFixed(2)},${(9 + (i % 90) / 10).toFixed(2)},${[12, 24, 36, 48, 60][i % 5]},2.00,2800.00`,
        );
      }
      return file(`portfolio-${n}.csv`, `${lines.join('\r\n')}\r\n`);
    };
    const preload = file(
      'rss.cjs',
      "process.on('exit', () => require('node:fs').writeSync(2, 'maxrss ' + process.resourceUsage().maxRSS + '\\n'));",
    );
    const peak = (path: string, heap: string[] = []): number => {
      const run = spawnSync(process.execPath, [...heap, '-r', preload, inject('cliBundle'), 'batch', path, '--out', join(dir, 'out.csv')], {
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      return Number(/maxrss (\d+)/.exec(run.stderr)?.[1]) / 1024;
    };
    const small = make(10_000);
    const large = make(50_000);
    peak(large, ['--max-old-space-size=40']);
    expect(parseCsv(readFileSync(join(dir, 'out.csv'), 'utf8'))).toHaveLength(50_001);
    const growth = peak(large) - peak(small);
    // Holding the records or the output would cost far more than this (50,000 quotes are tens of MiB).
    expect(growth).toBeLessThan(24);
  });
});

describe('xlsx, read back with an independent reader', () => {
  it('credit: a Resumen sheet and a Tabla sheet, amounts exact, dates as dates, header frozen', async () => {
    const path = join(dir, 'credit.xlsx');
    expect((await cli(['credit', CREDIT, '--format', 'xlsx', '--out', path])).status).toBe(0);
    const book = workbook(path);
    expect(book.SheetNames).toEqual(['Resumen', 'Tabla']);
    const expected = quoteCredit({ ...credit, generaTablaPagos: true });
    const table = book.Sheets.Tabla as XLSX.WorkSheet;
    for (const [j, c] of CREDIT_ROW_COLUMNS.entries()) expect(cell(table, 0, j)?.v).toBe(c);
    for (const [i, row] of expected.registros.entries()) {
      expect(cell(table, i + 1, 0)?.v).toBe(row.numAmortizacion);
      const date = cell(table, i + 1, 1);
      expect([date?.t, date?.z, date?.w]).toEqual(['n', 'yyyy-mm-dd', row.fechaAmortizacion]);
      for (const [j, c] of CREDIT_ROW_COLUMNS.slice(2).entries()) expectAmount(cell(table, i + 1, j + 2), row[c] as string);
    }
    const summary = book.Sheets.Resumen as XLSX.WorkSheet;
    const values = new Map<string, XLSX.CellObject | undefined>();
    for (let r = 1; cell(summary, r, 0) !== undefined; r++) values.set(String(cell(summary, r, 0)?.v), cell(summary, r, 1));
    for (const key of [
      'montoSolicitado',
      'pagoMensual',
      'totalPagar',
      'importeInteresTotal',
      'impIVAInteresTotal',
      'importePago',
    ] as const) {
      expectAmount(values.get(key), expected[key]);
    }
    expect(values.get('cat')?.w).toBe(expected.cat);
    expect(values.get('fechaApertura')?.w).toBe('2026-01-31');
    expect(values.get('plazo')?.v).toBe(36);
    expectAmount(values.get('cargosApertura.commission'), '5840.00');
    expect(sheetXml(book, 2)).toContain('state="frozen"');
    expect(sheetXml(book, 2)).toMatch(/<col min="1" max="1" width="\d+/);
  });

  it('policy: offers and receipts, dates DD/MM/YYYY as dates', async () => {
    const path = join(dir, 'policy.xlsx');
    expect((await cli(['policy', POLICY, '--format', 'xlsx', '--fecha-inicio', '2026-02-01', '--out', path])).status).toBe(0);
    const book = workbook(path);
    expect(book.SheetNames).toEqual(['Ofertas', 'Recibos']);
    const expected = quotePolicy(policy, { fechaInicio: '2026-02-01' });
    const receipts = book.Sheets.Recibos as XLSX.WorkSheet;
    for (const [j, c] of RECEIPT_COLUMNS.entries()) expect(cell(receipts, 0, j)?.v).toBe(c);
    let r = 1;
    for (const offer of expected.listaSeguroAuto) {
      for (const receipt of offer.listaRecibos) {
        expect(cell(receipts, r, 2)?.v).toBe(offer.paquete);
        expect(cell(receipts, r, 3)?.v).toBe(offer.idCotizacion);
        expect(cell(receipts, r, 5)?.w).toBe(receipt.vigenciaInicial);
        expect(cell(receipts, r, 5)?.t).toBe('n');
        expectAmount(cell(receipts, r, 7), receipt.primaTotal);
        r++;
      }
    }
    const offers = book.Sheets.Ofertas as XLSX.WorkSheet;
    for (const [i, o] of expected.listaSeguroAuto.entries()) expectAmount(cell(offers, i + 1, 6), o.primaTotal);
  });

  it('grid and batch: every cell equals the engine’s string', async () => {
    const gridPath = join(dir, 'grid.xlsx');
    expect(
      (await cli(['grid', CREDIT, '--vary', 'plazo=12,24,0', '--vary', 'tasa=10:11:0.5', '--format', 'xlsx', '--out', gridPath])).status,
    ).toBe(0);
    const grid = workbook(gridPath).Sheets.Escenarios as XLSX.WorkSheet;
    let r = 1;
    for (const plazo of [12, 24, 0]) {
      for (const tasa of ['10.00', '10.50', '11.00']) {
        expect(cell(grid, r, 0)?.v).toBe(plazo);
        expect(cell(grid, r, 1)?.v).toBe(Number(tasa));
        if (plazo === 0) expect([cell(grid, r, 6)?.v, cell(grid, r, 7)?.v]).toEqual(['ERRESQ004', 'plazo']);
        else {
          const q = quoteCredit({ ...credit, plazo, tasa });
          expectAmount(cell(grid, r, 2), q.pagoMensual);
          expectAmount(cell(grid, r, 3), q.totalPagar);
          expectAmount(cell(grid, r, 4), q.importeInteresTotal);
          expect(cell(grid, r, 5)?.w).toBe(q.cat);
        }
        r++;
      }
    }
    const batchPath = join(dir, 'batch.xlsx');
    expect((await cli(['batch', PORTFOLIO, '--id', 'id', '--format', 'xlsx', '--out', batchPath])).status).toBe(0);
    const sheet = workbook(batchPath).Sheets.Cartera as XLSX.WorkSheet;
    const csv = parseCsv((await cli(['batch', PORTFOLIO, '--id', 'id'])).stdout);
    csv.forEach((row, i) => {
      row.forEach((text, j) => {
        const c = cell(sheet, i, j);
        if (text === '') expect(c).toBeUndefined();
        else if (i > 0 && [2, 5, 6, 7, 8].includes(j)) expectAmount(c, text);
        else expect(c?.w ?? String(c?.v)).toBe(text);
      });
    });
  });

  it('refuses to write a binary workbook on a terminal', async () => {
    const run = await cli(['credit', CREDIT, '--format', 'xlsx'], undefined, { stdoutIsTTY: true });
    clean(run, 2, '--out');
  });
});

describe('solve', () => {
  it('prints the value and the quote at it, for every unknown and target', async () => {
    const problems: [string, string, Record<string, string>][] = [
      ['montoSolicitado', 'pagoMensual=8000', { pagoMensual: '8000' }],
      ['tasa', 'cat=18.5', { cat: '18.5' }],
      ['plazo', 'pagoMensual=9000.00', { pagoMensual: '9000.00' }],
      ['comisiones', 'totalPagar=380000', { totalPagar: '380000' }],
    ];
    for (const [unknown, target, object] of problems) {
      const expected = solveCredit(credit, { unknown: unknown as 'tasa', target: object as { cat: string } });
      const json = JSON.parse((await cli(['solve', CREDIT, '--unknown', unknown, '--target', target, '--format', 'json'])).stdout);
      expect([json.unknown, json.value, json.quote]).toEqual([unknown, expected.value, expected.quote]);
      const table = await cli(['solve', CREDIT, '--unknown', unknown, '--target', target]);
      expect(table.stdout.split('\n')[0]).toBe(`${unknown} = ${expected.value}  (${target.replace('=', ' ≤ ')})`);
      expect(table.stdout).toContain(expected.quote.pagoMensual);
    }
    const csv = parseCsv(
      (await cli(['solve', CREDIT, '--unknown', 'montoSolicitado', '--target', 'pagoMensual=8000', '--format', 'csv'])).stdout,
    );
    const solved = solveCredit(credit, { unknown: 'montoSolicitado', target: { pagoMensual: '8000' } });
    const atValue = quoteCredit({ ...credit, montoSolicitado: String(solved.value) });
    expect(csv).toEqual([
      ['incognita', 'valor', 'pagoMensual', 'totalPagar', 'importeInteresTotal', 'cat'],
      ['montoSolicitado', String(solved.value), atValue.pagoMensual, atValue.totalPagar, atValue.importeInteresTotal, atValue.cat],
    ]);
    clean(await cli(['solve', CREDIT, '--unknown', 'montoSolicitado', '--target', 'pago=1']), 2, '--target');
    clean(await cli(['solve', CREDIT, '--unknown', 'montoSolicitado', '--target', 'pagoMensual=1']), 1, 'ERRNEG001', 'target.pagoMensual');
  });
});

describe('charts', () => {
  const series = (svg: string) => [...walk(parseXml(svg))].filter((e) => e.name === 'g').map((e) => e.attributes.id);

  it('chart --kind balance overlays one line per quote, with axes and a legend', async () => {
    const prepaid = file('prepaid-chart.json', {
      solicitud: credit,
      options: { prepayments: [{ period: 12, amount: '80000.00', mode: 'reduceTerm' }] },
    });
    const run = await cli(['chart', CREDIT, prepaid, '--kind', 'balance', '--label', 'sin prepago', '--label', 'con prepago']);
    expect(run.status).toBe(0);
    expect(series(run.stdout)).toEqual(['axis-left', 'axis-bottom', 'series-0', 'series-1', 'legend']);
    expect(run.stdout).toContain('>con prepago</text>');
    expect(run.stdout).toContain('<title>sin prepago: número 36, 0.00</title>');
    const schedule = await cli(['chart', CREDIT, '--kind', 'schedule']);
    expect(series(schedule.stdout)).toContain('series-capital');
  });

  it('grid --chart plots a result against the first varied field, one line per value of the second', async () => {
    const path = join(dir, 'grid-chart.svg');
    const run = await cli(['grid', CREDIT, '--vary', 'tasa=10:14:1', '--vary', 'plazo=24,36,48', '--chart', path, '--chart-y', 'cat']);
    expect(run.status).toBe(0);
    const svg = readFileSync(path, 'utf8');
    expect(series(svg)).toEqual(['axis-left', 'axis-bottom', 'series-0', 'series-1', 'series-2', 'legend']);
    const q = quoteCredit({ ...credit, tasa: '12.00', plazo: 36 });
    expect(svg).toContain(`<title>plazo 36: tasa 12.00, ${q.cat}</title>`);
    clean(
      await cli(['grid', CREDIT, '--vary', 'tasa=10,11', '--vary', 'plazo=24,36', '--vary', 'comisiones=1,2', '--chart', path]),
      2,
      '--chart',
    );
    const pooled = await cli(['grid', CREDIT, '--vary', 'tasa=10,11', '--chart', path, '--workers', '2']);
    clean(pooled, 2, '--chart', '--workers');
    expect(pooled.stdout).toBe('');
  });
});

describe('the built binary, every command and format', () => {
  it('runs each command, in every format, as a real process', async () => {
    const runs: [string[], (stdout: string) => void][] = [
      [['credit', CREDIT, '--format', 'csv'], (o) => expect(parseCsv(o)).toHaveLength(37)],
      [
        ['policy', POLICY, '--format', 'json', '--fecha-inicio', '2026-02-01'],
        (o) => expect(JSON.parse(o).listaSeguroAuto).toHaveLength(9),
      ],
      [['batch', PORTFOLIO, '--id', 'id', '--format', 'jsonl'], (o) => expect(o.trim().split('\n')).toHaveLength(8)],
      [['batch', PORTFOLIO, '--id', 'id', '--format', 'table'], (o) => expect(o.split('\n')[0]).toMatch(/^ linea\s+id\s+montoSolicitado/)],
      [
        ['grid', CREDIT, '--vary', 'plazo=12,24', '--format', 'jsonl'],
        (o) => expect(JSON.parse(o.split('\n')[1] as string).scenario).toEqual({ plazo: 24 }),
      ],
      [
        ['compare', CREDIT, 'examples/autoestrene-seguro.json'],
        (o) => expect(o.split('\n')[0]).toBe('Ofertas ordenadas por cat, de la mejor a la peor (Δ: la diferencia con la mejor)'),
      ],
      [['afford', CREDIT, '--income', '30000', '--share', '30', '--format', 'csv'], (o) => expect(parseCsv(o)[1]?.[6]).toBe('9000.00')],
      [['solve', CREDIT, '--unknown', 'plazo', '--target', 'pagoMensual=9000'], (o) => expect(o.startsWith('plazo = ')).toBe(true)],
      [['chart', CREDIT, CREDIT, '--kind', 'balance'], (o) => expect(parseXml(o).name).toBe('svg')],
    ];
    for (const [args, check] of runs) {
      const run = spawnCli(args);
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(run.stderr).toBe('');
      check(run.stdout);
    }
    // Every text format of every command: the process prints what main prints in-process.
    const formats: [string[], string[]][] = [
      [
        ['credit', CREDIT],
        ['table', 'csv', 'json'],
      ],
      [
        ['policy', POLICY, '--fecha-inicio', '2026-02-01'],
        ['table', 'csv', 'json'],
      ],
      [
        ['batch', PORTFOLIO, '--id', 'id'],
        ['csv', 'jsonl', 'table'],
      ],
      [
        ['grid', CREDIT, '--vary', 'plazo=12,24,0'],
        ['csv', 'table', 'json', 'jsonl'],
      ],
      [
        ['compare', CREDIT, 'examples/autoestrene-prepago.json'],
        ['table', 'csv', 'json'],
      ],
      [
        ['solve', CREDIT, '--unknown', 'montoSolicitado', '--target', 'pagoMensual=8000'],
        ['table', 'csv', 'json'],
      ],
    ];
    for (const [args, list] of formats) {
      for (const format of list) {
        const run = spawnCli([...args, '--format', format]);
        expect(run.status, `${args.join(' ')} --format ${format}: ${run.stderr}`).toBe(0);
        expect(run.stdout).toBe((await cli([...args, '--format', format])).stdout);
      }
    }
    expect(parseXml(spawnCli(['chart', CREDIT, '--kind', 'schedule']).stdout).name).toBe('svg');
    for (const command of ['credit', 'policy', 'grid', 'batch']) {
      const out = join(dir, `${command}-binary.xlsx`);
      const args =
        command === 'credit'
          ? [CREDIT]
          : command === 'policy'
            ? [POLICY, '--fecha-inicio', '2026-02-01']
            : command === 'grid'
              ? [CREDIT, '--vary', 'plazo=12,24']
              : [PORTFOLIO, '--id', 'id'];
      const run = spawnCli([command, ...args, '--format', 'xlsx', '--out', out]);
      expect(run.status, run.stderr).toBe(0);
      expect(workbook(out).SheetNames.length).toBeGreaterThan(0);
    }
  });
});

describe('batch input parsers', () => {
  it('split anywhere, a stream of chunks reads the same records', () => {
    const csvText = 'a,b\r\n"x ""y""",2\r\n\r\n"multi\nline",3\n4,5';
    const jsonText = '[ {"a": "]\\"[" }, 12, "s", {"b": [1, {"c": 2}]} ]';
    const csvRecords: InputRecord[] = [
      { line: 1, value: ['a', 'b'] },
      { line: 2, value: ['x "y"', '2'] },
      { line: 4, value: ['multi\nline', '3'] },
      { line: 6, value: ['4', '5'] },
    ];
    const jsonRecords: InputRecord[] = [
      { line: 1, value: { a: ']"[' } },
      { line: 1, value: 12 },
      { line: 1, value: 's' },
      { line: 1, value: { b: [1, { c: 2 }] } },
    ];
    for (const [text, make, expected] of [
      [csvText, csvParser, csvRecords],
      [jsonText, jsonArrayParser, jsonRecords],
    ] as const) {
      const whole: InputRecord[] = [];
      const p = make('x', (r) => whole.push(r));
      p.push(text);
      p.end();
      expect(whole).toEqual(expected);
      for (let size = 1; size <= 7; size++) {
        const pieces: InputRecord[] = [];
        const q = make('x', (r) => pieces.push(r));
        for (let i = 0; i < text.length; i += size) q.push(text.slice(i, i + size));
        q.end();
        expect(pieces).toEqual(whole);
      }
    }
  });
});
