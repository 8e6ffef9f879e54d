// The command line as one ESM file for node 20 (`dist/cli.js` by default, or the path given):
// src/cli/bin.ts and everything it imports, runtime dependencies left to node_modules. Used by
// `npm run build`, by `npm run demo` (no library, no declarations: well under a second) and by the
// CLI tests (`test/cli/bundle.ts`, into a temporary directory). Prints nothing unless it fails.
import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Bundles the CLI to `outfile`; esbuild reports any error on stderr and the promise rejects. */
export async function bundleCli(outfile = 'dist/cli.js') {
  const root = fileURLToPath(new URL('..', import.meta.url));
  await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/bin.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  chmodSync(outfile, 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleCli(process.argv[2]).catch(() => {
    process.exitCode = 1; // esbuild has printed the errors
  });
}
