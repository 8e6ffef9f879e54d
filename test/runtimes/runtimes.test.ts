/**
 * The runtime smoke suite (issue 20): the built package, packed and installed into an empty
 * project as a user installs it (scripts/user-install.mjs), runs the cases of ./cases.ts —
 * `quoteCredit`, `quotePolicy`, `computeCat`, `solveCredit` and `createService().handle` for a
 * token, an AutoEstrene with its table, a SegAutoVendor and the ATM list — under Node (ES module,
 * CommonJS, and with `--disallow-code-generation-from-strings`), Bun and Deno (from their npm
 * packages, devDependencies) and headless Chromium on a page served with `Content-Security-Policy:
 * default-src 'self'` (./browser.ts). Every output must be the corpus's, byte for byte.
 *
 * Slow (an install, a browser) and in need of Debian's chromium, so not part of `npm test`:
 * `npm run test:runtimes` runs it (vitest.runtimes.config.ts), and CI as a step of its own, with
 * the tarball it packed (`COTIZADOR_TARBALL`). A runtime that cannot start fails its tests,
 * loudly: none is ever skipped.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyProject, npmInstall, packBuild, ROOT } from '../../scripts/user-install.mjs';
import { firstDifference } from '../helpers.js';
import { bundlePage, CSP, runPage } from './browser.js';
import { smokeCases } from './cases.js';

const PROGRAM = fileURLToPath(new URL('./program/', import.meta.url));
const RUN_TIMEOUT_MS = 120_000;
const smoke = smokeCases();
const GROUPS = [...new Set(Object.values(smoke.group))];

/** What a runtime's run of the smoke program reports (test/runtimes/program/smoke.mjs and its entries). */
interface Report {
  readonly runtime: string;
  readonly outputs: Readonly<Record<string, string>>;
  readonly codeGeneration: string;
  /** Where the runtime found `cotizador` (a path or a file: URL); the browser's bundle has none. */
  readonly resolved?: string;
  readonly violations?: { readonly duringCases: readonly unknown[]; readonly ofProbe: readonly { directive: string }[] };
  readonly error?: string;
}

let work = '';
let project = '';
beforeAll(() => {
  if (process.env['COTIZADOR_TARBALL'] === undefined && !existsSync(join(ROOT, 'dist', 'index.js'))) {
    throw new Error('no build to pack: run `npm run build` first');
  }
  work = mkdtempSync(join(tmpdir(), 'cotizador-runtimes-'));
  const tarball = process.env['COTIZADOR_TARBALL'] ?? packBuild(work);
  project = join(realpathSync(work), 'project');
  emptyProject(project, 'runtimes-smoke');
  npmInstall(project, [tarball]);
  for (const file of readdirSync(PROGRAM)) copyFileSync(join(PROGRAM, file), join(project, file));
  writeFileSync(join(project, 'cases.mjs'), `export default ${JSON.stringify(smoke.input)};\n`);
});
afterAll(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

/** Runs a command in the project; resolves with its stdout, rejects with its stderr (or why it could not start). */
function run(command: string, args: readonly string[], env: Record<string, string>, hint: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: project, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${command} (${error.message}): ${hint}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}:\n${Buffer.concat(err).toString('utf8')}`));
    });
  });
}

/** The first run of `make`, shared by every test that asks (a runtime runs the program once). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** Each case of `group` whose output is not the corpus's, with where it first differs. */
function mismatches(report: Report, group: string): string[] {
  return Object.entries(smoke.expected)
    .filter(([id]) => smoke.group[id] === group)
    .flatMap(([id, stored]) => {
      const now = report.outputs[id];
      if (now === undefined) return [`${id}: no output`];
      return now === stored ? [] : [`${id} ${firstDifference(stored, now)}`];
    });
}

/** The outputs of every group, each group a test. */
function checkOutputs(report: () => Promise<Report>): void {
  for (const group of GROUPS) {
    const count = Object.values(smoke.group).filter((g) => g === group).length;
    it(`${group}: ${count} case${count === 1 ? '' : 's'}, each output the corpus's`, async () => {
      expect(mismatches(await report(), group)).toEqual([]);
    });
  }
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
/** The Node that runs this suite (CI's: Node 20), as the program names it. */
const THIS_NODE = new RegExp(`^node ${process.versions.node.replaceAll('.', '\\.')}$`);

