// The built package as users load it (run after `npm run build`; CI runs it): every subpath, in
// ESM and CommonJS, exports QuoteError and isQuoteError; an error thrown through one entry is a
// QuoteError for every other entry of either format; the lazily loaded data are one object per
// format. Prints one line per check and exits non-zero on the first failure.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const subpaths = Object.keys(pkg.exports).filter((key) => !key.includes('*') && !key.endsWith('.json'));
const name = (subpath) => (subpath === '.' ? 'cotizador' : `cotizador/${subpath.slice(2)}`);

const esm = {};
const cjs = {};
for (const subpath of subpaths) {
  esm[subpath] = await import(name(subpath));
  cjs[subpath] = require(name(subpath));
}
let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}
for (const subpath of subpaths) {
  for (const [format, mod] of [
    ['esm', esm[subpath]],
    ['cjs', cjs[subpath]],
  ]) {
    check(
      typeof mod.QuoteError === 'function' && typeof mod.isQuoteError === 'function',
      `${name(subpath)} (${format}) exports QuoteError and isQuoteError`,
    );
  }
}
let thrown;
try {
  cjs['./credit'].quoteCredit({ montoSolicitado: 'x', plazo: 1, valorFactura: '1.00' });
} catch (error) {
  thrown = error;
}
check(thrown !== undefined && thrown.codigoError === 'ERRESQ005', 'cotizador/credit (cjs) throws a coded error for a bad amount');
for (const subpath of subpaths) {
  for (const [format, mod] of [
    ['esm', esm[subpath]],
    ['cjs', cjs[subpath]],
  ]) {
    check(thrown instanceof mod.QuoteError && mod.isQuoteError(thrown), `the error is a QuoteError for ${name(subpath)} (${format})`);
  }
}
check(esm['./insurance'].defaultTariff() === esm['.'].defaultTariff(), 'defaultTariff() is one object across ESM entries');
check(cjs['./insurance'].defaultTariff() === cjs['.'].defaultTariff(), 'defaultTariff() is one object across CJS entries');
check(require('cotizador/openapi.json').openapi === '3.1.0', 'cotizador/openapi.json is the OpenAPI 3.1 document');
console.log(failures === 0 ? 'package checks passed' : `${failures} package checks failed`);
process.exit(failures === 0 ? 0 : 1);
