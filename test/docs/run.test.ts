/**
 * The runner's rules besides the claims (`claims.test.ts`): what a guide's fence may use, the
 * imports it may make, the servers it starts and the exit code it leaves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocExample } from './extract.js';
import { exampleScope, publicScope } from './prelude.js';
import { loadEntries, packageImporter, runExample } from './run.js';

let api: Record<string, unknown>;
let importModule: (specifier: string) => Promise<unknown>;

beforeAll(async () => {
  const entries = await loadEntries();
  api = publicScope(entries);
  importModule = packageImporter(entries);
});

const guide = (code: string): DocExample => ({ file: 'docs/guide.md', line: 1, label: 'test', code });
const tsdoc = (code: string): DocExample => ({ file: 'src/quotes/quoteCredit.ts', line: 1, label: 'test', code });

/** Runs `example` with the scope examples.test.ts gives it. */
async function run(example: DocExample) {
  return runExample(example, { scope: await exampleScope(example, api), importModule });
}

describe('the documentation runner', () => {
  it('gives a guide fence nothing it does not import or define; a TSDoc example the fixtures and the API', async () => {
    await expect(run(guide('solicitud.plazo; // 36'))).rejects.toThrow(/solicitud is not defined/);
    await expect(run(guide('quoteCredit;'))).rejects.toThrow(/quoteCredit is not defined/);
    await expect(run(tsdoc('solicitud.plazo; // 36\ntypeof quoteCredit; // "function"'))).resolves.toBeDefined();
    await expect(
      run(
        guide(
          "import { quoteCredit } from 'cotizador';\nconst s = { montoSolicitado: '1e5', plazo: 12, valorFactura: '100.00' };\nquoteCredit(s); // throws QuoteError ERRESQ005 'montoSolicitado'",
        ),
      ),
    ).resolves.toBeDefined();
  });

  it('runs a guide fence in an empty directory, a TSDoc example beside the repository files', async () => {
    const probe = "import { existsSync } from 'node:fs';\n[existsSync('examples/autoestrene.json'), existsSync('data/tariff.json')];";
    await expect(run(guide(`${probe} // [false, false]`))).resolves.toBeDefined();
    await expect(run(tsdoc(`${probe} // [true, true]`))).resolves.toBeDefined();
  });

  it('refuses imports a user could not write', async () => {
    await expect(run(guide("import { x } from '../src/entry/index.js';"))).rejects.toThrow(/examples import the package/);
    await expect(run(guide("import { quoteCredt } from 'cotizador';"))).rejects.toThrow(/'cotizador' does not export 'quoteCredt'/);
    await expect(run(guide("import { quoteCredit } from 'cotizador/quotes';"))).rejects.toThrow(/'cotizador\/quotes' is not an entry/);
  });

  it('fails an example that leaves a failure exit code, and one whose server is not the service', async () => {
    await expect(run(guide('process.exitCode = 2;'))).rejects.toThrow(/set process.exitCode to 2/);
    await expect(run(guide('process.exitCode = 0;'))).resolves.toBeDefined();
    const notTheService = "import { createServer } from 'node:http';\ncreateServer((req, res) => res.end('{}')).listen(8080);";
    await expect(run(guide(notTheService))).rejects.toThrow(/the example's server/);
    const service =
      "import { createServer } from 'node:http';\nimport { createService } from 'cotizador';\nimport { toNodeListener } from 'cotizador/node';\n" +
      "const clients = [{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'] }];\n" +
      "createServer(toNodeListener(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' }))).listen(8080);";
    await expect(run(guide(service))).resolves.toMatchObject({ servers: 1 });
  });
});
