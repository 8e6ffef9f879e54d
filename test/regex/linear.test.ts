/**
 * No regular expression in `src/` is worse than linear on any input (issue 21, item 14).
 *
 * Every regex is found with the TypeScript compiler, not listed: each literal, each
 * `new RegExp(x)` / `RegExp(x)` (x must have a constant string type, which the type checker
 * computes through `const`s and imports: a pattern built at run time would escape the check and
 * is refused), each JSON Schema `pattern: ...` (TypeBox and the OpenAPI document compile them to
 * RegExps) and each `.match` / `.search` / `.matchAll` given a string (which is compiled as a
 * regex). Each is analysed by `recheck`'s automaton checker, which decides from the pattern's
 * automaton whether a backtracking matcher can take super-linear steps — nested quantifiers,
 * overlapping alternatives under a quantifier (`^(\w|\d)+$`: exponential), a quantified part
 * followed by an overlapping one, and a quantifier the search retries from every start position
 * (`/0+$/` on `1000…0001`: quadratic) — and reports the degree. A pattern with a backreference
 * (outside the automaton's reach) is checked with each `\N` replaced by a copy of group N: the same
 * backtracking shape, the copy matching at least what the reference can. Any verdict but linear
 * fails the test, naming file and line.
 *
 * The fixes this check asked for are tested on the inputs that exploded, with no clock: the
 * checker shows the old patterns super-linear, and the new code gives the right answer on an input
 * long enough (200,000 characters) that the old quadratic code would have needed some 2·10^10
 * steps, far past the test's timeout.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exactNumber } from '../../src/cli/xlsx.js';
import { fromBase64, toBase64Url } from '../../src/util/bytes.js';
import { trimTrailing } from '../../src/util/text.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** A regex found in the source: where, and its pattern and flags (or why they are not known). */
interface Found {
  readonly where: string;
  readonly source?: string;
  readonly flags?: string;
  readonly unknown?: string;
}

/** The pattern with each backreference replaced by a copy of its group, or undefined when a copy would itself capture. */
function withoutBackreferences(source: string, flags: string): string | undefined {
  const literal = new RegExpParser().parseLiteral(new RegExp(source, flags).toString());
  const references: AST.Backreference[] = [];
  visitRegExpAST(literal.pattern, { onBackreferenceEnter: (node) => void references.push(node) });
  let out = literal.pattern.raw;
  for (const reference of references.sort((a, b) => b.start - a.start)) {
    const group = reference.resolved as AST.CapturingGroup;
    const copy = group.alternatives.map((a) => a.raw).join('|');
    if (copy.includes('(') || copy.includes('\\k') || /\\[1-9]/.test(copy)) return undefined;
    // `start` counts from the literal's opening slash.
    out = `${out.slice(0, reference.start - 1)}(?:${copy})${out.slice(reference.end - 1)}`;
  }
  return out;
}

/** Why a pattern is not linear (its complexity, or what kept the checker from deciding), or undefined when it is. */
function superLinear(source: string, flags: string): string | undefined {
  let result = checkSync(source, flags, { checker: 'automaton', timeout: 30_000 });
  if (result.status === 'unknown' && result.error.kind === 'unsupported') {
    const relaxed = withoutBackreferences(source, flags);
    if (relaxed === undefined) return `unknown (${result.error.kind})`;
    result = checkSync(relaxed, flags, { checker: 'automaton', timeout: 30_000 });
  }
  if (result.status === 'safe') return undefined;
  if (result.status === 'unknown') return `unknown (${result.error.kind})`;
  const complexity = result.complexity;
  return complexity.type === 'polynomial' ? `polynomial, degree ${complexity.degree}` : complexity.type;
}

