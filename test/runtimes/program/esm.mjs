// The smoke program as an ES module (Node, Node without code generation, Bun, Deno): prints the
// report as one JSON line. `resolved` is where the runtime found `cotizador`.
import * as api from 'cotizador';
import input from './cases.mjs';
import { codeGeneration, runSmoke } from './smoke.mjs';

const report = await runSmoke(api, input);
console.log(JSON.stringify({ ...report, resolved: import.meta.resolve('cotizador'), codeGeneration: codeGeneration() }));
