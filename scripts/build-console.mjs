// The API console's files for `cotizador serve`'s `/docs` (src/node/apiConsole.ts): Swagger UI's
// prebuilt browser bundle and stylesheet, taken from the swagger-ui-dist devDependency (nothing of
// it is a runtime dependency) and written gzip-compressed into dist/api-console/ with the
// library's LICENSE and NOTICE (Apache-2.0 asks both to travel with a copy) and the licences of
// what its bundle holds. Compressed, they add about 0.5 MB to an install instead of 1.9 MB (the
// install stays within 15 MB: scripts/install-size.mjs); the server inflates them once, on the
// first request for the console. Run by `npm run build`, after tsup (which empties nothing here:
// the build empties dist/ before tsup). Prints nothing unless it fails.
//
//   node scripts/build-console.mjs [outdir]      (default dist/api-console)
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = dirname(createRequire(join(root, 'package.json')).resolve('swagger-ui-dist/package.json'));
const outdir = resolve(root, process.argv[2] ?? 'dist/api-console');

/** Served by the console (compressed): the bundle with its React and the stylesheet. */
const SERVED = ['swagger-ui-bundle.js', 'swagger-ui.css'];
/** Shipped beside them as they are: the library's licence and notice, and the bundled libraries' licences. */
const NOTICES = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt'];

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
for (const name of SERVED) {
  const compressed = gzipSync(readFileSync(join(source, name)), { level: constants.Z_BEST_COMPRESSION });
  writeFileSync(join(outdir, `${name}.gz`), compressed);
}
for (const name of NOTICES) copyFileSync(join(source, name), join(outdir, name));
const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
writeFileSync(join(outdir, 'VERSION'), `swagger-ui-dist ${version}\n`);
