/**
 * Writes `openapi.json` at the repository root (the package's `cotizador/openapi.json`) from the
 * generator the server uses: `npm run openapi`. A test fails when the file and the generator
 * differ, so the committed document is always the served one.
 */
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/service/openapi.js';

writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log('openapi.json written');
