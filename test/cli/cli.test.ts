import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { quotePolicy, type PolicyRequest } from '../../src/entry/insurance.js';
import { CREDIT_ROW_COLUMNS, RECEIPT_COLUMNS } from '../../src/entry/analysis.js';
import { parseCsv, parseXml, walk } from '../analysis/parsers.js';
import { INSURED_PACKAGE as INSURANCE_INFO, cents } from '../helpers.js';
import { cli, hasStackTrace, spawnCli, tempDir } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
const POLICY = 'examples/segautovendor.json';
const credit = (JSON.parse(readFileSync(CREDIT, 'utf8')) as { solicitud: CreditRequest }).solicitud;
const policy = (JSON.parse(readFileSync(POLICY, 'utf8')) as { solicitud: PolicyRequest }).solicitud;
let dir = '';

beforeAll(() => {
  dir = tempDir();
});

/** Writes a request body to a temporary file and returns its path. */
function bodyFile(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

function expectCleanFailure(run: { status: number | null; stdout: string; stderr: string }, ...mentions: string[]): void {
  expect(run.status).not.toBe(0);
  expect(run.status).not.toBeNull();
  for (const m of mentions) expect(run.stderr).toContain(m);
  expect(hasStackTrace(run.stderr)).toBe(false);
  expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
}

describe('help', () => {
  it('has --help on every command', async () => {
    const root = await cli(['--help']);
    expect(root.status).toBe(0);
    for (const command of ['credit', 'policy', 'batch', 'grid', 'compare', 'afford', 'solve', 'chart']) {
      expect(root.stdout).toContain(command);
      const run = await cli([command, '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`Uso: cotizador ${command}`);
      const en = await cli([command, '--help', '--lang', 'en']);
      expect(en.stdout).toContain(`Usage: cotizador ${command}`);
    }
    expect((await cli(['help', 'grid'])).stdout).toContain('--vary');
    const bare = await cli([]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Uso: cotizador <comando>');
  });

  it('rejects unknown commands and options with a usage error', async () => {
    expectCleanFailure(await cli(['frobnicate']), "comando desconocido 'frobnicate'");
    expectCleanFailure(await cli(['frobnicate', '--lang', 'en']), "unknown command 'frobnicate'");
    const bad = await cli(['credit', CREDIT, '--colour']);
    expectCleanFailure(bad, 'opción desconocida --colour');
    expect(bad.status).toBe(2);
    expectCleanFailure(await cli(['credit', CREDIT, '--format', 'xml']), '--format', 'table, csv, json, xlsx');
    expectCleanFailure(await cli(['credit']), 'falta ARCHIVO');
    expectCleanFailure(await cli(['credit', '--lang', 'en']), 'missing FILE');
    expectCleanFailure(await cli(['credit', '--lang', 'fr']), '--lang');
  });
});

describe('the executable (the bundle, as a real process)', () => {
  it('prints what main prints in-process, byte for byte, and exits 0', async () => {
    const run = spawnCli(['credit', CREDIT]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe((await cli(['credit', CREDIT])).stdout);
  });

  it('exits 2 on usage errors and 1 on bad input, one line on stderr, no stack trace', () => {
    const bare = spawnCli([]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Uso: cotizador <comando>');
    const unknown = spawnCli(['credit', CREDIT, '--colour']);
    expectCleanFailure(unknown, '--colour');
    expect(unknown.status).toBe(2);
    const bad = spawnCli(['credit', bodyFile('exe-bad.json', { solicitud: { ...credit, montoSolicitado: 'abc' } })]);
    expectCleanFailure(bad, 'montoSolicitado', 'ERRESQ005');
    expect(bad.status).toBe(1);
  });

  it('ends quietly with status 0 when the reader closes the pipe (grid | head)', () => {
    const script = `"${process.execPath}" "${inject('cliBundle')}" grid ${CREDIT} --vary plazo=1:600:1 --vary tasa=1:20:1 --workers 0 | head -n 2; exit \${PIPESTATUS[0]}`;
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(run.stdout.split('\n')).toHaveLength(3);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('credit', () => {
  const expected = quoteCredit(credit);

  it('table: the summary, the aligned table and the CAT', async () => {
    const run = await cli(['credit', CREDIT]);
    expect(run.status).toBe(0);
    for (const value of [
      expected.pagoMensual,
      expected.totalPagar,
      expected.importeInteresTotal,
      expected.impIVAInteresTotal,
      `${expected.cat} %`,
    ])
      expect(run.stdout).toContain(value);
    const rows = run.stdout.split('\n').filter((l) => /^\s*\d+\s+\d{4}-\d{2}-\d{2}\s/.test(l));
    // Aligned: every table line has the same length.
    expect(new Set(rows.map((l) => l.length)).size).toBe(1);
    // No commission or insurance in the payments: those columns are left out.
    const shown = [
      'numAmortizacion',
      'fechaAmortizacion',
      'saldoCapital',
      'abonoCapital',
      'interesAmortizacion',
      'ivaAmortizacion',
      'pagoAmortizacion',
      'saldoFin',
    ] as const;
    const table = quoteCredit({ ...credit, generaTablaPagos: true }).registros;
    expect(rows.map((l) => l.trim().split(/\s+/))).toEqual(table.map((r) => shown.map((c) => String(r[c]))));
    const header = run.stdout.split('\n').find((l) => l.trim().startsWith('# '));
    expect(header?.trim().split(/\s+/)).toEqual(['#', 'fecha', 'saldoCapital', 'abonoCapital', 'interes', 'iva', 'pago', 'saldoFin']);
  });

  it('table: the opening charges reconcile importePago with totalPagar, to the cent', async () => {
    const insured = { ...credit, plazo: 48, informacionSeguro: INSURANCE_INFO };
    const files = [
      CREDIT,
      'examples/autoestrene-seguro.json',
      bodyFile('tipo1.json', { solicitud: { ...insured, tipoSeguro: 1 } }),
      bodyFile('tipo2.json', { solicitud: { ...insured, tipoSeguro: 2, importeCatSegDanio: '1500.00' } }),
      bodyFile('nofee.json', { ...credit, comisiones: '0', importeCatSegVida: undefined }),
    ];
    for (const file of files) {
      const run = await cli(['credit', file, '--lang', 'en']);
      expect(run.status).toBe(0);
      const lines = run.stdout.split('\n');
      const first = lines.findIndex((l) => l.includes('sum of payments (importePago)'));
      const last = lines.findIndex((l) => l.includes('= total to pay (totalPagar)'));
      const amount = (line: string) => cents(line.trim().split(/\s+/).at(-1) as string);
      const items = lines.slice(first + 1, last);
      expect(items.every((l) => l.trimStart().startsWith('+ '))).toBe(true);
      expect(items.some((l) => l.includes('opening commission'))).toBe(true);
      expect(items.some((l) => l.includes('VAT on the commission'))).toBe(true);
      const quote = quoteCredit(JSON.parse(readFileSync(file, 'utf8')).solicitud ?? JSON.parse(readFileSync(file, 'utf8')));
      expect(amount(lines[first]!)).toBe(cents(quote.importePago));
      expect(amount(lines[last]!)).toBe(cents(quote.totalPagar));
      expect(items.reduce((sum, l) => sum + amount(l), 0)).toBe(cents(quote.totalPagar) - cents(quote.importePago));
      if (file.endsWith('tipo1.json')) expect(items.some((l) => l.includes('policy premium up front (primaTotal)'))).toBe(true);
    }
  });

  it('csv: a header and one RFC 4180 line per registro', async () => {
    const run = await cli(['credit', CREDIT, '--format', 'csv']);
    expect(run.status).toBe(0);
    const [header, ...lines] = parseCsv(run.stdout);
    expect(header).toEqual([...CREDIT_ROW_COLUMNS]);
    expect(lines).toEqual(expected.registros.map((r) => CREDIT_ROW_COLUMNS.map((c) => String(r[c]))));
  });

  it('json: exactly what quoteCredit returns', async () => {
    const run = await cli(['credit', CREDIT, '--format', 'json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('a bare solicitud without generaTablaPagos still shows the table (and json stays as given)', async () => {
    const { generaTablaPagos: _omit, ...bare } = credit;
    const file = bodyFile('bare.json', bare);
    expect(parseCsv((await cli(['credit', file, '--format', 'csv'])).stdout)).toHaveLength(1 + credit.plazo);
    expect(JSON.parse((await cli(['credit', file, '--format', 'json'])).stdout).registros).toEqual([]);
    const stdin = await cli(['credit', '-', '--format', 'json'], JSON.stringify({ solicitud: bare }));
    expect(JSON.parse(stdin.stdout).pagoMensual).toBe(expected.pagoMensual);
    const piped = spawnCli(['credit', '-', '--format', 'json'], JSON.stringify({ solicitud: bare })); // fd 0 itself
    expect(piped.stdout).toBe(stdin.stdout);
  });

  it('--out writes the file and nothing to stdout', async () => {
    const out = join(dir, 'quote.csv');
    const run = await cli(['credit', CREDIT, '--format', 'csv', '--out', out]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(parseCsv(readFileSync(out, 'utf8'))).toHaveLength(1 + expected.plazo);
  });

  it('bad input: exit 1, the field named, no stack trace', async () => {
    expectCleanFailure(
      await cli(['credit', bodyFile('bad.json', { solicitud: { ...credit, montoSolicitado: 'abc' } })]),
      'montoSolicitado',
      'ERRESQ005',
    );
    expectCleanFailure(await cli(['credit', bodyFile('plazo.json', { ...credit, plazo: 0 })]), "campo 'plazo'", 'ERRESQ004');
    expectCleanFailure(
      await cli(['credit', bodyFile('plazo.json', { ...credit, plazo: 0 }), '--lang', 'en']),
      "field 'plazo': ERRESQ004 The term must have at least one payment",
    );
    expectCleanFailure(await cli(['credit', bodyFile('extra.json', { ...credit, colour: 'red' })]), 'colour', 'ERRESQ003');
    const missing = bodyFile('missing.json', { solicitud: { plazo: 12, valorFactura: '100.00' } });
    expectCleanFailure(await cli(['credit', missing]), 'montoSolicitado', 'ERRESQ006');
    expect((await cli(['credit', missing])).status).toBe(1);
  });

  it('a missing file, invalid JSON and a non-object are clean failures', async () => {
    const missing = await cli(['credit', join(dir, 'nope.json')]);
    expectCleanFailure(missing, 'nope.json', 'no existe');
    expect(missing.status).toBe(1);
    expectCleanFailure(await cli(['credit', join(dir, 'nope.json'), '--lang', 'en']), 'cannot read', 'no such file');
    expectCleanFailure(
      await cli(['credit', bodyFile('broken.json', '{ "solicitud": ')]),
      'broken.json',
      'JSON no válido en la línea 1, columna 16',
    );
    expectCleanFailure(await cli(['credit', bodyFile('array.json', [1, 2])]), 'se esperaba un objeto JSON');
    expectCleanFailure(await cli(['credit', bodyFile('inner.json', { solicitud: 'x' })]), "'solicitud'");
    expectCleanFailure(await cli(['credit', CREDIT, '--out', join(dir, 'no', 'such', 'dir.txt')]), 'no se puede escribir');
  });
});

describe('policy', () => {
  const expected = quotePolicy(policy, { fechaInicio: '2026-02-01' });

  it('json: exactly what quotePolicy returns', async () => {
    const run = await cli(['policy', POLICY, '--format', 'json', '--fecha-inicio', '2026-02-01']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('csv: one line per receipt with the offer', async () => {
    const run = await cli(['policy', POLICY, '--format', 'csv', '--fecha-inicio', '2026-02-01']);
    const [header, ...lines] = parseCsv(run.stdout);
    expect(header).toEqual([...RECEIPT_COLUMNS]);
    expect(lines).toHaveLength(expected.listaSeguroAuto.reduce((n, o) => n + o.listaRecibos.length, 0));
    expect(lines[0]).toEqual([
      expected.listaSeguroAuto[0]?.idAseguradora,
      expected.listaSeguroAuto[0]?.aseguradora,
      expected.listaSeguroAuto[0]?.paquete,
      expected.listaSeguroAuto[0]?.idCotizacion,
      '1',
      '01/02/2026',
      expected.listaSeguroAuto[0]?.listaRecibos[0]?.vigenciaFin,
      expected.listaSeguroAuto[0]?.listaRecibos[0]?.primaTotal,
    ]);
  });

  it("table: every offer, then each offer's receipts under its name", async () => {
    const run = await cli(['policy', POLICY, '--fecha-inicio', '2026-02-01']);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
    const offers = expected.listaSeguroAuto;
    const header = lines.findIndex((l) => /^#\s+idAseguradora\s+aseguradora/.test(l.trim()));
    offers.forEach((o, i) => {
      expect(cells(lines[header + 2 + i])).toEqual([
        String(i + 1),
        o.idAseguradora,
        o.aseguradora,
        o.paquete,
        o.vigenciaInicial,
        o.vigenciaFin,
        o.primaTotal,
        o.seguroGap,
        o.segVida,
        String(o.listaRecibos.length),
      ]);
      const heading = lines.indexOf(`#${i + 1} ${o.aseguradora} / ${o.paquete}  idCotizacion ${o.idCotizacion}`);
      expect(heading, o.idCotizacion).toBeGreaterThan(header);
      expect(lines[heading + 1]).toBe(`    ${o.urlCotizacion}`);
      o.listaRecibos.forEach((r, k) => {
        expect(cells(lines[heading + 4 + k])).toEqual([r.numeroRecibo, r.vigenciaInicial, r.vigenciaFin, r.primaTotal]);
      });
    });
  });

  it('without --fecha-inicio starts today in Mexico City', async () => {
    const today = () =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        new Date(),
      );
    const before = today();
    const run = await cli(['policy', POLICY, '--format', 'json']);
    const after = today();
    expect(run.status).toBe(0);
    expect([before, after]).toContain(JSON.parse(run.stdout).listaSeguroAuto[0].vigenciaInicial);
  });

  it('bad input names the field', async () => {
    expectCleanFailure(
      await cli(['policy', bodyFile('p.json', { solicitud: { ...policy, codigoPostal: 'abc' } }), '--fecha-inicio', '2026-02-01']),
      'codigoPostal',
    );
    expectCleanFailure(await cli(['policy', POLICY, '--fecha-inicio', '2026-02-30']), 'fechaInicio');
  });
});

describe('grid', () => {
  it('csv: one line per scenario, equal to direct engine calls, errors as rows', async () => {
    const run = await cli(['grid', CREDIT, '--vary', 'plazo=12,24,0', '--vary', 'tasa=10:11:0.5']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(''); // no progress bar when stderr is not a terminal
    const [header, ...lines] = parseCsv(run.stdout);
    expect(header).toEqual([
      'plazo',
      'tasa',
      'pagoMensual',
      'totalPagar',
      'importeInteresTotal',
      'cat',
      'codigoError',
      'valorIncorrecto',
      'mensaje',
    ]);
    expect(lines).toHaveLength(9);
    for (const line of lines) {
      const [plazo, tasa, pago, total, interes, cat, code, field] = line;
      if (plazo === '0') {
        expect([pago, code, field]).toEqual(['', 'ERRESQ004', 'plazo']);
        continue;
      }
      const r = quoteCredit({ ...credit, plazo: Number(plazo), tasa: tasa as string });
      expect([pago, total, interes, cat, code]).toEqual([r.pagoMensual, r.totalPagar, r.importeInteresTotal, r.cat, '']);
    }
    expect(lines.map((l) => l[1])).toEqual(['10.00', '10.50', '11.00', '10.00', '10.50', '11.00', '10.00', '10.50', '11.00']);
  });

  it('worker threads (a real process) give the same output as the main thread, in order', async () => {
    const args = ['grid', CREDIT, '--vary', 'plazo=12:48:12', '--vary', 'montoSolicitado=250000,280000,349000', '--chunk-size', '2'];
    for (const format of ['csv', 'json', 'table']) {
      const single = await cli([...args, '--workers', '0', '--format', format]);
      const pooled = spawnCli([...args, '--workers', '2', '--format', format]);
      expect(single.status).toBe(0);
      expect(pooled.status).toBe(0);
      expect(pooled.stderr).toBe('');
      expect(pooled.stdout).toBe(single.stdout);
    }
  });

  it('json and table formats', async () => {
    const json = JSON.parse((await cli(['grid', CREDIT, '--vary', 'plazo=12,0', '--format', 'json'])).stdout);
    expect(json).toHaveLength(2);
    expect(json[0]).toEqual({
      index: 0,
      scenario: { plazo: 12 },
      result: expect.objectContaining({ pagoMensual: quoteCredit({ ...credit, plazo: 12 }).pagoMensual }),
    });
    expect(json[1].error).toMatchObject({ codigoError: 'ERRESQ004', valorIncorrecto: 'plazo' });
    const table = (await cli(['grid', CREDIT, '--vary', 'plazo=12,24,0', '--format', 'table'])).stdout.split('\n');
    expect(table[0]).toMatch(/^plazo\s+pagoMensual\s+totalPagar\s+importeInteresTotal\s+cat\s+codigoError\s+valorIncorrecto\s+mensaje$/);
    expect(table[1]).toMatch(/^-+\s+-+/);
    for (const [i, plazo] of [12, 24].entries()) {
      const q = quoteCredit({ ...credit, plazo });
      expect(table[2 + i]?.trim().split(/\s+/)).toEqual([String(plazo), q.pagoMensual, q.totalPagar, q.importeInteresTotal, q.cat]);
    }
    expect(table[4]?.trim().split(/\s{2,}/)).toEqual(['0', 'ERRESQ004', 'plazo', 'El plazo debe ser de al menos un pago']);
  });

  it('bad variations are usage errors naming the field', async () => {
    const unknown = await cli(['grid', CREDIT, '--vary', 'colour=1,2']);
    expectCleanFailure(unknown, 'colour');
    expect(unknown.status).toBe(2);
    expectCleanFailure(await cli(['grid', CREDIT, '--vary', 'tasa=10:20:0']), 'tasa');
    expectCleanFailure(await cli(['grid', CREDIT, '--vary', 'plazo=12', '--vary', 'plazo=24']), 'plazo');
    expectCleanFailure(await cli(['grid', CREDIT, '--vary', 'plazo=12', '--workers', 'many']), '--workers');
  });
});

describe('chart', () => {
  it('writes a well-formed SVG with the expected series', async () => {
    const out = join(dir, 'chart.svg');
    const run = await cli(['chart', 'examples/autoestrene-seguro.json', '--out', out, '--title', 'Sedán <2026> & co']);
    expect(run.status).toBe(0);
    const root = parseXml(readFileSync(out, 'utf8'));
    const ids = [...walk(root)].filter((e) => e.name === 'g').map((e) => e.attributes.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'series-capital',
        'series-interes',
        'series-iva',
        'series-seguros',
        'series-saldo',
        'legend',
        'axis-left',
        'axis-right',
        'axis-bottom',
      ]),
    );
    expect(root.children[0]?.text).toBe('Sedán <2026> & co');
  });

  it('prints to stdout without --out and fails cleanly on bad input', async () => {
    const run = await cli(['chart', CREDIT]);
    expect(run.status).toBe(0);
    expect(parseXml(run.stdout).name).toBe('svg');
    expectCleanFailure(await cli(['chart', bodyFile('c.json', { ...credit, valorFactura: '-5' })]), 'valorFactura');
    expectCleanFailure(await cli(['chart', CREDIT, '--width', 'wide']), '--width');
  });
});
