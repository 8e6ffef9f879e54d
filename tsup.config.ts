import { defineConfig } from 'tsup';

// `npm run build` empties dist/ first; the two builds below then only add to it.
export default defineConfig([
  {
    // The library: one entry per domain, dual ESM + CJS with declarations.
    entry: {
      index: 'src/index.ts',
      credit: 'src/credit/index.ts',
      cat: 'src/cat/index.ts',
      insurance: 'src/insurance/index.ts',
      service: 'src/service/index.ts',
      atm: 'src/atm/index.ts',
      analysis: 'src/analysis/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    treeshake: true,
  },
  {
    // The command line (and its grid workers, which run the same file): ESM only, no declarations.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node20',
  },
]);