/** A runtime that runs the program as a process, and what its run must show. */
interface ProcessRuntime {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** How the runtime names itself (test/runtimes/program/smoke.mjs, runtimeName). */
  readonly runtime: RegExp;
  /** The build of the package it must load: the ES module's or the CommonJS one's. */
  readonly build: 'index.js' | 'index.cjs';
  /** What the probe of `new Function` after the cases gives. */
  readonly codeGeneration: 'allowed' | 'EvalError';
  /** Why it might not start. */
  readonly hint: string;
}

const NODE = { command: process.execPath, runtime: THIS_NODE, hint: 'the node running this suite' };
const PROCESSES: readonly ProcessRuntime[] = [
  { ...NODE, name: 'Node, ES module', args: ['esm.mjs'], build: 'index.js', codeGeneration: 'allowed' },
  { ...NODE, name: 'Node, CommonJS', args: ['cjs.cjs'], build: 'index.cjs', codeGeneration: 'allowed' },
  {
    ...NODE,
    name: 'Node, ES module, --disallow-code-generation-from-strings',
    args: ['--disallow-code-generation-from-strings', 'esm.mjs'],
    build: 'index.js',
    codeGeneration: 'EvalError',
  },
  {
    name: 'Bun',
    command: bin('bun'),
    args: ['esm.mjs'],
    runtime: /^bun \d+\.\d+\.\d+$/,
    build: 'index.js',
    codeGeneration: 'allowed',
    hint: 'npm ci installs it (devDependency bun, whose binary comes as a platform package)',
  },
  {
    name: 'Deno',
    command: bin('deno'),
    // No permission at all: the program reads no file, no environment, no network.
    args: ['run', '--no-prompt', 'esm.mjs'],
    runtime: /^deno \d+\.\d+\.\d+$/,
    build: 'index.js',
    codeGeneration: 'allowed',
    hint: 'npm ci installs it (devDependency deno, whose binary comes as a platform package)',
  },
];

for (const runtime of PROCESSES) {
  describe(runtime.name, () => {
    const report = once(async () => {
      const env = { DENO_DIR: join(work, 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
      return JSON.parse(await run(runtime.command, runtime.args, env, runtime.hint)) as Report;
    });

    const refused = runtime.codeGeneration === 'EvalError' ? ', code generation refused' : '';
    it(`runs the installed package's dist/${runtime.build}${refused}`, async () => {
      const { runtime: name, resolved, codeGeneration } = await report();
      console.log(`${runtime.name}: ${name}`);
      expect(name).toMatch(runtime.runtime);
      const path = resolved?.startsWith('file:') ? fileURLToPath(resolved) : resolved;
      expect(path).toBe(join(project, 'node_modules', 'cotizador', 'dist', runtime.build));
      // The probe runs after the cases: where it is refused, so was anything the package tried.
      expect(codeGeneration).toBe(runtime.codeGeneration);
    });
    checkOutputs(report);
  });
}

describe(`headless Chromium, a page served with Content-Security-Policy: ${CSP}`, () => {
  const page = once(async () => runPage(await bundlePage(project), join(project, 'index.html'), RUN_TIMEOUT_MS));
  const report = async () => (await page()).report as Report;

  it('runs the bundle under the policy: no violation, code generation refused', async () => {
    const { policy, report: posted } = await page();
    const { error, runtime, codeGeneration, violations } = posted as Report;
    console.log(`Chromium: ${runtime}`);
    expect(error).toBeUndefined();
    expect(policy).toBe(CSP);
    expect(runtime).toMatch(/HeadlessChrome\/\d+/);
    expect(violations?.duringCases).toEqual([]);
    // The probe after the cases was refused and reported: the page sees violations, and there were none before.
    expect(codeGeneration).toBe('EvalError');
    expect(violations?.ofProbe.map((v) => v.directive)).toEqual(['script-src']);
  });
  checkOutputs(report);
});
