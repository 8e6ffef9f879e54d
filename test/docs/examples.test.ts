/**
 * Docs that run: every ```` ```ts ```` block of a TSDoc `@example` in `src/` and every
 * ```` ```ts ```` fence of `README.md` and `docs/*.md` is executed, one test each, named by file,
 * line and symbol (TSDoc) or section (Markdown).
 *
 * - Claims: `expr; // <literal>` asserts that `expr` deep-equals the literal;
 *   `expr; // throws Name CODE 'field'` asserts the throw. The full convention is in `claims.ts`;
 *   a comment that starts like a value but is not a checkable claim fails the example.
 * - Scope: TSDoc examples see every export of the package and of the file they document, and
 *   the fixtures of `prelude.ts` (`solicitud`, `policySolicitud`, `clients`, `service`, `token`):
 *   they document a function next to its code. Markdown examples are what a reader copies: each
 *   fence imports what it uses (`cotizador`, `cotizador/<subpath>` map to
 *   `src/entry/<subpath>.ts`) and defines every variable it reads, and it runs in an empty
 *   working directory (no `examples/`, `data/` or `dist/` to read). Both may read the environment
 *   `EXAMPLE_ENV` (`CLIENT_SECRET`, `TOKEN_SECRET`), nothing else.
 * - Servers: `createServer(...).listen(8080)` (node:http, and Express's and Fastify's servers,
 *   which are made by node:http) binds an ephemeral port on 127.0.0.1; the server must answer as
 *   the service does (an unknown route, a token for `app`/`s3cret`) and is closed after the
 *   example (`run.ts`). An example that calls `.listen(` must have started one.
 * - Every fence tagged exactly `ts` runs; there is no skip list. A block that only declares an
 *   interface (the shape of an options object) runs as a no-op, and `shapes.test.ts` checks its
 *   fields against the exported type's.
 * - Files an example writes go to a temporary working directory (`run.ts`).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allExamples } from './extract.js';
import { EXAMPLE_ENV, fixtures, publicScope } from './prelude.js';
import { entryPath, loadEntries, runExample } from './run.js';
import { dirname, join } from 'node:path';
import { ROOT } from './extract.js';

const examples = allExamples();
let entries: Map<string, Record<string, unknown>>;
let api: Record<string, unknown>;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  entries = await loadEntries();
  api = publicScope(entries);
  for (const [name, value] of Object.entries(EXAMPLE_ENV)) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
});

afterAll(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The exports of a documented file (no documented module runs anything when imported; the
 * CLI's binary, `src/cli/bin.ts`, documents nothing). */
async function importQuietly(path: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
}

async function importModule(specifier: string): Promise<unknown> {
  const entry = entryPath(specifier);
  if (entry !== undefined) return entries.get(specifier) ?? import(/* @vite-ignore */ entry);
  if (specifier.startsWith('cotizador')) throw new Error(`'${specifier}' is not an entry of the package`);
  return import(/* @vite-ignore */ specifier);
}

describe('documentation examples', () => {
  it('finds the examples of the TSDoc and of the guides', () => {
    const files = new Set(examples.map((e) => e.file));
    expect(files.has('src/quotes/quoteCredit.ts') && files.has('README.md') && files.has('docs/analysis.md')).toBe(true);
    expect(examples.length).toBeGreaterThan(300);
  });

  for (const example of examples) {
    it(`${example.file}:${example.line} ${example.label}`, async () => {
      // A guide's fence sees nothing it does not import or define (the reader copies it alone).
      const scope = example.file.startsWith('src/')
        ? { ...api, ...(await importQuietly(join(ROOT, example.file))), ...(await fixtures(api)) }
        : {};
      // dist/ holds the CLI bundle of this run (test/cli/bundle.ts), never a stale or missing build:
      // the parallelGrid example runs ./dist/cli.js in its worker threads.
      const report = await runExample(example, { scope, importModule, dist: dirname(inject('cliBundle')) });
      // An example that listens must have done so through the intercepted createServer.
      expect(report.servers > 0, 'servers started').toBe(/\.listen\(/.test(example.code));
    });
  }
});
