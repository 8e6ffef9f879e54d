import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    credit: 'src/credit/index.ts',
    cat: 'src/cat/index.ts',
    cli: 'src/cli/main.ts',
    insurance: 'src/insurance/index.ts',
    atm: 'src/atm/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  treeshake: true,
});
