import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Exported functions and classes whose TSDoc block lacks an `@example`. */
function undocumented(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const missing: string[] = [];
  const declaration = /^export (?:async )?(?:function\*? ?|class )(\w+)/gm;
  for (let m = declaration.exec(text); m !== null; m = declaration.exec(text)) {
    const before = text.slice(0, m.index).trimEnd();
    const doc = before.endsWith('*/') ? before.slice(before.lastIndexOf('/**')) : '';
    if (!doc.includes('@example')) missing.push(`${file}: ${m[1]}`);
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
        if (!ts.getJSDocTags(documented).some((tag) => tag.tagName.text === 'example')) {
          missing.add(`${relative(process.cwd(), declaration.getSourceFile().fileName)}: ${exported.name}`);
        }
      }
    }
  }
  return [...missing];
}

describe('documentation', () => {
  it('every exported function and class in src/ has TSDoc with an @example', () => {
    expect(sourceFiles('src').flatMap(undocumented)).toEqual([]);
  });

  it('every export of every entry (constants and types too) has TSDoc with an @example', () => {
    expect(undocumentedEntryExports()).toEqual([]);
  });
});
