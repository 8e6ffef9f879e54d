// The smoke program through CommonJS: `require('cotizador')` (the package's CommonJS build); the
// cases and the program, being ES modules, come in by import(). Prints the report as one JSON line.
const api = require('cotizador');

Promise.all([import('./cases.mjs'), import('./smoke.mjs')])
  .then(async ([cases, smoke]) => {
    const report = await smoke.runSmoke(api, cases.default);
    console.log(JSON.stringify({ ...report, resolved: require.resolve('cotizador'), codeGeneration: smoke.codeGeneration() }));
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
