// The command line as ESM for node 20 (`dist/cli.js` by default, or the path given, with its
// commands in chunks under `cli-chunks/` beside it, loaded when a command runs: a credit quote
// never loads the server's dependencies): src/cli/bin.ts and everything it imports, runtime
// dependencies left to node_modules. Used by
// `npm run build`, by `npm run demo` (no library, no declarations: well under a second) and by the
// CLI tests (`test/cli/bundle.ts`, into a temporary directory). Prints nothing unless it fails.
import { chmodSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** How the command line (and `npm run bench`, `scripts/bench.mjs`) is bundled: ESM for node 20, runtime dependencies left to node_modules. */
export const NODE_BUNDLE = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' };

/** Bundles the CLI to `outfile`; esbuild reports any error on stderr and the promise rejects. */
export async function bundleCli(outfile = 'dist/cli.js') {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outdir = dirname(outfile);
  rmSync(join(root, outdir, 'cli-chunks'), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { [basename(outfile, extname(outfile))]: 'src/cli/bin.ts' },
    outdir,
    splitting: true,
    chunkNames: 'cli-chunks/[name]-[hash]',
    ...NODE_BUNDLE,
  });
  chmodSync(outfile, 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleCli(process.argv[2]).catch(() => {
    process.exitCode = 1; // esbuild has printed the errors
  });
}
