/**
 * `cotizador batch` in flat memory: the peak resident set (`process.resourceUsage().maxRSS`,
 * read as the child exits) of the built CLI on portfolios of 5,000, 50,000 and 200,000 CSV lines,
 * written as CSV, JSON lines and xlsx. If the batch held its records or its output, the peak
 * would grow with the lines; streaming, it stays where the process's working set settles.
 *
 *   npm run build && npx tsx benchmarks/batchMemory.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = 'dist/cli.js';
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'cotizador-memory-'));
const preload = join(dir, 'rss.cjs');
writeFileSync(preload, "process.on('exit', () => require('node:fs').writeSync(2, 'maxrss ' + process.resourceUsage().maxRSS + '\\n'));");

function portfolio(lines: number): string {
  const path = join(dir, `cartera-${lines}.csv`);
  const out = ['fechaApertura,montoSolicitado,valorFactura,tasa,plazo,comisiones,importeCatSegVida'];
  for (let i = 0; i < lines; i++) {
    const price = 300_000 + (i % 997) * 250;
    out.push(
      `2026-01-31,${(price * 0.8).toFixed(2)},${price.toFixed(2)},${(9 + (i % 90) / 10).toFixed(2)},${[12, 24, 36, 48, 60][i % 5]},2.00,2800.00`,
    );
  }
  writeFileSync(path, `${out.join('\r\n')}\r\n`);
  return path;
}

/** Peak RSS in MiB of one batch run. */
function peak(input: string, format: string): number {
  const out = join(dir, `out.${format}`);
  const run = spawnSync(
    process.execPath,
    ['-r', preload, cli, 'batch', input, '--format', format, '--out', out, '--max-input-bytes', String(1 << 30)],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(/maxrss (\d+)/.exec(run.stderr)?.[1]) / 1024;
}

try {
  console.log(
    `node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `${'lines'.padStart(8)} ${'input MiB'.padStart(10)} ${'csv'.padStart(8)} ${'jsonl'.padStart(8)} ${'xlsx'.padStart(8)}   (peak RSS, MiB)`,
  );
  for (const lines of [5_000, 50_000, 200_000]) {
    const input = portfolio(lines);
    const size = statSync(input).size / 2 ** 20;
    const cells = ['csv', 'jsonl', 'xlsx'].map((f) => peak(input, f).toFixed(1).padStart(8));
    console.log(`${String(lines).padStart(8)} ${size.toFixed(1).padStart(10)} ${cells.join(' ')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
