/**
 * Grid throughput of the package's CLI (`cotizador grid`), with and without worker threads:
 * scenarios per second for a few grid sizes, best of three runs, process start included (what a
 * user waits for).
 *
 *   npx tsx examples/grid-throughput.ts [--quick]    (in this repository: npm run build first)
 *
 * The figures in docs/cli.md and the CLI's worker threshold come from this script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The CLI the package installs: its manifest's "bin" (what npm links as node_modules/.bin/cotizador).
const manifest = createRequire(import.meta.url).resolve('cotizador/package.json');
const cli = join(dirname(manifest), (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { cotizador: string } }).bin.cotizador);
if (!existsSync(cli)) {
  console.error(`${cli} is missing: in the repository, run \`npm run build\` first`);
  process.exit(1);
}
// The request every grid varies: the solicitud of examples/autoestrene.json.
const dir = mkdtempSync(join(tmpdir(), 'grid-throughput-'));
const request = join(dir, 'autoestrene.json');
writeFileSync(
  request,
  JSON.stringify({
    solicitud: {
      fechaApertura: '2026-01-31',
      montoSolicitado: '280000.00',
      tasa: '13.50',
      plazo: 36,
      periodicidad: 'M',
      iva: 16,
      facturaConIva: 1,
      producto: 'AUTO',
      comisiones: '2.00',
      tipoSeguro: 0,
      valorFactura: '350000.00',
      nombreModelo: 'Sedán 1.6 L 2026',
      montoGarantiaExt: '12000.00',
      creditoGarantiaExt: true,
      importeCatSegVida: '2800.00',
      generaTablaPagos: true,
    },
  }),
);
const quick = process.argv.includes('--quick');
const sizes = quick ? [500, 5000] : [2000, 10000, 25000, 50000, 100000, 200000];
const repeats = quick ? 1 : 3;
const cores = availableParallelism();

/** Wall-clock seconds of one CLI run over `size` scenarios (5 terms × size/5 rates). */
function run(size: number, workers: number): number {
  const rates = size / 5;
  const to = (8 + (rates - 1) * 0.001).toFixed(3);
  const args = [
    cli,
    'grid',
    request,
    '--vary',
    'plazo=12:60:12',
    '--vary',
    `tasa=8:${to}:0.001`,
    '--workers',
    String(workers),
    '--out',
    '/dev/null',
  ];
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (child.status !== 0) throw new Error(`grid failed: ${child.stderr}`);
  return seconds;
}

/** Best wall-clock time of each worker count, runs interleaved so both see the same machine load. */
function best(size: number, counts: readonly number[]): number[] {
  const min = counts.map(() => Infinity);
  for (let i = 0; i < repeats; i++) {
    counts.forEach((w, k) => {
      min[k] = Math.min(min[k] as number, run(size, w));
    });
  }
  return min;
}

console.log(
  `node ${process.version}, ${cores} available core(s), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${'scenarios'.padStart(9)}  ${'workers 0 (/s)'.padStart(15)}  ${`workers ${cores} (/s)`.padStart(15)}  ratio`);
try {
  for (const size of sizes) {
    const [t0, tn] = best(size, [0, cores]) as [number, number];
    const single = size / t0;
    const pooled = size / tn;
    console.log(
      `${String(size).padStart(9)}  ${Math.round(single).toString().padStart(15)}  ${Math.round(pooled).toString().padStart(15)}  ${(pooled / single).toFixed(2)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
