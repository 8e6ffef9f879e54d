// `npm run bench [-- options]`: benchmarks/run.ts bundled as the package and the command line are
// built (esbuild, ESM for node 20, runtime dependencies and the peers left to node_modules, no
// `keepNames`), then run with the options given. The figures are of the code users run.
//
// Why not `tsx benchmarks/run.ts` (which still works): tsx compiles each file with esbuild's
// `keepNames`, which wraps every named closure in an `Object.defineProperty` of its name. The
// package never ships that (`dist/` and `dist/cli.js` have none), and on the 60-payment summary
// quote it cost 0.4 µs of 3.1 µs: the loader's cost, not the library's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './build-cli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Beside the sources, so the bundle resolves the peers and dependencies from node_modules.
const dir = mkdtempSync(join(root, 'node_modules', '.cotizador-bench-'));
try {
  const outfile = join(dir, 'run.mjs');
  // `node scripts/bench.mjs benchmarks/http/varied.ts --built …`: another benchmark script, bundled
  // and run the same way (no tsx: its loader runs on a thread of the measured process, and some
  // runs of varied.ts through it took half again as much CPU in every case).
  const [first, ...rest] = process.argv.slice(2);
  const script = first?.endsWith('.ts') === true ? first : undefined;
  await build({
    absWorkingDir: root,
    entryPoints: [script ?? 'benchmarks/run.ts'],
    outfile,
    ...NODE_BUNDLE,
  });
  const args = script === undefined ? process.argv.slice(2) : rest;
  const run = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd: root });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
