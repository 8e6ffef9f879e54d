/**
 * Runs one documentation example: instruments its claims, strips its types, turns its imports
 * into lookups of the package's entries, and runs it as the body of an async function whose
 * parameters are the names in scope (see `prelude.ts`).
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';
import { type Instrumented, instrument } from './claims.js';
import type { DocExample } from './extract.js';
import { ROOT } from './extract.js';

const require = createRequire(import.meta.url);
/** The CommonJS face of node:http, which frameworks (Express, Fastify) call at run time. */
const http = require('node:http') as typeof import('node:http');

/** The package's subpaths, mapped to their source entries. */
const ENTRIES = ['index', 'credit', 'cat', 'insurance', 'contracts', 'service', 'atm', 'documents', 'analysis', 'node'] as const;

/** `cotizador` and `cotizador/<subpath>` → `src/entry/<subpath>.ts`. */
export function entryPath(specifier: string): string | undefined {
  if (specifier === 'cotizador') return join(ROOT, 'src', 'entry', 'index.ts');
  const sub = specifier.match(/^cotizador\/(\w+)$/)?.[1];
  return sub !== undefined && (ENTRIES as readonly string[]).includes(sub) && sub !== 'index'
    ? join(ROOT, 'src', 'entry', `${sub}.ts`)
    : undefined;
}

/** Loads every entry of the package, by subpath (`''` for the root). */
export async function loadEntries(): Promise<Map<string, Record<string, unknown>>> {
  const entries = new Map<string, Record<string, unknown>>();
  for (const name of ENTRIES) {
    const specifier = name === 'index' ? 'cotizador' : `cotizador/${name}`;
    entries.set(specifier, (await import(/* @vite-ignore */ entryPath(specifier)!)) as Record<string, unknown>);
  }
  return entries;
}

/**
 * Answers an example's imports: `cotizador` and `cotizador/<subpath>` from the loaded `entries`,
 * anything else (node:fs, decimal.js, express) as Node resolves it; another `cotizador/...` name
 * is not an entry of the package.
 */
export function packageImporter(entries: ReadonlyMap<string, Record<string, unknown>>): (specifier: string) => Promise<unknown> {
  return async (specifier) => {
    const entry = entryPath(specifier);
    if (entry !== undefined) return entries.get(specifier) ?? import(/* @vite-ignore */ entry);
    if (specifier.startsWith('cotizador')) throw new Error(`'${specifier}' is not an entry of the package`);
    return import(/* @vite-ignore */ specifier);
  };
}

/** Every name (value or type) an entry exports, read from its source. */
export function entryNames(path: string): Set<string> {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (clause === undefined && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
      for (const name of entryNames(join(dirname(path), statement.moduleSpecifier.text.replace(/\.js$/, '.ts')))) names.add(name);
    } else if (clause !== undefined && ts.isNamedExports(clause)) {
      for (const e of clause.elements) names.add(e.name.text);
    }
  }
  return names;
}

/**
 * Imports of the package that name something the entry does not export, and, unless
 * `relative` (a TSDoc example may import its file's neighbours), imports of a path: checked
 * before the run, as an import whose bindings go unused is dropped when the types are stripped.
 */
export function unknownImports(code: string, relative = false): string[] {
  const file = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!relative && (specifier.startsWith('.') || specifier.startsWith('/'))) {
      problems.push(`examples import the package ('cotizador/...'), not '${specifier}'`);
      continue;
    }
    if (!specifier.startsWith('cotizador')) continue;
    const path = entryPath(specifier);
    if (path === undefined) {
      problems.push(`'${specifier}' is not an entry of the package`);
      continue;
    }
    const bindings = statement.importClause?.namedBindings;
    if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
    const names = entryNames(path);
    for (const e of bindings.elements) {
      const name = (e.propertyName ?? e.name).text;
      if (!names.has(name)) problems.push(`'${specifier}' does not export '${name}'`);
    }
  }
  return problems;
}

