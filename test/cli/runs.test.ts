/**
 * Runs that never lie about their output (issue 21, item 14): every output file goes through a
 * temporary file beside it, renamed when complete; a full disk, a read-only file system or a
 * refused permission exits 1 and leaves the previous file as it was; an `--out` that is one of
 * the run's inputs is refused; `--workers` is bounded by the cores; a record over the limit is a
 * rejected row. (Signals and `--resume`: `./resume.test.ts`.)
 *
 * A full disk is a real one where the tests run as root (here and in CI): a small tmpfs filled to
 * its last block, and remounted read-only for the read-only case. Elsewhere the same assertions
 * run with the writer's file system replaced by one whose writes fail as a full disk's do
 * (`CliContext.files`, the seam every output is written through).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliContext, OutputFs } from '../../src/cli/context.js';
import { MAX_RECORD_CHARS } from '../../src/cli/batchInput.js';
import { abandonOpenFiles, openFileOutput } from '../../src/cli/outputFile.js';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { parseCsv } from '../analysis/parsers.js';
import { cli, hasStackTrace, tempDir, type Run } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
const CREDIT_SEGURO = 'examples/autoestrene-seguro.json';
const POLICY = 'examples/segautovendor.json';
const PORTFOLIO = 'examples/cartera.csv';
const credit = (JSON.parse(fs.readFileSync(CREDIT, 'utf8')) as { solicitud: CreditRequest }).solicitud;
const ROOT = process.getuid?.() === 0;
const PREVIOUS = 'la corrida anterior\n';

let dir = '';
const mounts: string[] = [];

beforeAll(() => {
  dir = tempDir();
});

afterAll(() => {
  for (const mount of mounts) spawnSync('umount', [mount]);
});

function clean(run: Run, status: number, ...mentions: string[]): void {
  expect(run.status, run.stderr).toBe(status);
  for (const m of mentions) expect(run.stderr).toContain(m);
  expect(hasStackTrace(run.stderr)).toBe(false);
}

/** A small tmpfs of our own (root only); undefined where it cannot be mounted. */
function tmpfs(name: string): string | undefined {
  if (!ROOT) return undefined;
  const path = join(dir, name);
  fs.mkdirSync(path);
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', path]).status !== 0) return undefined;
  mounts.push(path);
  return path;
}

/** Fills a file system to its last byte. */
function fill(path: string): void {
  const fd = fs.openSync(join(path, 'relleno'), 'w');
  const block = Buffer.alloc(4096);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch {
    try {
      for (;;) fs.writeSync(fd, block, 0, 1);
    } catch {
      // Full.
    }
  } finally {
    fs.closeSync(fd);
  }
}

const enospc = (): never => {
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
};

/**
 * A directory where every write fails as on a full disk, with the context a run needs there: a
 * filled tmpfs (root), or a plain directory and a file system whose writes fail (the seam).
 */
function fullDisk(name: string, prepare: (path: string) => void): { path: string; context: Partial<CliContext>; real: boolean } {
  const mounted = tmpfs(name);
  if (mounted !== undefined) {
    prepare(mounted);
    fill(mounted);
    return { path: mounted, context: {}, real: true };
  }
  const path = join(dir, name);
  fs.mkdirSync(path);
  prepare(path);
  // Writes to the files opened in this directory fail; every other write (a device's) goes through.
  const full = new Set<number>();
  const files: OutputFs = {
    ...fs,
    openSync: ((file: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode | null) => {
      const fd = fs.openSync(file, flags, mode);
      if (String(file).startsWith(path)) full.add(fd);
      return fd;
    }) as typeof fs.openSync,
    writeSync: ((fd: number, ...rest: unknown[]) =>
      full.has(fd) ? enospc() : (fs.writeSync as (...a: unknown[]) => number)(fd, ...rest)) as typeof fs.writeSync,
    closeSync: (fd: number) => {
      full.delete(fd);
      fs.closeSync(fd);
    },
  };
  return { path, context: { files }, real: false };
}

