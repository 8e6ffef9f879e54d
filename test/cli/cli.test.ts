import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { quotePolicy, type PolicyRequest } from '../../src/entry/insurance.js';
import { CREDIT_ROW_COLUMNS, RECEIPT_COLUMNS } from '../../src/entry/analysis.js';
import { parseCsv, parseXml, walk } from '../analysis/parsers.js';
import { cli, ensureBuilt, hasStackTrace, tempDir } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
const POLICY = 'examples/segautovendor.json';
const credit = (JSON.parse(readFileSync(CREDIT, 'utf8')) as { solicitud: CreditRequest }).solicitud;
const policy = (JSON.parse(readFileSync(POLICY, 'utf8')) as { solicitud: PolicyRequest }).solicitud;
let dir = '';

beforeAll(() => {
  ensureBuilt();
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
  it('has --help on every command', () => {
    const root = cli(['--help']);
    expect(root.status).toBe(0);
    for (const command of ['credit', 'policy', 'grid', 'chart']) {
      expect(root.stdout).toContain(command);
      const run = cli([command, '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`Usage: cotizador ${command}`);
    }
    expect(cli(['help', 'grid']).stdout).toContain('--vary');
    const bare = cli([]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Usage: cotizador <command>');
  });

  it('rejects unknown commands and options with a usage error', () => {
    expectCleanFailure(cli(['frobnicate']), "unknown command 'frobnicate'");
    const bad = cli(['credit', CREDIT, '--colour']);
    expectCleanFailure(bad, '--colour');
    expect(bad.status).toBe(2);
    expectCleanFailure(cli(['credit', CREDIT, '--format', 'xml']), '--format', 'table, csv, json');
    expectCleanFailure(cli(['credit']), 'missing FILE');
  });
});

describe('credit', () => {
  const expected = quoteCredit(credit);

  it('table: the summary, the aligned table and the CAT', () => {
    const run = cli(['credit', CREDIT]);
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
    expect(rows).toHaveLength(expected.plazo);
    // Aligned: every table line has the same length.
    expect(new Set(rows.map((l) => l.length)).size).toBe(1);
    expect(rows.at(-1)).toMatch(/\s0\.00$/);
  });

  it('csv: a header and one RFC 4180 line per registro', () => {
    const run = cli(['credit', CREDIT, '--format', 'csv']);
    expect(run.status).toBe(0);
    const [header, ...lines] = parseCsv(run.stdout);
    expect(header).toEqual([...CREDIT_ROW_COLUMNS]);
    expect(lines).toEqual(expected.registros.map((r) => CREDIT_ROW_COLUMNS.map((c) => String(r[c]))));
  });

  it('json: exactly what quoteCredit returns', () => {
    const run = cli(['credit', CREDIT, '--format', 'json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('a bare solicitud without generaTablaPagos still shows the table (and json stays as given)', () => {
    const { generaTablaPagos: _omit, ...bare } = credit;
    const file = bodyFile('bare.json', bare);
    expect(parseCsv(cli(['credit', file, '--format', 'csv']).stdout)).toHaveLength(1 + credit.plazo);
    expect(JSON.parse(cli(['credit', file, '--format', 'json']).stdout).registros).toEqual([]);
    const stdin = cli(['credit', '-', '--format', 'json'], JSON.stringify({ solicitud: bare }));
    expect(JSON.parse(stdin.stdout).pagoMensual).toBe(expected.pagoMensual);
  });

  it('--out writes the file and nothing to stdout', () => {
    const out = join(dir, 'quote.csv');
    const run = cli(['credit', CREDIT, '--format', 'csv', '--out', out]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(parseCsv(readFileSync(out, 'utf8'))).toHaveLength(1 + expected.plazo);
  });

  it('bad input: exit 1, the field named, no stack trace', () => {
    expectCleanFailure(
      cli(['credit', bodyFile('bad.json', { solicitud: { ...credit, montoSolicitado: 'abc' } })]),
      'montoSolicitado',
      'ERRESQ005',
    );
    expectCleanFailure(cli(['credit', bodyFile('plazo.json', { ...credit, plazo: 0 })]), "field 'plazo'", 'ERRESQ004');
    expectCleanFailure(cli(['credit', bodyFile('extra.json', { ...credit, colour: 'red' })]), 'colour', 'ERRESQ003');
    const missing = bodyFile('missing.json', { solicitud: { plazo: 12, valorFactura: '100.00' } });
    expectCleanFailure(cli(['credit', missing]), 'montoSolicitado', 'ERRESQ006');
    expect(cli(['credit', missing]).status).toBe(1);
  });

  it('a missing file, invalid JSON and a non-object are clean failures', () => {
    const missing = cli(['credit', join(dir, 'nope.json')]);
    expectCleanFailure(missing, 'nope.json', 'no such file');
    expect(missing.status).toBe(1);
    expectCleanFailure(cli(['credit', bodyFile('broken.json', '{ "solicitud": ')]), 'broken.json', 'not valid JSON');
    expectCleanFailure(cli(['credit', bodyFile('array.json', [1, 2])]), 'expected a JSON object');
    expectCleanFailure(cli(['credit', bodyFile('inner.json', { solicitud: 'x' })]), "'solicitud'");
    expectCleanFailure(cli(['credit', CREDIT, '--out', join(dir, 'no', 'such', 'dir.txt')]), 'cannot write');
  });
});

describe('policy', () => {
  const expected = quotePolicy(policy, { fechaInicio: '2026-02-01' });

  it('json: exactly what quotePolicy returns', () => {
    const run = cli(['policy', POLICY, '--format', 'json', '--fecha-inicio', '2026-02-01']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('csv: one line per receipt with the offer', () => {
    const run = cli(['policy', POLICY, '--format', 'csv', '--fecha-inicio', '2026-02-01']);
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

  it('table: every offer and receipt', () => {
    const run = cli(['policy', POLICY, '--fecha-inicio', '2026-02-01']);
    expect(run.status).toBe(0);
    for (const offer of expected.listaSeguroAuto) {
      expect(run.stdout).toContain(offer.primaTotal);
      expect(run.stdout).toContain(offer.idCotizacion);
    }
  });

  it('without --fecha-inicio starts today in Mexico City', () => {
    const today = () =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        new Date(),
      );
    const before = today();
    const run = cli(['policy', POLICY, '--format', 'json']);
    const after = today();
    expect(run.status).toBe(0);
    expect([before, after]).toContain(JSON.parse(run.stdout).listaSeguroAuto[0].vigenciaInicial);
  });

  it('bad input names the field', () => {
    expectCleanFailure(
      cli(['policy', bodyFile('p.json', { solicitud: { ...policy, codigoPostal: 'abc' } }), '--fecha-inicio', '2026-02-01']),
      'codigoPostal',
    );
    expectCleanFailure(cli(['policy', POLICY, '--fecha-inicio', '2026-02-30']), 'fechaInicio');
  });
});

describe('grid', () => {
  it('csv: one line per scenario, equal to direct engine calls, errors as rows', () => {
    const run = cli(['grid', CREDIT, '--vary', 'plazo=12,24,0', '--vary', 'tasa=10:11:0.5']);
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

  it('worker threads give the same output as the main thread, in order', () => {
    const args = ['grid', CREDIT, '--vary', 'plazo=12:48:12', '--vary', 'montoSolicitado=250000,280000,349000', '--chunk-size', '2'];
    const single = cli([...args, '--workers', '0']);
    const pooled = cli([...args, '--workers', '2']);
    expect(single.status).toBe(0);
    expect(pooled.status).toBe(0);
    expect(pooled.stdout).toBe(single.stdout);
    for (const format of ['json', 'table'])
      expect(cli([...args, '--workers', '2', '--format', format]).stdout).toBe(cli([...args, '--workers', '0', '--format', format]).stdout);
  });

  it('json and table formats', () => {
    const json = JSON.parse(cli(['grid', CREDIT, '--vary', 'plazo=12,0', '--format', 'json']).stdout);
    expect(json).toHaveLength(2);
    expect(json[0]).toEqual({
      index: 0,
      scenario: { plazo: 12 },
      result: expect.objectContaining({ pagoMensual: quoteCredit({ ...credit, plazo: 12 }).pagoMensual }),
    });
    expect(json[1].error).toMatchObject({ codigoError: 'ERRESQ004', valorIncorrecto: 'plazo' });
    const table = cli(['grid', CREDIT, '--vary', 'plazo=12,24', '--format', 'table']).stdout.split('\n');
    expect(table[0]).toMatch(/^plazo\s+pagoMensual\s+totalPagar\s+importeInteresTotal\s+cat/);
    expect(table[1]).toMatch(/^-+\s+-+/);
    expect(table[2]).toContain(quoteCredit({ ...credit, plazo: 12 }).pagoMensual);
  });

  it('bad variations are usage errors naming the field', () => {
    const unknown = cli(['grid', CREDIT, '--vary', 'colour=1,2']);
    expectCleanFailure(unknown, 'colour');
    expect(unknown.status).toBe(2);
    expectCleanFailure(cli(['grid', CREDIT, '--vary', 'tasa=10:20:0']), 'tasa');
    expectCleanFailure(cli(['grid', CREDIT, '--vary', 'plazo=12', '--vary', 'plazo=24']), 'plazo');
    expectCleanFailure(cli(['grid', CREDIT, '--vary', 'plazo=12', '--workers', 'many']), '--workers');
  });
});

describe('chart', () => {
  it('writes a well-formed SVG with the expected series', () => {
    const out = join(dir, 'chart.svg');
    const run = cli(['chart', 'examples/autoestrene-seguro.json', '--out', out, '--title', 'Sedán <2026> & co']);
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

  it('prints to stdout without --out and fails cleanly on bad input', () => {
    const run = cli(['chart', CREDIT]);
    expect(run.status).toBe(0);
    expect(parseXml(run.stdout).name).toBe('svg');
    expectCleanFailure(cli(['chart', bodyFile('c.json', { ...credit, valorFactura: '-5' })]), 'valorFactura');
    expectCleanFailure(cli(['chart', CREDIT, '--width', 'wide']), '--width');
  });
});