/** The example's TypeScript as JavaScript, its `import` declarations turned into `await __import(...)`. */
export function toScript(code: string): string {
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false },
    reportDiagnostics: false,
  }).outputText;
  const file = ts.createSourceFile('example.js', js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  let out = js;
  for (const statement of [...file.statements].reverse()) {
    let text: string | undefined;
    if (ts.isImportDeclaration(statement)) {
      const from = `await __import(${statement.moduleSpecifier.getText(file)})`;
      const clause = statement.importClause;
      if (clause === undefined) text = `${from};`;
      else {
        const parts: string[] = [];
        const bindings = clause.namedBindings;
        if (clause.name !== undefined) parts.push(`default: ${clause.name.text}`);
        if (bindings !== undefined && ts.isNamedImports(bindings)) {
          for (const e of bindings.elements)
            parts.push(e.propertyName === undefined ? e.name.text : `${e.propertyName.getText(file)}: ${e.name.text}`);
        }
        text =
          bindings !== undefined && ts.isNamespaceImport(bindings)
            ? `const ${bindings.name.text} = ${from};${clause.name === undefined ? '' : ` const ${clause.name.text} = ${bindings.name.text}.default;`}`
            : `const { ${parts.join(', ')} } = ${from};`;
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause !== undefined &&
      ts.isNamedExports(statement.exportClause) &&
      statement.exportClause.elements.length === 0
    ) {
      text = ''; // what transpileModule writes for a file whose imports were all elided
    } else if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
      throw new Error('an example does not export');
    }
    if (text !== undefined) out = out.slice(0, statement.getStart(file)) + text + out.slice(statement.end);
  }
  return out;
}

/** What a run needs besides the example: the names in scope and how an import is answered. */
export interface RunContext {
  /** Names the example may use without defining them (public API, fixtures). */
  readonly scope: Readonly<Record<string, unknown>>;
  /** Answers `import ... from specifier`; node:http is answered by the runner itself. */
  readonly importModule: (specifier: string) => Promise<unknown>;
  /** What `dist/` is in a TSDoc example's working directory (default: the repository's). */
  readonly dist?: string;
}

