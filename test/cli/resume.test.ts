/**
 * Stopping and resuming (issue 21, item 14): SIGINT and SIGTERM stop a run cleanly and say how far
 * it got; a batch keeps its partial (`OUT.partial`) and `--resume` continues it from the last
 * complete record, so the resumed output is the uninterrupted one byte for byte; after SIGKILL
 * the partial is whatever was written, perhaps a torn last record, and `--resume` finds it by its
 * name and cuts the tear. Other outputs' temporary files are removed on a signal.
 *
 * Signals are sent two ways: to a real process (the bundle), and in-process through the
 * context's signal seam (`CliContext.onSignal`), fired from inside a write so where the run stops
 * is exact.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CliContext, OutputFs, StopSignal } from '../../src/cli/context.js';
import { openFileOutput } from '../../src/cli/outputFile.js';
import { CliRun } from '../../src/cli/runScope.js';
import { parseCsv } from '../analysis/parsers.js';
import { cli, hasStackTrace, tempDir, type Run } from './helpers.js';

const CREDIT = 'examples/autoestrene.json';
let dir = '';
/** A portfolio of 30,000 records (some rejected), and its uninterrupted outputs. */
let big = '';
const whole: Record<'csv' | 'jsonl', string> = { csv: '', jsonl: '' };

beforeAll(async () => {
  dir = tempDir();
  const lines = ['id,fechaApertura,montoSolicitado,valorFactura,tasa,plazo,comisiones,importeCatSegVida'];
  for (let i = 0; i < 30_000; i++) {
    const price = 300_000 + (i % 997) * 250;
    const plazo = i % 101 === 0 ? 0 : [12, 24, 36, 48, 60][i % 5];
    lines.push(`R-${i},2026-01-31,${(price * 0.8).toFixed(2)},${price.toFixed(2)},${(9 + (i % 90) / 10).toFixed(2)},${plazo},2.00,2800.00`);
  }
  big = join(dir, 'cartera-grande.csv');
  fs.writeFileSync(big, `${lines.join('\r\n')}\r\n`);
  whole.csv = (await cli(['batch', big, '--id', 'id'])).stdout;
  whole.jsonl = (await cli(['batch', big, '--id', 'id', '--format', 'jsonl'])).stdout;
});

/** A signal seam for an in-process run, and a file system that fires it from inside its `at`-th write. */
function signalAt(signal: StopSignal, at: number): Partial<CliContext> {
  let listener: ((s: StopSignal) => void) | undefined;
  let writes = 0;
  const files: OutputFs = {
    ...fs,
    writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
      const n = (fs.writeSync as (...a: unknown[]) => number)(...args);
      if (++writes === at) listener?.(signal);
      return n;
    }) as typeof fs.writeSync,
  };
  return {
    files,
    onSignal: (l) => {
      listener = l;
      return () => {
        listener = undefined;
      };
    },
  };
}

/** The partial kept beside `out` (`OUT.<key>.partial`), if one is. */
function partialOf(out: string): string | undefined {
  const base = `${basename(out)}.`;
  const found = fs.readdirSync(dirname(out)).filter((f) => f.startsWith(base) && f.endsWith('.partial'));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0] === undefined ? undefined : join(dirname(out), found[0]);
}

/** The partial a run of `args` writes, as a `--resume` without one names it (the run then completes). */
async function partialName(args: readonly string[]): Promise<string> {
  const run = await cli([...args, '--resume']);
  expect(run.status, run.stderr).toBe(0);
  return /no hay parcial (.*): se empieza/.exec(run.stderr)?.[1] as string;
}

/** The records of a CSV or JSON lines output (the CSV's header excluded). */
function records(text: string, format: 'csv' | 'jsonl'): number {
  return format === 'csv' ? parseCsv(text).length - 1 : text.split('\n').length - 1;
}

