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
 *   the service does (an unknown route, a token for `app`/`s3cret-value`) and is closed after the
 *   example (`run.ts`). An example that calls `.listen(` must have started one.
 * - Every fence tagged exactly `ts` runs; there is no skip list, and a guide tags nothing else
 *   as code (only `ts`, `text`, `sh`, `json` or no tag: a `typescript` or `ts x` fence would
 *   never run). A block that only declares an interface (the shape of an options object) runs as
 *   a no-op, and `shapes.test.ts` checks its members against the exported type's.
 * - An example fails when it leaves a non-zero `process.exitCode`. Files an example writes go to
 *   a temporary working directory (`run.ts`).
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allExamples, guideFiles, sourceFiles, ROOT } from './extract.js';
import { EXAMPLE_ENV, exampleScope, publicScope } from './prelude.js';
import { loadEntries, packageImporter, runExample } from './run.js';

const examples = allExamples();
let api: Record<string, unknown>;
let importModule: (specifier: string) => Promise<unknown>;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  const entries = await loadEntries();
  api = publicScope(entries);
  importModule = packageImporter(entries);
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

/** The info strings of the guides' fences that open a block (a closing fence is a bare ```). */
function fenceTags(text: string): string[] {
  const tags: string[] = [];
  let open = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith('```')) continue;
    if (!open) tags.push(line.slice(3));
    open = !open;
  }
  return tags;
}

describe('documentation examples', () => {
  it('finds every ts block of the TSDoc and of the guides', () => {
    // Counted apart from the extractor: every ```ts line of a TSDoc comment (so none outside an
    // @example, where it would not run) and every ```ts fence of the guides.
    const tsdocFences = sourceFiles(`${ROOT}/src`).flatMap((f) => readFileSync(f, 'utf8').match(/^\s*\*\s?```ts\s*$/gm) ?? []);
    const guideFences = guideFiles().flatMap((f) => fenceTags(readFileSync(f, 'utf8')).filter((tag) => tag === 'ts'));
    expect(examples.filter((e) => e.file.startsWith('src/'))).toHaveLength(tsdocFences.length);
    expect(examples.filter((e) => !e.file.startsWith('src/'))).toHaveLength(guideFences.length);
    expect(tsdocFences.length).toBeGreaterThan(600);
    expect(guideFences.length).toBeGreaterThan(30);
  });

  it('the guides tag code `ts` (which runs) and nothing else that looks like code', () => {
    // `ts` runs; `text`, `sh`, `json` and an untagged block (diagrams, formulas) do not. A fence
    // tagged `typescript`, `js` or `ts something` would hold code that never runs.
    const tags = guideFiles().flatMap((f) => fenceTags(readFileSync(f, 'utf8')).map((tag) => `${f.slice(ROOT.length + 1)}: ${tag}`));
    expect(tags.filter((t) => !/: (ts|text|sh|json|)$/.test(t))).toEqual([]);
  });

  for (const example of examples) {
    it(`${example.file}:${example.line} ${example.label}`, async () => {
      const scope = await exampleScope(example, api);
      // dist/ holds the CLI bundle of this run (test/cli/bundle.ts), never a stale or missing build:
      // the parallelGrid example runs ./dist/cli.js in its worker threads.
      const report = await runExample(example, { scope, importModule, dist: dirname(inject('cliBundle')) });
      // An example that listens must have done so through the intercepted createServer.
      expect(report.servers > 0, 'servers started').toBe(/\.listen\(/.test(example.code));
    });
  }
});
