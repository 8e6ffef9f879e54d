import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * The data files (`data/*.json`: the default tariff, the example ATM set) as `JSON.parse` of their
 * text instead of an object literal: V8 parses JSON text faster than the same object as code
 * (`import('cotizador')` parses 60 KB of them). The value is the same object, rebuilt from the
 * same JSON.
 */
const jsonAsText: Plugin = {
  name: 'json-as-text',
  setup(build) {
    build.onLoad({ filter: /[\\/]data[\\/][^\\/]+\.json$/ }, (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

/** One entry per subpath of the package (`package.json` exports). */
export const ENTRIES = {
  index: 'src/entry/index.ts',
  credit: 'src/entry/credit.ts',
  cat: 'src/entry/cat.ts',
  insurance: 'src/entry/insurance.ts',
  contracts: 'src/entry/contracts.ts',
  service: 'src/entry/service.ts',
  atm: 'src/entry/atm.ts',
  documents: 'src/entry/documents.ts',
  analysis: 'src/entry/analysis.ts',
  node: 'src/entry/node.ts',
};

// `npm run build` empties dist/ first, runs this build, then bundles the command line with
// scripts/build-cli.mjs (esbuild; the same bundle `npm run demo` and the CLI tests make).
export default defineConfig({
  // The library: dual ESM + CJS with declarations. Both formats are code-split, so every entry
  // shares one copy of each module (one QuoteError class, one cached default tariff).
  entry: ENTRIES,
  format: ['esm', 'cjs'],
  splitting: true,
  dts: true,
  sourcemap: false,
  clean: false,
  target: 'node20',
  treeshake: true,
  // TypeBox's code goes into the chunks: from node_modules its ESM build is 218 files, and
  // resolving and compiling them was most of what importing `cotizador/credit` cost (the profile:
  // Node's module loader). It stays a dependency for the declarations' types. @noble/hashes too:
  // its ESM build is five modules, and its `crypto` module reads `globalThis.crypto` at import,
  // which makes Node load its whole WebCrypto (7 ms of `import('cotizador')`'s CPU); bundled, only
  // SHA-256 remains and that read is shaken away. It stays a dependency for the command line
  // (dist/cli.js leaves packages to node_modules). Both MIT notices are in THIRD-PARTY-NOTICES.md.
  noExternal: ['@sinclair/typebox', /^@noble\/hashes/],
  esbuildPlugins: [jsonAsText],
  silent: true,
});