/** An example's outcome: what it printed, and the servers it started (already closed). */
export interface RunReport {
  readonly output: string;
  readonly servers: number;
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;

function errorClassName(error: unknown): string {
  return typeof error === 'object' && error !== null ? (error.constructor?.name ?? typeof error) : typeof error;
}

function checkThrown(error: unknown, name: string, code: string | null, field: string | null, where: string): void {
  expect(errorClassName(error), `${where}: error class`).toBe(name);
  const coded = error as { codigoError?: unknown; valorIncorrecto?: unknown };
  if (code !== null) expect(coded.codigoError, `${where}: codigoError`).toBe(code);
  if (field !== null) expect(coded.valorIncorrecto, `${where}: valorIncorrecto`).toBe(field);
}

/**
 * Runs `example` and checks each of its claims; throws (an assertion error) on the first claim
 * that does not hold, on an error the example does not claim, or on a claim never reached.
 *
 * While it runs, node:http's `createServer` (the import and the CommonJS export frameworks use)
 * makes servers whose `listen(...)` binds an ephemeral port on 127.0.0.1 whatever port the
 * example names; each server must then answer a request for an unknown route as the service
 * does (400 `ERRNEG001`), and is closed. The working directory is a fresh temporary directory, so
 * files the example writes go nowhere; for a TSDoc example (`src/`) `examples/`, `data/` and
 * `dist/` in it are the repository's, for a guide's fence it is empty (a reader's project has none
 * of them).
 * `console.log` and `process.stdout.write` are captured. An example that leaves a non-zero
 * `process.exitCode` fails.
 */
export async function runExample(example: DocExample, context: RunContext): Promise<RunReport> {
  const instrumented: Instrumented = instrument(example.code, example.line);
  const problems = [...instrumented.problems, ...unknownImports(example.code, example.file.startsWith('src/')).map((p) => `import: ${p}`)];
  if (problems.length > 0) throw new Error(`${example.file}:${example.line}:\n  ${problems.join('\n  ')}`);
  const reached = new Set<number>();
  const at = (id: number): string => {
    const claim = instrumented.claims[id]!;
    return `${example.file}:${claim.line} \`// ${claim.text}\``;
  };
  const claim = (actual: unknown, expected: unknown, id: number): void => {
    reached.add(id);
    expect(actual, at(id)).toStrictEqual(expected);
  };
  const claimThrows = (thunk: () => unknown, name: string, code: string | null, field: string | null, id: number): void => {
    reached.add(id);
    let thrown: { error: unknown } | undefined;
    try {
      thunk();
    } catch (error) {
      thrown = { error };
    }
    if (thrown === undefined) throw new Error(`${at(id)}: nothing was thrown`);
    checkThrown(thrown.error, name, code, field, at(id));
  };
  const claimRejects = async (
    thunk: () => Promise<unknown>,
    name: string,
    code: string | null,
    field: string | null,
    id: number,
  ): Promise<void> => {
    reached.add(id);
    let thrown: { error: unknown } | undefined;
    try {
      await thunk();
    } catch (error) {
      thrown = { error };
    }
    if (thrown === undefined) throw new Error(`${at(id)}: nothing was thrown`);
    checkThrown(thrown.error, name, code, field, at(id));
  };

  const servers: Server[] = [];
  const realCreateServer = http.createServer;
  const createServer = ((...args: Parameters<typeof http.createServer>) => {
    const server = realCreateServer(...args);
    const listen = server.listen.bind(server);
    server.listen = ((...listenArgs: unknown[]) => {
      const callback = listenArgs.find((a) => typeof a === 'function') as (() => void) | undefined;
      return listen(0, '127.0.0.1', callback);
    }) as typeof server.listen;
    servers.push(server);
    return server;
  }) as typeof http.createServer;

  const output: string[] = [];
  const log = (...values: unknown[]): void => {
    output.push(`${values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' ')}\n`);
  };
  const captured = { ...globalThis.console, log, info: log };
  const importModule = async (specifier: string): Promise<unknown> => {
    if (specifier === 'node:http' || specifier === 'http') return { ...http, createServer, default: { ...http, createServer } };
    // A TSDoc example of an internal module may import its neighbours; the guides import the package.
    if (specifier.startsWith('.') && example.file.startsWith('src/'))
      return import(/* @vite-ignore */ join(ROOT, dirname(example.file), specifier.replace(/\.js$/, '.ts')));
    if (specifier.startsWith('.') || specifier.startsWith('/'))
      throw new Error(`${example.file}:${example.line}: examples import the package ('cotizador/...'), not '${specifier}'`);
    return context.importModule(specifier);
  };

  const names = Object.keys(context.scope).filter((name) => name !== 'console');
  const body = `"use strict";\n{\n${toScript(instrumented.code)}\n}`;
  let run: (...args: unknown[]) => Promise<void>;
  try {
    run = new AsyncFunction('__claim', '__claimThrows', '__claimRejects', '__import', 'console', ...names, body);
  } catch (error) {
    throw new Error(`${example.file}:${example.line}: ${(error as Error).message}\n${body}`);
  }

  const cwd = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), 'cotizador-docs-'));
  if (example.file.startsWith('src/')) {
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    symlinkSync(join(ROOT, 'data'), join(dir, 'data'));
    symlinkSync(context.dist ?? join(ROOT, 'dist'), join(dir, 'dist'));
  }
  const exitCode = process.exitCode;
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    output.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
  http.createServer = createServer;
  process.exitCode = undefined;
  try {
    process.chdir(dir);
    await run(claim, claimThrows, claimRejects, importModule, captured, ...names.map((n) => context.scope[n]));
    // An example that runs a command (`process.exitCode = await main([...])`) must succeed; a
    // failing command's code is claimed instead (`await main([...]); // 2`).
    const code = process.exitCode as number | string | undefined;
    if (code !== undefined && Number(code) !== 0)
      throw new Error(`${example.file}:${example.line}: the example set process.exitCode to ${code}`);
    for (const server of servers) await checkServer(server, example);
  } finally {
    http.createServer = realCreateServer;
    process.stdout.write = write;
    process.exitCode = exitCode;
    process.chdir(cwd);
    for (const server of servers) await closeServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  const missed = instrumented.claims.filter((c) => !reached.has(c.id));
  if (missed.length > 0) throw new Error(`claims never reached: ${missed.map((c) => at(c.id)).join(', ')}`);
  return { output: output.join(''), servers: servers.length };
}

/**
 * A server the example started is the service behind a transport: an unknown route answers
 * 400 `ERRNEG001`, and the client `app` / `s3cret-value` (every server example's) gets a token, which
 * shows the form body reached the service unchanged.
 */
async function checkServer(server: Server, example: DocExample): Promise<void> {
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`${example.file}:${example.line}: the server is not on a TCP port`);
  const base = `http://127.0.0.1:${address.port}`;
  const unknown = await fetch(`${base}/no-such-route`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  const unknownBody = (await unknown.json()) as { codigoError?: string };
  const granted = await fetch(`${base}/api/esb/ValidaCredenciales/accesstoken`, {
    method: 'POST',
    body: 'grant_type=client_credentials&scope=update',
    headers: {
      authorization: `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
  const grantedBody = (await granted.json()) as { scope?: string };
  expect(
    [unknown.status, unknownBody.codigoError, granted.status, grantedBody.scope],
    `${example.file}:${example.line}: the example's server (unknown route; token for app/s3cret-value)`,
  ).toStrictEqual([400, 'ERRNEG001', 200, 'update']);
}

async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
