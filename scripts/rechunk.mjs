// The library's chunks, regrouped after tsup. esbuild (tsup's bundler) splits shared code into
// one chunk per set of entries that load it: `cotizador/credit` loaded 13 chunks besides its entry
// and `cotizador` 24. The front door's profile (node --cpu-prof, 25 µs) showed importing was
// Node's module loader, not our code: `compileSourceTextModule` and, per file, resolution, reads
// and linking (a chain of 14 empty modules cost 3.4 ms of CPU more than one). This rebuilds both
// formats from tsup's ESM output with Rollup, grouping the modules by who needs them:
//
//   base     what `cotizador/cat` loads (errors, money, the CAT)
//   core     what the quote engine shares with the data entries (validation, TypeBox, schemas)
//   engine   the rest of what `cotizador/credit` loads (credit, insurance, quotes)
//   data     what `cotizador/contracts`, `/atm` or `/documents` load and the engine does not
//   server   what only the server's entries load (`cotizador`, `/service`, `/node`, `/analysis`)
//
// and anything else as esbuild grouped it (by the entries that load it). `cotizador/credit` then
// loads 4 files, `cotizador` 9. The price: an entry that needs one module of a group loads all of
// it (`cotizador/documents` parses the ATM schemas in `data`); docs/install.md gives each entry's
// import cost. The CJS build is written from the same graph, so both formats share one layout.
//
//   node scripts/rechunk.mjs [dist]   (`npm run build` runs it right after tsup)
//
// Rollup only moves modules between files: it keeps esbuild's code (no tree-shaking across chunks,
// no renaming beyond what joining modules needs), so no output changes (the runtime smoke suites
// run the corpus on the built package).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';

const ENTRIES = ['index', 'credit', 'cat', 'insurance', 'contracts', 'service', 'atm', 'documents', 'analysis', 'node'];
/** The entries that validate and serve data without quoting (they load the core, not the engine). */
const DATA_ENTRIES = ['contracts', 'atm', 'documents'];
/** The entries a server imports (the root, `cotizador/service`, `cotizador/node`, and the analysts' tools beside them). */
const SERVER_ENTRIES = ['index', 'service', 'node', 'analysis'];

/** The local files `file` imports statically, transitively (by base name). */
function staticClosure(dir, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(dir, file), 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\b[^'"]*?\bfrom\s*['"]\.\/([^'"]+)['"]|^import\s*['"]\.\/([^'"]+)['"]/gm)) {
    staticClosure(dir, match[1] ?? match[2], seen);
  }
  return seen;
}

/** Rebuilds `dir`'s ESM and CJS JavaScript from its ESM entries, regrouped. */
export async function rechunk(dir) {
  const root = resolve(dir);
  /** For each of tsup's files, the entries that load it statically. */
  const reachedBy = new Map();
  for (const entry of ENTRIES) {
    for (const file of staticClosure(root, `${entry}.js`)) reachedBy.set(file, [...(reachedBy.get(file) ?? []), entry]);
  }
  const groupOf = (file) => {
    const entries = reachedBy.get(file);
    if (entries === undefined || ENTRIES.some((entry) => file === `${entry}.js`)) return undefined;
    if (entries.includes('cat')) return 'base';
    if (entries.includes('credit')) return entries.some((entry) => DATA_ENTRIES.includes(entry)) ? 'core' : 'engine';
    if (entries.every((entry) => SERVER_ENTRIES.includes(entry))) return 'server';
    // What `cotizador/insurance` shares with a data entry (the quote id's hash) stays out of `data`.
    if (entries.some((entry) => DATA_ENTRIES.includes(entry)) && !entries.includes('insurance')) return 'data';
    // Shared by a portable entry and others: grouped as esbuild grouped it (by the entries that load it).
    return `shared-${entries.join('-')}`;
  };
  const bundle = await rollup({
    input: Object.fromEntries(ENTRIES.map((name) => [name, join(root, `${name}.js`)])),
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    // esbuild already shook each chunk; shaking again across the joined graph could only drop
    // code some entry's consumer reaches through a path Rollup cannot see (none should exist).
    treeshake: false,
    onwarn(warning) {
      if (warning.code === 'CIRCULAR_DEPENDENCY') return;
      throw new Error(`rechunk: ${warning.message}`);
    },
  });
  const manualChunks = (id) => groupOf(id.slice(id.lastIndexOf('/') + 1));
  const outputs = [
    { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name].cjs', interop: 'auto', exports: 'named' },
  ];
  const written = [];
  for (const output of outputs) {
    const result = await bundle.generate({ ...output, manualChunks, generatedCode: 'es2015', hoistTransitiveImports: false });
    written.push(result.output);
  }
  await bundle.close();
  // Only now, with both builds in memory, replace tsup's JavaScript (its declarations stay).
  for (const file of readdirSync(root)) {
    if (/\.(c?js)$/.test(file)) rmSync(join(root, file));
  }
  for (const output of written) {
    for (const item of output) writeFileSync(join(root, item.fileName), item.type === 'chunk' ? item.code : item.source);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await rechunk(process.argv[2] ?? 'dist');
}
