/**
 * A guide's ```` ```ts ```` block that declares an interface (`interface PolicyOptions { ... }`)
 * shows the shape of an exported type: it runs as an example (a declaration does nothing), and
 * here its fields and methods must be the real type's, one for one, optionality included.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { guideFiles, markdownExamples } from './extract.js';
import { entryPath } from './run.js';

const ENTRIES = [
  'cotizador',
  'cotizador/credit',
  'cotizador/cat',
  'cotizador/insurance',
  'cotizador/contracts',
  'cotizador/service',
  'cotizador/atm',
  'cotizador/documents',
  'cotizador/analysis',
];

interface Shape {
  readonly where: string;
  readonly name: string;
  readonly fields: readonly string[];
}

/** The interfaces the guides declare: name and members, fields and methods (`name?` when optional), sorted. */
function documentedShapes(): Shape[] {
  return guideFiles()
    .flatMap(markdownExamples)
    .flatMap((example) => {
      const file = ts.createSourceFile('shape.ts', example.code, ts.ScriptTarget.ES2022, true);
      return file.statements.filter(ts.isInterfaceDeclaration).map((declaration) => ({
        where: `${example.file}:${example.line}`,
        name: declaration.name.text,
        fields: declaration.members
          .filter((m) => ts.isPropertySignature(m) || ts.isMethodSignature(m))
          .map((m) => `${m.name.getText(file)}${m.questionToken ? '?' : ''}`)
          .sort(),
      }));
    });
}

describe('shapes in the guides', () => {
  const shapes = documentedShapes();

  it('finds them', () => {
    expect(shapes.map((s) => s.name).sort()).toEqual(['AtmApiConfig', 'AtmDataset', 'PolicyOptions', 'RateLimitStore']);
  });

  it('match the exported types field for field', () => {
    const entries = ENTRIES.map((e) => entryPath(e)!);
    const program = ts.createProgram(entries, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    });
    const checker = program.getTypeChecker();
    const exported = new Map<string, ts.Symbol>();
    for (const entry of entries) {
      const module = checker.getSymbolAtLocation(program.getSourceFile(join(entry))!)!;
      for (const symbol of checker.getExportsOfModule(module)) exported.set(symbol.name, symbol);
    }
    const real = shapes.map((shape) => {
      const symbol = exported.get(shape.name);
      if (symbol === undefined) return { ...shape, fields: ['(not exported by any entry)'] };
      const type = checker.getDeclaredTypeOfSymbol(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
      const fields = checker
        .getPropertiesOfType(type)
        .map((p) => `${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}`)
        .sort();
      return { ...shape, fields };
    });
    expect(shapes).toEqual(real);
  });
});
