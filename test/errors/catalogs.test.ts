/**
 * Every text a person can see goes through a catalog, and every catalog is whole.
 *
 * 1. The catalogs are found, not listed: every `src/**\/messages.ts` (and the codes' catalog in
 *    `src/errors/codes.ts`) is imported and each exported catalog walked — every id in every
 *    language, none empty, the same `{values}` in each, no Spanish word inside an English text.
 *    A `locales/` folder without a catalog beside it fails, so a new domain cannot be forgotten.
 * 2. No Spanish text outside the locales: the string literals of `src/` are read with the
 *    TypeScript parser, and one that reads as Spanish outside a `locales/` folder must be content
 *    the interface fixes in Spanish (the JSON Schemas' descriptions, the receipt PDF's words, the
 *    ATM error titles, the tariff format's descriptions), each file named below with its reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGS, type Catalog } from '../../src/errors/catalog.js';
import { checkCatalog } from './catalogCheck.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const isCatalog = (value: unknown): value is Catalog =>
  typeof value === 'object' && value !== null && typeof (value as Catalog).domain === 'string' && 'locales' in value;

async function catalogsIn(file: string): Promise<Catalog[]> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.values(module).filter(isCatalog);
}

const files = sourceFiles(SRC);
const catalogFiles = files.filter((file) => file.endsWith('/messages.ts') || file.endsWith('/errors/codes.ts'));

describe('every catalog of the library', async () => {
  const found = new Map<string, Catalog[]>();
  for (const file of catalogFiles) found.set(relative(SRC, file), await catalogsIn(file));

  it('is found beside every locales folder, one domain name each', () => {
    const localeDirs = new Set(files.filter((file) => file.includes('/locales/')).map((file) => dirname(dirname(file))));
    for (const dir of localeDirs) {
      const beside = [...found].filter(([file]) => dirname(join(SRC, file)) === dir).flatMap(([, catalogs]) => catalogs);
      expect(beside.length, `${relative(SRC, dir)}/locales has no catalog beside it`).toBeGreaterThan(0);
      for (const lang of LANGS) expect(files, `${relative(SRC, dir)} speaks ${lang}`).toContain(join(dir, 'locales', `${lang}.ts`));
    }
    const domains = [...found.values()].flat().map((catalog) => catalog.domain);
    expect(new Set(domains).size).toBe(domains.length);
    expect(domains.length).toBeGreaterThanOrEqual(13);
  });

  for (const [file, catalogs] of found) {
    for (const catalog of catalogs) {
      it(`${catalog.domain} (${file}): every message in every language, the same values, no Spanish in English`, () => {
        checkCatalog(catalog);
      });
    }
  }
});

/**
 * Files whose Spanish literals are content, not messages, and why. Anything else in Spanish
 * outside a `locales/` folder fails.
 */
const SPANISH_CONTENT: Readonly<Record<string, string>> = {
  'contracts/atm.ts': "the ATM schemas' descriptions, the interface's own documentation of each field",
  'contracts/atmObject.ts': "the ATM schemas' descriptions",
  'contracts/credit.ts': "the AutoEstrene schemas' descriptions",
  'contracts/envelope.ts': "the envelopes' descriptions",
  'contracts/fields.ts': "the field builders' descriptions",
  'contracts/policy.ts': "the SegAutoVendor schemas' descriptions",
  'contracts/taxpayer.ts': "the taxpayer API's descriptions",
  'contracts/token.ts': "the token API's descriptions",
  'documents/receipt.ts': 'the receipt PDF is a Spanish document: its labels',
  'documents/words.ts': 'the amount in words the receipt prints, in Spanish',
  'atm/errors.ts': "the ATM error bodies' titles, fixed by the interface in Spanish",
  'insurance/tariff.ts': "the tariff format's JSON Schema descriptions (data documentation)",
};

const SPANISH_TEXT = /[áéíóúñ¿¡]|\b(debe|deben|falta|se recibió|de|un|el|la|los|las|del|una|para|con|sin)\b/i;

function spanishLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = (node as ts.LiteralLikeNode).text;
      if (SPANISH_TEXT.test(text)) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('texts a person sees', () => {
  it('are in the locales, except the Spanish content the interface fixes', () => {
    const stray: string[] = [];
    const content = new Set<string>();
    for (const file of files) {
      const path = relative(SRC, file);
      if (path.includes('/locales/')) continue;
      const literals = spanishLiterals(file);
      if (literals.length === 0) continue;
      if (Object.hasOwn(SPANISH_CONTENT, path)) content.add(path);
      else stray.push(...literals.map((text) => `${path}: ${JSON.stringify(text)}`));
    }
    expect(stray).toEqual([]);
    // Every exception is still needed: a file that lost its Spanish leaves the list.
    expect([...content].sort()).toEqual(Object.keys(SPANISH_CONTENT).sort());
  });

  it('the scan finds Spanish in a literal', () => {
    expect(SPANISH_TEXT.test('un entero de 0 a 99')).toBe(true);
    expect(SPANISH_TEXT.test('debe ser un entero')).toBe(true);
    expect(SPANISH_TEXT.test('configuración')).toBe(true);
    expect(SPANISH_TEXT.test('must be an integer')).toBe(false);
  });
});
