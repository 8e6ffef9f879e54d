/**
 * Every subpath but `cotizador/node` runs on any runtime (docs/server.md, Runtimes): no file of
 * the portable folders refers to Node's globals in code. The TypeScript compiler reads each file
 * and resolves every identifier, so a local variable that happens to be called `global` passes,
 * `globalThis.process` and a `Buffer` type fail, and a TSDoc example (a comment) may use Node.
 * The import side of the rule (no `node:` module, no built-in) is `npm run arch`'s
 * `node-builtins-only-in-node`; the bundles' side is scripts/check-browser-bundles.mjs.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The Node-only folders: the node:http server and adapters (`cotizador/node`) and the command line. */
const NODE_ONLY = ['node', 'cli'];
/** Node's globals a portable file must not name. */
const NODE_GLOBALS = new Set([
  'Buffer',
  'process',
  'require',
  '__dirname',
  '__filename',
  'global',
  'module',
  'exports',
  'NodeJS',
  'setImmediate',
]);

function portableFiles(): string[] {
  const src = join(ROOT, 'src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory() && !NODE_ONLY.includes(entry.name)) walk(join(src, entry.name));
  }
  return files.sort();
}

/** Whether a symbol is declared by Node's type definitions (a global of Node, not of the language or the Web). */
function isNodeDeclared(symbol: ts.Symbol | undefined): boolean {
  const declarations = symbol?.declarations ?? [];
  return (
    declarations.length > 0 && declarations.every((d) => /[\\/]node_modules[\\/]@types[\\/]node[\\/]/.test(d.getSourceFile().fileName))
  );
}

/** `file:line name` for every reference to a Node global in the code of the given files. */
function nodeGlobalReferences(files: readonly string[]): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) throw new Error(`not in the program: ${file}`);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text)) {
        const symbol = checker.getSymbolAtLocation(node);
        // Unresolved (a global the program does not know) or declared by @types/node: Node's.
        if (symbol === undefined || isNodeDeclared(symbol)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${relative(ROOT, file)}:${line + 1} ${node.text}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('portable folders', () => {
  const files = portableFiles();
  const references = nodeGlobalReferences(files);

  it('name no Node global in code (Buffer, process, require, __dirname, global…)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(references).toEqual([]);
  });

  it('the check finds what it must: a planted Buffer, globalThis.process and a Buffer type, and passes a local named global', () => {
    const planted = nodeGlobalReferences([join(ROOT, 'test', 'node', 'fixtures', 'planted.ts')]);
    expect(planted.map((reference) => reference.slice(reference.lastIndexOf(' ') + 1))).toEqual(['Buffer', 'process', 'Buffer', 'require']);
  });
});
