/** Every exported function and class, and every export of every entry, has TSDoc with a runnable `@example`. */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './extract.js';

/** Whether a TSDoc comment's `@example` holds a ```` ```ts ```` block, the only kind `examples.test.ts` runs. */
function hasRunnableExample(tags: readonly ts.JSDocTag[]): boolean {
  return tags.some((tag) => tag.tagName.text === 'example' && /^```ts[ \t]*$/m.test(ts.getTextOfJSDocComment(tag.comment) ?? ''));
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/**
 * Exported functions and classes of `file` (declarations, and constants bound to a function or
 * class expression) whose TSDoc lacks an `@example` with a ```` ```ts ```` block.
 */
function undocumented(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const missing: string[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    const named: string[] = [];
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name !== undefined)
      named.push(statement.name.text);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (init !== undefined && (ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isClassExpression(init)))
          named.push(d.name.getText(source));
      }
    }
    if (named.length > 0 && !hasRunnableExample(ts.getJSDocTags(statement)))
      missing.push(...named.map((name) => `${relative(ROOT, file)}: ${name}`));
  }
  return missing;
}

/** Every name an entry of the package exports (values and types) whose declaration's TSDoc lacks an `@example`. */
function undocumentedEntryExports(): string[] {
  const entries = readdirSync('src/entry')
    .filter((name) => name !== 'common.ts')
    .map((name) => join('src/entry', name));
  const program = ts.createProgram(entries, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const missing = new Set<string>();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const declaration of symbol.declarations ?? []) {
        const documented = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
        if (!hasRunnableExample(ts.getJSDocTags(documented))) {
          missing.add(`${relative(process.cwd(), declaration.getSourceFile().fileName)}: ${exported.name}`);
        }
      }
    }
  }
  return [...missing];
}

describe('documentation', () => {
  it('every exported function and class in src/ has TSDoc with a ts @example', () => {
    const files = sourceFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(undocumented)).toEqual([]);
  });

  it('every export of every entry (constants and types too) has TSDoc with a ts @example', () => {
    expect(undocumentedEntryExports()).toEqual([]);
  });
});