describe('a signal stops a batch, which keeps its partial; --resume continues it', () => {
  for (const [format, signal, code] of [
    ['csv', 'SIGINT', 130],
    ['jsonl', 'SIGTERM', 143],
  ] as const) {
    it(`${format}, ${signal}: exit ${code}, how far it got, the partial's records whole, and the resumed output is the whole one`, async () => {
      const out = join(dir, `senal.${format}`);
      const args = ['batch', big, '--id', 'id', '--format', format, '--out', out];
      const stopped = await cli(args, undefined, { context: signalAt(signal, 3) });
      expect(stopped.status, stopped.stderr).toBe(code);
      const partial = partialOf(out) as string;
      expect(partial).toMatch(new RegExp(`/senal\\.${format}\\.[0-9a-f]{8}\\.partial$`));
      const kept = fs.readFileSync(partial, 'utf8');
      const done = records(kept, format);
      expect(done).toBeGreaterThan(0);
      expect(stopped.stderr).toBe(
        `cotizador: interrumpido por ${signal} tras ${done} de 30000 registros; el parcial queda en ${partial}: continúe con --resume\n`,
      );
      // Whole records only, each the uninterrupted run's.
      expect(whole[format].startsWith(kept)).toBe(true);
      expect(kept.endsWith('\n')).toBe(true);
      expect(fs.existsSync(out)).toBe(false);
      const resumed = await cli([...args, '--resume']);
      expect(resumed.status, resumed.stderr).toBe(0);
      const last =
        format === 'csv' ? Number(parseCsv(kept).at(-1)?.[0]) : (JSON.parse(kept.trim().split('\n').at(-1) as string).linea as number);
      expect(resumed.stderr).toBe(`cotizador: se continúa ${partial} tras ${done} registros (línea ${last})\n`);
      expect(fs.readFileSync(out, 'utf8')).toBe(whole[format]);
      expect(fs.existsSync(partial)).toBe(false);
    });
  }

  it('a shard with a BOM resumes into its own part; a run with other options never continues it', async () => {
    const args = ['batch', big, '--id', 'id', '--shard', '2/3', '--bom', '--lang', 'en'];
    const part = (await cli(args)).stdout;
    const out = join(dir, 'parte-2.csv');
    const stopped = await cli([...args, '--out', out], undefined, { context: signalAt('SIGTERM', 2) });
    expect(stopped.status).toBe(143);
    const partial = partialOf(out) as string;
    expect(stopped.stderr).toMatch(/^cotizador: interrupted by SIGTERM after \d+ of 10000 records; the partial is kept at /);
    expect(stopped.stderr.endsWith(`the partial is kept at ${partial}: continue with --resume\n`)).toBe(true);
    const kept = fs.readFileSync(partial);
    // The messages of rejected records would be Spanish, or the cells raw, or the part another: refused.
    for (const other of [args.slice(0, -2), [...args, '--raw'], [...args.slice(0, 5), '3/3', ...args.slice(6)]]) {
      const refused = await cli([...other, '--out', out, '--resume']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`${partial} `);
      expect(refused.stderr).toMatch(
        /es de una corrida con otras opciones, otra entrada u otra versión|it is from a run with other options/,
      );
      expect(fs.readFileSync(partial)).toEqual(kept);
      expect(fs.existsSync(out)).toBe(false);
    }
    expect((await cli([...args, '--out', out, '--resume'])).status).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(part);
  });

  it('an xlsx or table batch cannot resume: its temporary file is removed, the previous file left as it was', async () => {
    const out = join(dir, 'senal.xlsx');
    fs.writeFileSync(out, 'anterior');
    const stopped = await cli(['batch', big, '--id', 'id', '--format', 'xlsx', '--out', out], undefined, {
      context: signalAt('SIGINT', 2),
    });
    expect(stopped.status).toBe(130);
    expect(stopped.stderr).toMatch(
      new RegExp(`^cotizador: interrumpido por SIGINT tras \\d+ de 30000 registros; ${out} quedó como estaba\\n$`),
    );
    expect(fs.readFileSync(out, 'utf8')).toBe('anterior');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.senal.xlsx'))).toEqual([]);
    for (const format of ['xlsx', 'table']) {
      const run = await cli(['batch', big, '--id', 'id', '--format', format, '--out', out, '--resume']);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`--resume no se puede usar con --format ${format}`);
    }
    expect((await cli(['batch', big, '--id', 'id', '--resume'])).stderr).toContain('--resume no se puede usar con stdout');
  });
});

describe('a grid stops on a signal', () => {
  it('SIGTERM: exit 143, scenarios done of the total, the temporary file removed, the previous file as it was', async () => {
    const out = join(dir, 'cuadricula.csv');
    fs.writeFileSync(out, 'anterior');
    const args = ['grid', CREDIT, '--vary', 'plazo=12:72:1', '--vary', 'tasa=8:20:0.05', '--out', out];
    const stopped = await cli(args, undefined, { context: signalAt('SIGTERM', 1) });
    expect(stopped.status).toBe(143);
    expect(stopped.stderr).toMatch(
      new RegExp(`^cotizador: interrumpido por SIGTERM tras \\d+ de ${61 * 241} escenarios; ${out} quedó como estaba\\n$`),
    );
    expect(fs.readFileSync(out, 'utf8')).toBe('anterior');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.cuadricula'))).toEqual([]);
  });

  it('a second signal ends the process at once, its temporary files removed', () => {
    let listener: ((s: StopSignal) => void) | undefined;
    const exits: number[] = [];
    let stderr = '';
    const context = {
      stdout: process.stdout,
      stderr: { write: (text: string) => (stderr += text) },
      workerScript: () => '',
      debug: false,
      onSignal: (l: (s: StopSignal) => void) => {
        listener = l;
        return () => {};
      },
      exit: (code: number) => void exits.push(code),
    } as unknown as CliContext;
    const run = new CliRun('grid', context);
    const target = join(dir, 'dos-senales.csv');
    const out = openFileOutput(target, run, fs);
    void out.write('a\r\n');
    listener?.('SIGINT');
    expect(exits).toEqual([]);
    expect(() => run.checkStop()).toThrow();
    listener?.('SIGINT');
    expect(exits).toEqual([130]);
    expect(stderr).toBe(`cotizador: interrumpido por SIGINT; ${target} quedó como estaba\n`);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.dos-senales'))).toEqual([]);
  });
});

