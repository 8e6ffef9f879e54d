/**
 * The front door: what importing the built package costs a process, in CPU time.
 *
 * Each sample is a fresh `node` process that imports one module (ESM `import()` or CJS
 * `require`) and reports the CPU time (`process.cpuUsage`, user + system) and the resident set
 * the import alone added, Node's own start excluded. The cases run in interleaved rounds with the
 * order rotated each round (a busy machine slows them alike, none always runs first), after a
 * warm-up round that fills the file cache; each figure is the median of the rounds. The whole
 * measurement runs twice and every figure is a ratio to a baseline measured in the same rounds.
 *
 * Targets (issue 20): `import('cotizador')` ≤ 1.5× `import('cotizador/credit')`, and
 * `import('cotizador/credit')` ≤ 3× `import('decimal.js')` alone.
 *
 *   npm run build && npx tsx benchmarks/import.ts [--rounds N]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';

const argRounds = process.argv.indexOf('--rounds');
const rounds = argRounds > 0 ? Number(process.argv[argRounds + 1]) : 15;
const RUNS = 2;

if (!existsSync('dist/index.js')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

type Format = 'esm' | 'cjs';
interface Case {
  readonly specifier: string;
  readonly format: Format;
}

const SPECIFIERS = ['decimal.js', 'cotizador/credit', 'cotizador', 'cotizador/service', 'cotizador/documents'];
const CASES: readonly Case[] = SPECIFIERS.flatMap((specifier) => (['esm', 'cjs'] as const).map((format) => ({ specifier, format })));
const label = (c: Case): string => `${c.format === 'esm' ? 'import' : 'require'}('${c.specifier}')`;

interface Sample {
  readonly cpuMs: number;
  readonly rssMiB: number;
}

/** One fresh process importing `c`: the CPU time and the resident set the import added. */
function sample(c: Case): Sample {
  const load = c.format === 'esm' ? `await import(${JSON.stringify(c.specifier)})` : `require(${JSON.stringify(c.specifier)})`;
  const body = `const rss = process.memoryUsage.rss(); const start = process.cpuUsage(); ${load}; const spent = process.cpuUsage(start);
    console.log(JSON.stringify({ cpuMs: (spent.user + spent.system) / 1000, rssMiB: (process.memoryUsage.rss() - rss) / 1048576 }));`;
  // The package resolves itself by name from the repository (package.json "exports").
  const args = c.format === 'esm' ? ['--input-type=module', '-e', body] : ['-e', body];
  const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${label(c)} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Sample;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Interleaved rounds, the order rotated each round, a warm-up round first; medians per case. */
function measure(): Map<Case, { cpuMs: number; rssMiB: number }> {
  for (const c of CASES) sample(c);
  const samples = new Map<Case, Sample[]>(CASES.map((c) => [c, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < CASES.length; i++) {
      const c = CASES[(i + round) % CASES.length] as Case;
      samples.get(c)?.push(sample(c));
    }
  }
  return new Map(
    CASES.map((c) => {
      const list = samples.get(c) ?? [];
      return [c, { cpuMs: median(list.map((s) => s.cpuMs)), rssMiB: median(list.map((s) => s.rssMiB)) }];
    }),
  );
}

const TARGETS = [
  { of: 'cotizador', to: 'cotizador/credit', limit: 1.5 },
  { of: 'cotizador/credit', to: 'decimal.js', limit: 3 },
] as const;

console.log(
  `node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${rounds} rounds of fresh processes per run, CPU time of the import alone (median)`,
);
for (let run = 1; run <= RUNS; run++) {
  const figures = measure();
  const find = (specifier: string, format: Format) => {
    const found = CASES.find((c) => c.specifier === specifier && c.format === format) as Case;
    return figures.get(found) as { cpuMs: number; rssMiB: number };
  };
  console.log(`\nrun ${run}`);
  for (const format of ['esm', 'cjs'] as const) {
    const base = find('decimal.js', format).cpuMs;
    for (const specifier of SPECIFIERS) {
      const f = find(specifier, format);
      const name = label({ specifier, format }).padEnd(32);
      console.log(
        `  ${name} ${f.cpuMs.toFixed(1).padStart(7)} ms CPU  ${(f.cpuMs / base).toFixed(2).padStart(6)}× decimal.js  +${f.rssMiB.toFixed(1)} MiB RSS`,
      );
    }
    for (const t of TARGETS) {
      const ratio = find(t.of, format).cpuMs / find(t.to, format).cpuMs;
      const verdict = ratio <= t.limit ? 'met' : 'NOT met';
      console.log(`  ${format}: ${t.of} / ${t.to} = ${ratio.toFixed(2)}× (target ≤ ${t.limit}×: ${verdict})`);
    }
  }
}
