/**
 * Writes `openapi.json` at the repository root (the package's `cotizador/openapi.json`) from the
 * generator the server uses, formatted as the repository formats JSON (Biome): `npm run openapi`.
 * A test fails when the file and the generator differ, so the committed document is always the
 * served one; regenerating an unchanged document changes no byte.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/service/openapi.js';

const file = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
execFileSync(process.execPath, [biome, 'format', '--write', file], { stdio: 'ignore' });
console.log('openapi.json written');