describe('--resume after a torn write (what SIGKILL can leave)', () => {
  it('cuts the partial back to its last complete record wherever it was torn, header included', async () => {
    // A record whose id holds a line break, quoted in CSV: a line feed inside quotes ends nothing.
    const portfolio = join(dir, 'saltos.jsonl');
    const a = JSON.parse(fs.readFileSync(CREDIT, 'utf8')).solicitud as Record<string, unknown>;
    fs.writeFileSync(
      portfolio,
      `${[0, 1, 2, 3].map((i) => JSON.stringify({ id: i === 2 ? 'dos\r\nlíneas, "comillas"' : `id-${i}`, ...a, plazo: 12 * (i + 1) })).join('\n')}\n`,
    );
    const args = ['batch', portfolio, '--id', 'id', '--bom'];
    const full = Buffer.from((await cli(args)).stdout);
    const out = join(dir, 'saltos.csv');
    const partial = await partialName([...args, '--out', out]);
    const inside = full.indexOf('dos\r\n') + 4;
    // Every cut: inside the header, after a CR before its LF, inside a quoted line break, mid-character.
    for (const cut of [
      0,
      5,
      full.indexOf('\r\n') + 1,
      inside,
      inside + 1,
      full.indexOf('í'),
      full.indexOf('í') + 1,
      full.length - 1,
      full.length,
    ]) {
      fs.writeFileSync(partial, full.subarray(0, cut));
      const run = await cli([...args, '--out', out, '--resume']);
      expect(run.status, `${cut}: ${run.stderr}`).toBe(0);
      expect(fs.readFileSync(out), `cut at ${cut}`).toEqual(full);
    }
  });

  it("refuses a partial that is not this run's: another header, other records, more records than the input", async () => {
    const out = join(dir, 'ajeno.csv');
    const expectRefused = async (args: string[], partial: string, why: string): Promise<void> => {
      const before = fs.readFileSync(partial);
      const run: Run = await cli([...args, '--out', out, '--resume']);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`cotizador: ${partial} no es de esta corrida (${why}); bórrelo o corra sin --resume\n`);
      expect(hasStackTrace(run.stderr)).toBe(false);
      expect(fs.readFileSync(partial)).toEqual(before);
      expect(fs.existsSync(out)).toBe(false);
      fs.rmSync(partial);
    };
    // A portfolio of 300 records: each partialName run quotes it whole.
    const small = join(dir, 'cartera-300.csv');
    fs.writeFileSync(small, `${fs.readFileSync(big, 'utf8').split('\r\n').slice(0, 301).join('\r\n')}\r\n`);
    const wholeSmall = (await cli(['batch', small, '--id', 'id'])).stdout;
    const args = ['batch', small, '--id', 'id'];
    let partial = await partialName([...args, '--out', out]);
    fs.rmSync(out);
    fs.writeFileSync(partial, `\uFEFF${wholeSmall.slice(0, 5000)}`);
    await expectRefused(args, partial, 'su encabezado es otro');
    const jsonl = [...args, '--format', 'jsonl'];
    partial = await partialName([...jsonl, '--out', out]);
    fs.rmSync(out);
    fs.writeFileSync(partial, wholeSmall.slice(wholeSmall.indexOf('\n') + 1, 5000));
    await expectRefused(jsonl, partial, 'un registro no empieza con su línea');
    // Another portfolio: the same header, records on other lines (a blank line every two).
    const other = join(dir, 'otra.csv');
    fs.writeFileSync(
      other,
      `id,fechaApertura,montoSolicitado,valorFactura,tasa,plazo\n${'X,2026-01-31,1,2,3,12\n\nY,2026-01-31,1,2,3,12\n'.repeat(40)}`,
    );
    partial = await partialName(['batch', other, '--id', 'id', '--out', out]);
    fs.rmSync(out);
    const first = wholeSmall.indexOf('\r\n') + 2;
    const lines = wholeSmall.slice(first).split('\r\n');
    fs.writeFileSync(
      partial,
      wholeSmall.slice(0, first) +
        lines
          .slice(0, 30)
          .map((l) => `${l}\r\n`)
          .join(''),
    );
    await expectRefused(['batch', other, '--id', 'id'], partial, 'su último registro es de la línea 31 y la entrada tiene ahí la línea 46');
    const half = [...args, '--shard', '1/2'];
    partial = await partialName([...half, '--out', out]);
    fs.rmSync(out);
    fs.writeFileSync(partial, wholeSmall);
    await expectRefused(half, partial, 'tiene 300 registros y la entrada 150');
  });

  it('without a partial, --resume starts from the first record; without --resume, a stale partial is discarded', async () => {
    const out = join(dir, 'nuevo.csv');
    const partial = await partialName(['batch', big, '--id', 'id', '--out', out]);
    expect(partial).toMatch(/\/nuevo\.csv\.[0-9a-f]{8}\.partial$/);
    expect(fs.readFileSync(out, 'utf8')).toBe(whole.csv);
    fs.writeFileSync(partial, 'basura');
    const again = await cli(['batch', big, '--id', 'id', '--out', out]);
    expect(again.stderr).toBe(`cotizador: se descarta el parcial ${partial} de una corrida anterior (--resume lo habría continuado)\n`);
    expect(fs.readFileSync(out, 'utf8')).toBe(whole.csv);
    expect(partialOf(out)).toBeUndefined();
  });
});