/** The node:fs calls an output makes, recorded in order. */
function recordingFs(): { files: OutputFs; calls: string[] } {
  const calls: string[] = [];
  const files: OutputFs = {
    ...fs,
    openSync: ((path: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode | null) => {
      const fd = fs.openSync(path, flags, mode);
      calls.push(`open ${String(path)} ${String(flags)} ${fd}`);
      return fd;
    }) as typeof fs.openSync,
    fsyncSync: (fd: number) => {
      calls.push(`fsync ${fd}`);
      fs.fsyncSync(fd);
    },
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      calls.push(`rename ${String(from)} ${String(to)}`);
      fs.renameSync(from, to);
    },
  };
  return { files, calls };
}

describe('every output goes through a temporary file renamed when complete', () => {
  it('beside the target, hidden and unique, synced to disk before the rename, and gone after', async () => {
    const target = join(dir, 'plan.csv');
    const { files, calls } = recordingFs();
    const run = await cli(['credit', CREDIT, '--format', 'csv', '--out', target], undefined, { context: { files } });
    clean(run, 0);
    expect(fs.readFileSync(target, 'utf8')).toBe((await cli(['credit', CREDIT, '--format', 'csv'])).stdout);
    const open = calls.find((c) => c.startsWith('open ') && c.includes(' wx ')) as string;
    const [, temp, , fd] = open.split(' ') as [string, string, string, string];
    expect(temp.startsWith(join(fs.realpathSync(dir), '.plan.csv.'))).toBe(true);
    expect(temp).toMatch(/\/\.plan\.csv\.\d+\.[0-9a-f]{8}\.tmp$/);
    const sync = calls.indexOf(`fsync ${fd}`);
    const rename = calls.indexOf(`rename ${temp} ${fs.realpathSync(target)}`);
    expect(sync).toBeGreaterThan(calls.indexOf(open));
    expect(rename).toBeGreaterThan(sync);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    // Two runs never share a temporary name.
    const again = recordingFs();
    await cli(['credit', CREDIT, '--format', 'csv', '--out', target], undefined, { context: { files: again.files } });
    expect(again.calls.find((c) => c.startsWith('open ') && c.includes(' wx '))?.split(' ')[1]).not.toBe(temp);
  });

  it('replaces the previous file whole, with its mode; through a symlink, the file it names', async () => {
    const target = join(dir, 'cartera.csv');
    fs.writeFileSync(target, PREVIOUS);
    fs.chmodSync(target, 0o640);
    clean(await cli(['batch', PORTFOLIO, '--id', 'id', '--out', target]), 0);
    expect(fs.statSync(target).mode & 0o777).toBe(0o640);
    expect(fs.readFileSync(target, 'utf8')).toBe((await cli(['batch', PORTFOLIO, '--id', 'id'])).stdout);
    const link = join(dir, 'enlace.svg');
    const real = join(dir, 'real.svg');
    fs.writeFileSync(real, PREVIOUS);
    fs.symlinkSync(real, link);
    clean(await cli(['chart', CREDIT, '--out', link]), 0);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toContain('<svg');
  });

  it('devices are written in place, every write checked: /dev/full fails, /dev/null stays a device', async () => {
    for (const args of [
      ['batch', PORTFOLIO, '--id', 'id', '--format', 'xlsx'],
      ['grid', CREDIT, '--vary', 'plazo=12:60:12', '--format', 'xlsx'],
      ['batch', PORTFOLIO, '--id', 'id', '--format', 'csv'],
    ]) {
      clean(await cli([...args, '--out', '/dev/full']), 1, 'no se puede escribir /dev/full: no queda espacio en el dispositivo');
      clean(await cli([...args, '--out', '/dev/null']), 0);
    }
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('an output left open by a bug is removed when the process exits', () => {
    const target = join(dir, 'abandonado.csv');
    const out = openFileOutput(target, undefined, fs);
    void out.write('a,b\r\n');
    expect(fs.readdirSync(dir).some((f) => f.startsWith('.abandonado.csv.'))).toBe(true);
    abandonOpenFiles();
    expect(fs.readdirSync(dir).some((f) => f.startsWith('.abandonado.csv.'))).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe('a full disk, a read-only file system, a refused permission', () => {
  /** Every command and format that writes a file: [file name, arguments]. */
  const RUNS: readonly (readonly [string, readonly string[]])[] = [
    ['credit.txt', ['credit', CREDIT]],
    ['credit.csv', ['credit', CREDIT, '--format', 'csv']],
    ['credit.json', ['credit', CREDIT, '--format', 'json']],
    ['credit.xlsx', ['credit', CREDIT, '--format', 'xlsx']],
    ['policy.csv', ['policy', POLICY, '--format', 'csv', '--fecha-inicio', '2026-02-01']],
    ['policy.xlsx', ['policy', POLICY, '--format', 'xlsx', '--fecha-inicio', '2026-02-01']],
    ['batch.csv', ['batch', PORTFOLIO, '--id', 'id']],
    ['batch.jsonl', ['batch', PORTFOLIO, '--id', 'id', '--format', 'jsonl']],
    ['batch.xlsx', ['batch', PORTFOLIO, '--id', 'id', '--format', 'xlsx']],
    ['batch.txt', ['batch', PORTFOLIO, '--id', 'id', '--format', 'table']],
    ['grid.csv', ['grid', CREDIT, '--vary', 'plazo=12:60:12']],
    ['grid.xlsx', ['grid', CREDIT, '--vary', 'plazo=12:60:12', '--format', 'xlsx']],
    ['compare.txt', ['compare', CREDIT, CREDIT_SEGURO]],
    ['solve.txt', ['solve', CREDIT, '--unknown', 'montoSolicitado', '--target', 'pagoMensual=8000']],
    ['chart.svg', ['chart', CREDIT]],
  ];

  it('every command and format onto a full disk: exit 1, the previous file as it was, no temporary file left', async () => {
    const disk = fullDisk('lleno', (path) => {
      for (const [name] of RUNS) fs.writeFileSync(join(path, name), PREVIOUS);
    });
    const before = fs.readdirSync(disk.path).sort();
    for (const [name, args] of RUNS) {
      const target = join(disk.path, name);
      const run = await cli([...args, '--out', target], undefined, { context: disk.context });
      clean(run, 1, `no se puede escribir ${target}: no queda espacio en el dispositivo; ${target} quedó como estaba`);
      expect(run.stdout).toBe('');
      expect(fs.readFileSync(target, 'utf8'), name).toBe(PREVIOUS);
      expect(fs.readdirSync(disk.path).sort(), name).toEqual(before);
    }
    // The grid's chart too, in English.
    const chart = join(disk.path, 'chart.svg');
    const run = await cli(['grid', CREDIT, '--vary', 'plazo=12:60:12', '--chart', chart, '--out', '/dev/null', '--lang', 'en'], undefined, {
      context: disk.context,
    });
    clean(run, 1, `cannot write ${chart}: no space left on device; ${chart} left as it was`);
    expect(fs.readFileSync(chart, 'utf8')).toBe(PREVIOUS);
  });

  it('a large xlsx batch onto a full disk stops at its first failed write instead of going on', async () => {
    const lines = ['fechaApertura,montoSolicitado,valorFactura,tasa,plazo'];
    for (let i = 0; i < 20_000; i++) lines.push(`2026-01-31,${240_000 + i}.00,350000.00,12.50,${12 * (1 + (i % 5))}`);
    const portfolio = join(dir, 'grande.csv');
    fs.writeFileSync(portfolio, `${lines.join('\n')}\n`);
    const disk = fullDisk('lleno-xlsx', () => {});
    const target = join(disk.path, 'grande.xlsx');
    clean(
      await cli(['batch', portfolio, '--format', 'xlsx', '--out', target], undefined, { context: disk.context }),
      1,
      'no queda espacio',
    );
    expect(fs.existsSync(target)).toBe(false);
    // The writer stops at the first failure: no write is tried after it.
    let writes = 0;
    let failedAt = -1;
    const files: OutputFs = {
      ...fs,
      writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
        writes++;
        if (writes > 3) {
          failedAt = writes;
          enospc();
        }
        return (fs.writeSync as (...a: unknown[]) => number)(...args);
      }) as typeof fs.writeSync,
    };
    const out = join(dir, 'grande-falla.xlsx');
    clean(await cli(['batch', portfolio, '--format', 'xlsx', '--out', out], undefined, { context: { files } }), 1, 'no queda espacio');
    expect(writes).toBe(failedAt);
    expect(fs.readdirSync(dir).filter((f) => f.includes('grande-falla'))).toEqual([]);
  });

  it('a read-only file system (or a directory the user cannot write) fails before any work, the file as it was', async () => {
    const mounted = tmpfs('solo-lectura');
    let path: string;
    if (mounted !== undefined) {
      fs.writeFileSync(join(mounted, 'grid.csv'), PREVIOUS);
      expect(spawnSync('mount', ['-o', 'remount,ro', mounted]).status).toBe(0);
      path = mounted;
    } else {
      path = join(dir, 'sin-permiso');
      fs.mkdirSync(path);
      fs.writeFileSync(join(path, 'grid.csv'), PREVIOUS);
      fs.chmodSync(path, 0o555);
    }
    const target = join(path, 'grid.csv');
    // 10^6 scenarios: refused before the first is quoted (a grid that ran would print progress and take minutes).
    const run = await cli(['grid', CREDIT, '--vary', 'plazo=1:1000:1', '--vary', 'tasa=1:10.99:0.01', '--out', target, '--progress']);
    clean(run, 1, `no se puede escribir ${target}: ${mounted === undefined ? 'permiso denegado' : 'sistema de archivos de solo lectura'}`);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.readFileSync(target, 'utf8')).toBe(PREVIOUS);
  });

  it('a file the user cannot write is not replaced (though renaming over it would work)', async () => {
    const target = join(dir, 'protegido.csv');
    fs.writeFileSync(target, PREVIOUS);
    fs.chmodSync(target, 0o444);
    // Root may write anything: there the refusal of the system call is what the seam gives.
    const files: OutputFs = ROOT
      ? {
          ...fs,
          accessSync: () => {
            throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
          },
        }
      : fs;
    clean(await cli(['credit', CREDIT, '--out', target], undefined, { context: { files } }), 1, 'permiso denegado', 'quedó como estaba');
    expect(fs.readFileSync(target, 'utf8')).toBe(PREVIOUS);
  });
});

describe('--out naming an input is refused', () => {
  it('batch p.csv --out p.csv, by any path to the same file: exit 2, the input untouched', async () => {
    const input = join(dir, 'p.csv');
    fs.copyFileSync(PORTFOLIO, input);
    const bytes = fs.readFileSync(input);
    const hard = join(dir, 'p-duro.csv');
    const soft = join(dir, 'p-suave.csv');
    fs.linkSync(input, hard);
    fs.symlinkSync(input, soft);
    for (const out of [input, `${dir}/./p.csv`, hard, soft]) {
      const run = await cli(['batch', input, '--id', 'id', '--out', out]);
      clean(run, 2, `--out ${out} es también una entrada de esta corrida (${input})`, "Vea 'cotizador batch --help'.");
      expect(fs.readFileSync(input)).toEqual(bytes);
    }
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('p') && f.endsWith('.partial'))).toEqual([]);
  });

  it('every command, for each of its inputs; a grid writing two outputs to one file', async () => {
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    fs.copyFileSync(CREDIT, a);
    fs.copyFileSync(CREDIT_SEGURO, b);
    const before = [fs.readFileSync(a, 'utf8'), fs.readFileSync(b, 'utf8')];
    for (const args of [
      ['credit', a, '--out', a],
      ['compare', a, b, '--out', b],
      ['solve', a, '--unknown', 'montoSolicitado', '--target', 'pagoMensual=8000', '--out', a],
      ['chart', a, b, '--kind', 'balance', '--out', b],
      ['grid', a, '--vary', 'plazo=12,24', '--chart', a, '--out', '/dev/null'],
    ]) {
      clean(await cli(args), 2, 'es también una entrada de esta corrida');
    }
    expect([fs.readFileSync(a, 'utf8'), fs.readFileSync(b, 'utf8')]).toEqual(before);
    const twice = join(dir, 'dos.svg');
    clean(
      await cli(['grid', a, '--vary', 'plazo=12,24', '--chart', twice, '--out', twice, '--lang', 'en']),
      2,
      `${twice} would be written twice in this run`,
    );
    expect(fs.existsSync(twice)).toBe(false);
    // A file of the same name elsewhere is another file.
    const elsewhere = join(dir, 'otro');
    fs.mkdirSync(elsewhere);
    clean(await cli(['credit', a, '--format', 'json', '--out', join(elsewhere, 'a.json')]), 0);
  });
});

describe('--workers is bounded by the cores', () => {
  it('asks for more threads than cores: one per core, said on stderr, the same output', async () => {
    const cores = availableParallelism();
    const args = ['grid', CREDIT, '--vary', 'plazo=12:60:12', '--vary', 'tasa=10:12:1', '--chunk-size', '2'];
    const run = await cli([...args, '--workers', String(cores + 62)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe(`cotizador: --workers ${cores + 62}: se usan ${cores}, los núcleos de esta máquina\n`);
    expect(run.stdout).toBe((await cli(args)).stdout);
    expect((await cli([...args, '--workers', String(cores)])).stderr).toBe('');
  });
});

describe('a record over the limit is a rejected row, and the run goes on', () => {
  const long = 'x'.repeat(MAX_RECORD_CHARS + 10);
  const a = { ...credit, generaTablaPagos: false };
  const expectRows = (run: Run, lines: number[], longLine: number): void => {
    expect(run.status, run.stderr).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { linea: number; resultado?: { pagoMensual: string }; error?: { codigoError: string; mensaje: string } },
      );
    expect(rows.map((r) => r.linea)).toEqual(lines);
    for (const row of rows) {
      if (row.linea === longLine)
        expect(row.error).toEqual({ codigoError: 'ERRESQ004', mensaje: `El registro pasa de ${MAX_RECORD_CHARS} caracteres: no se lee` });
      else expect(row.resultado?.pagoMensual).toBe(quoteCredit(a).pagoMensual);
    }
  };

  it('CSV (a quoted field, and a line of commas), JSON lines and a JSON array', async () => {
    const header = Object.keys(a).join(',');
    const row = Object.values(a).join(',');
    const csv = join(dir, 'largo.csv');
    fs.writeFileSync(
      csv,
      [header, row, `${row.replace(/,[^,]*$/, '')},"${long}\n${long}"`, row, ','.repeat(MAX_RECORD_CHARS + 1), row, ''].join('\n'),
    );
    const csvRun = await cli(['batch', csv, '--format', 'jsonl']);
    expect(csvRun.status, csvRun.stderr).toBe(0);
    const csvRows = csvRun.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { linea: number; error?: { codigoError: string } });
    expect(csvRows.map((r) => [r.linea, r.error?.codigoError])).toEqual([
      [2, undefined],
      [3, 'ERRESQ004'],
      [5, undefined],
      [6, 'ERRESQ004'],
      [7, undefined],
    ]);
    const jsonl = join(dir, 'largo.jsonl');
    fs.writeFileSync(jsonl, [JSON.stringify(a), JSON.stringify({ ...a, nombreModelo: long }), JSON.stringify(a), ''].join('\n'));
    expectRows(await cli(['batch', jsonl, '--format', 'jsonl']), [1, 2, 3], 2);
    const array = join(dir, 'largo.json');
    fs.writeFileSync(
      array,
      `[\n${JSON.stringify(a)},\n${JSON.stringify({ ...a, nombreModelo: long, x: [{ y: '}' }] })},\n${JSON.stringify(a)}\n]\n`,
    );
    expectRows(await cli(['batch', array, '--format', 'jsonl']), [2, 3, 4], 3);
    // A whole file without a line break is one rejected record, never held whole.
    const flat = join(dir, 'plano.jsonl');
    fs.writeFileSync(flat, long.repeat(3));
    expectRows(await cli(['batch', flat, '--format', 'jsonl']), [1], 1);
  });

  it('in a workbook too', async () => {
    const jsonl = join(dir, 'largo-libro.jsonl');
    fs.writeFileSync(jsonl, [JSON.stringify(a), long].join('\n'));
    const out = join(dir, 'largo.xlsx');
    clean(await cli(['batch', jsonl, '--format', 'xlsx', '--out', out]), 0);
    const sheet = XLSX.read(fs.readFileSync(out)).Sheets.Cartera as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows.map((r) => [r.linea, r.codigoError ?? null])).toEqual([
      [1, null],
      [2, 'ERRESQ004'],
    ]);
  });
});

describe('reading back what is written', () => {
  it('a CSV written to a file parses as the same rows as stdout', async () => {
    const out = join(dir, 'leido.csv');
    clean(await cli(['batch', PORTFOLIO, '--id', 'id', '--out', out]), 0);
    expect(parseCsv(fs.readFileSync(out, 'utf8'))).toEqual(parseCsv((await cli(['batch', PORTFOLIO, '--id', 'id'])).stdout));
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
  });
});
