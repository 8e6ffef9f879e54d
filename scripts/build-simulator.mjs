// The simulator page (simulator/) as static files: index.html, simulador.js (the page's script
// with the engine, one file), simulador.css, its icon simulador.svg and simulador-sw.js (the service worker: a worker is
// its own script by definition), into dist/simulator/ by default or the directory given. Used by
// `npm run build` and `npm run demo`; `cotizador serve` serves these files and `cotizador simulator
// --out DIR` copies them. No inline script or style anywhere: `default-src 'self'` holds.
// Prints the files' sizes (raw and gzip) with --sizes; nothing else unless it fails.
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The files of the page, in the order they load. */
export const SIMULATOR_FILES = ['index.html', 'simulador.css', 'simulador.js', 'simulador.svg', 'simulador-sw.js'];

/** Builds the page into `outdir` (relative to the repository, or absolute) and returns each file's size, raw and gzip. */
export async function buildSimulator(outdir = 'dist/simulator') {
  const out = resolve(ROOT, outdir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    // The bundled libraries' licence headers (decimal.js's, TypeBox's) stay, at the end of the file.
    legalComments: 'eof',
    logLevel: 'error',
    // The engine reads no environment; a stray `process.env.NODE_ENV` in a dependency would be a free Node global.
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  await build({ ...common, entryPoints: { simulador: 'simulator/main.ts' }, outdir: out });
  await build({ ...common, format: 'iife', entryPoints: { 'simulador-sw': 'simulator/sw.ts' }, outdir: out });
  await build({ ...common, entryPoints: { simulador: 'simulator/simulador.css' }, outdir: out, loader: { '.css': 'css' } });
  copyFileSync(join(ROOT, 'simulator/index.html'), join(out, 'index.html'));
  copyFileSync(join(ROOT, 'simulator/simulador.svg'), join(out, 'simulador.svg'));
  return SIMULATOR_FILES.map((name) => {
    const bytes = readFileSync(join(out, name));
    return { name, bytes: statSync(join(out, name)).size, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outdir = args.find((a) => !a.startsWith('--'));
  try {
    const sizes = await buildSimulator(outdir);
    if (args.includes('--sizes')) {
      for (const s of sizes) console.log(`${s.name.padEnd(18)} ${String(s.bytes).padStart(8)} B  ${String(s.gzip).padStart(7)} B gzip`);
      const page = sizes.filter((s) => s.name !== 'simulador-sw.js');
      console.log(`page (html+css+js)  ${page.reduce((a, s) => a + s.gzip, 0)} B gzip`);
    }
  } catch {
    process.exitCode = 1; // esbuild has printed the errors
  }
}