/** Starts the bundled CLI, waits until the partial of `out` has bytes, sends `signal`, and waits for the exit. */
async function killMidway(
  args: readonly string[],
  out: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(process.execPath, [inject('cliBundle'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  for (let tries = 0; tries < 6000; tries++) {
    const base = `${basename(out)}.`;
    const file = fs.readdirSync(dirname(out)).find((f) => f.startsWith(base) && f.endsWith('.partial'));
    if (file !== undefined && fs.statSync(join(dirname(out), file)).size > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill(signal);
  const status = await exited;
  await new Promise((resolve) => setImmediate(resolve));
  return { ...status, stderr };
}

describe('a real process, killed midway', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal}: the process says how far it got, keeps its partial, and --resume completes it byte for byte`, async () => {
      const out = join(dir, `proceso-${signal}.csv`);
      const ended = await killMidway(['batch', big, '--id', 'id', '--out', out], out, signal);
      expect(ended.code, ended.stderr).toBe(code);
      const partial = partialOf(out) as string;
      const done = Number(/tras (\d+) de/.exec(ended.stderr)?.[1]);
      expect(done).toBeGreaterThan(0);
      expect(ended.stderr).toBe(
        `cotizador: interrumpido por ${signal} tras ${done} de 30000 registros; el parcial queda en ${partial}: continúe con --resume\n`,
      );
      expect(records(fs.readFileSync(partial, 'utf8'), 'csv')).toBe(done);
      expect(fs.existsSync(out)).toBe(false);
      expect((await cli(['batch', big, '--id', 'id', '--out', out, '--resume'])).status).toBe(0);
      expect(fs.readFileSync(out, 'utf8')).toBe(whole.csv);
    });
  }

  it('SIGKILL: nothing at the final path, the partial left as written, and --resume finds it by its name', async () => {
    const out = join(dir, 'proceso-kill.jsonl');
    const ended = await killMidway(['batch', big, '--id', 'id', '--format', 'jsonl', '--out', out], out, 'SIGKILL');
    expect(ended.signal).toBe('SIGKILL');
    expect(fs.existsSync(out)).toBe(false);
    const kept = fs.readFileSync(partialOf(out) as string, 'utf8');
    expect(whole.jsonl.startsWith(kept.slice(0, kept.lastIndexOf('\n') + 1))).toBe(true);
    const resumed = await cli(['batch', big, '--id', 'id', '--format', 'jsonl', '--out', out, '--resume']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(whole.jsonl);
  });

  it('SIGKILL of an xlsx batch: the previous file as it was, and only its hidden temporary file beside it', async () => {
    const sub = join(dir, 'kill-xlsx');
    fs.mkdirSync(sub);
    const out = join(sub, 'cartera.xlsx');
    fs.writeFileSync(out, 'anterior');
    const child = spawn(process.execPath, [inject('cliBundle'), 'batch', big, '--id', 'id', '--format', 'xlsx', '--out', out], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    for (let tries = 0; tries < 6000; tries++) {
      const temp = fs.readdirSync(sub).find((f) => f.endsWith('.tmp'));
      if (temp !== undefined && fs.statSync(join(sub, temp)).size > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    await exited;
    expect(fs.readFileSync(out, 'utf8')).toBe('anterior');
    expect(fs.readdirSync(sub).sort()).toEqual(
      ['cartera.xlsx', expect.stringMatching(new RegExp(`^\\.cartera\\.xlsx\\.${child.pid}\\.[0-9a-f]{8}\\.tmp$`))].sort(),
    );
  });
});