function findRegexes(): Found[] {
  const files = sourceFiles(SRC);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const found: Found[] = [];
  // A constant string: a literal type the checker computed, or a const holding one, or the `.source` of a regex literal.
  const constant = (node: ts.Expression, depth = 0): string | undefined => {
    const type = checker.getTypeAtLocation(node);
    if (type.isStringLiteral()) return type.value;
    if (depth > 8) return undefined;
    if (ts.isRegularExpressionLiteral(node)) return node.text.slice(1, node.text.lastIndexOf('/'));
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'source') return constant(node.expression, depth + 1);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return constant(node.expression, depth + 1);
    if (ts.isIdentifier(node)) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
        const isConst = (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
        if (isConst) return constant(declaration.initializer, depth + 1);
      }
    }
    return undefined;
  };
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) throw new Error(`not parsed: ${file}`);
    const where = (node: ts.Node): string =>
      `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const text = node.text;
        const slash = text.lastIndexOf('/');
        found.push({ where: where(node), source: text.slice(1, slash), flags: text.slice(slash + 1) });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [pattern, flags] = node.arguments ?? [];
        const value = pattern === undefined ? undefined : constant(pattern);
        const flagText = flags === undefined ? '' : constant(flags);
        if (value === undefined || flagText === undefined) found.push({ where: where(node), unknown: node.getText(source) });
        else found.push({ where: where(node), source: value, flags: flagText });
      } else if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'pattern') {
        const value = constant(node.initializer);
        if (value === undefined) found.push({ where: where(node), unknown: node.getText(source) });
        // A JSON Schema pattern is ECMA-262 with Unicode semantics (what ajv and TypeBox compile).
        else found.push({ where: where(node), source: value, flags: 'u' });
      } else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['match', 'matchAll', 'search'].includes(node.expression.name.text) &&
        node.arguments[0] !== undefined
      ) {
        const value = constant(node.arguments[0]);
        if (value !== undefined) found.push({ where: where(node), source: value, flags: '' });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the checker', () => {
  it('reports the shapes that backtrack super-linearly, and passes linear ones', () => {
    // The ones this check found in src/ (trailing zeros, base64 padding) and the classic shapes.
    expect(superLinear('0+$', '')).toBe('polynomial, degree 2');
    expect(superLinear('=+$', '')).toBe('polynomial, degree 2');
    expect(superLinear('(a+)+$', '')).toBe('exponential');
    expect(superLinear('^(\\w|\\d)+$', '')).toBe('exponential');
    expect(superLinear('^(a|b|ab)*$', '')).toBe('exponential');
    expect(superLinear('a*a*$', '')).toBe('polynomial, degree 3');
    expect(superLinear('^\\s+|\\s+$', 'g')).toBe('polynomial, degree 2');
    expect(superLinear('^(a+)\\1*b$', '')).toBe('exponential');
    for (const good of [
      '^0+',
      '^-?\\d+(\\.\\d+)?$',
      '^(\\d{1,6})\\/(\\d{1,6})$',
      '[A-Z]{3}',
      '^[A-Za-z0-9+/]+={0,2}$',
      '^(a|ab)*c',
      '(["\'])x\\1',
    ]) {
      expect(superLinear(good, ''), good).toBeUndefined();
    }
  });
});

describe('every regex in src/', () => {
  const found = findRegexes();

  it('is found (literals, RegExp(...), JSON Schema patterns)', () => {
    // The source holds about two hundred (the generated checks share one per pattern since stop 26;
    // there were over 300): a scan that found few would have stopped looking.
    expect(found.length).toBeGreaterThan(150);
    expect(found.some((f) => f.where.startsWith('src/contracts/generated/credit.ts'))).toBe(true);
    expect(found.some((f) => f.where.startsWith('src/insurance/priceOffers.ts') && f.source?.startsWith('^(0|[1-9]'))).toBe(true);
    expect(found.some((f) => f.where.startsWith('src/contracts/') && f.flags === 'u')).toBe(true);
  });

  it('has a pattern known when the code is compiled (none built at run time)', () => {
    expect(found.filter((f) => f.unknown !== undefined).map((f) => `${f.where} ${f.unknown}`)).toEqual([]);
  });

  it('is linear on any input', () => {
    const slow = found.flatMap((f) => {
      if (f.source === undefined) return [];
      const verdict = superLinear(f.source, f.flags ?? '');
      return verdict === undefined ? [] : [`${f.where} /${f.source}/${f.flags}: ${verdict}`];
    });
    expect(slow).toEqual([]);
  });
});

describe('the fixes, on the inputs that used to explode', () => {
  const zeros = '0'.repeat(200_000);

  it('xlsx amounts: a long run of zeros inside a decimal (was `/0+$/` over the digits)', () => {
    expect(exactNumber(`1.${zeros}1`)).toBeUndefined();
    expect(exactNumber(`1.${zeros}`)).toBe(1);
    expect(exactNumber(`${zeros}12.50`)).toBe(12.5);
    expect(exactNumber('-0.000000000000001')).toBe(-1e-15);
    expect(exactNumber('12345678901234.56')).toBeUndefined();
    expect(exactNumber('1234567890123.45')).toBe(1234567890123.45);
  });

  it('base64 padding: a long run of = that does not end the text (was `/=+$/`)', () => {
    expect(fromBase64(`${'='.repeat(200_000)}a`)).toBeUndefined();
    expect(fromBase64(`YQ${'='.repeat(200_000)}`)).toEqual(new Uint8Array([97]));
    expect(toBase64Url(new Uint8Array([0xfb]))).toBe('-w');
  });

  it('trimTrailing scans back from the end only', () => {
    expect(trimTrailing(`1${zeros}1`, '0')).toBe(`1${zeros}1`);
    expect(trimTrailing(`1${zeros}`, '0')).toBe('1');
    expect(trimTrailing('', '0')).toBe('');
  });
});
