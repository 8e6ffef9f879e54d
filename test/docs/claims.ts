/**
 * Turns the values an example claims in its comments into assertions.
 *
 * The convention (also in docs/README of the tests, `examples.test.ts`):
 *
 * - `expression; // <literal>` claims that the expression deep-equals (`toStrictEqual`) the
 *   literal: a string, number (a leading `-` allowed), bigint, `true`, `false`, `null`,
 *   `undefined`, `NaN`, `Infinity`, or an array/object literal made of those. The literal may
 *   continue on the following `//` lines while its brackets are open.
 * - `const name = expression; // <literal>` claims the value of `name` the same way.
 * - A long value may instead stand on the `//` line(s) right below the statement.
 * - `expression; // throws Name [CODE] ['field']` claims that evaluating the expression throws
 *   (or, for an `await`ed expression, rejects with) an error whose class is `Name`, whose
 *   `codigoError` is `CODE` and whose `valorIncorrecto` is `'field'` when those are given.
 * - After the literal (or the throws clause) a remark may follow in parentheses, or after `—` or
 *   `:`: `// 101 (100.5 → 101)`, `// "9797.03": the first payment`.
 * - A `//` comment that starts like a value (a quote, a digit, `-`, `[`, `{`, `true`, `false`,
 *   `null`, `undefined`, `NaN`, `Infinity`) or with `throws` is a claim: anywhere but at the end of
 *   an expression statement or a one-name declaration it is reported as an unchecked claim, and so
 *   is a claim that does not parse. Vague claims (`// "51.5"-like`, `// '0.51533…'`) therefore fail:
 *   an example claims the exact value or nothing. Prose comments start with a word.
 * - A claim about a field written as prose after a statement (`// values: ['10.00']`,
 *   `// policyFee '550.00'`) is refused too: claim it as `expr.field; // value`.
 * - Every claim must be reached when the example runs (a claim in a branch that is not taken
 *   fails the test).
 */
import ts from 'typescript';

/** One claim, as found in the example. */
export interface Claim {
  /** Index of the claim in the example (the argument of the generated check). */
  readonly id: number;
  /** Line of the claim in the documented file. */
  readonly line: number;
  /** The claim's text, for messages. */
  readonly text: string;
}

/** The example with its claims turned into calls of `__claim`, `__claimThrows`, `__claimRejects`. */
export interface Instrumented {
  readonly code: string;
  readonly claims: readonly Claim[];
  /** Claims that cannot be checked; each one fails the example. */
  readonly problems: readonly string[];
}

const VALUE_START = /^(?:['"`[{\d]|-\s*\d|(?:true|false|null|undefined|NaN|Infinity)\b)/;
/** `// name: 'value'`, `// policyFee '550.00'`: a claim about a field written as prose. */
const DISGUISED = /^[A-Za-z_$][\w$.]*(?::?\s+(?:['"`[{]|-?\d)|\()/;
const THROWS = /^throws\s+([A-Za-z_$][\w$]*)(?:\s+([A-Z]{3,}\d{3}))?(?:\s+('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"))?(.*)$/;

/** Whether a comment's text reads as a claim rather than prose. */
export function looksLikeClaim(text: string): boolean {
  return VALUE_START.test(text) || /^throws\b/.test(text);
}

function isRemark(rest: string): boolean {
  const r = rest.trim();
  return r === '' || (r.startsWith('(') && r.endsWith(')')) || r.startsWith('—') || r.startsWith(':');
}

/** Whether `node` is a literal value: no identifiers but undefined/NaN/Infinity, no calls. */
function isLiteralValue(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isLiteralValue(node.expression);
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isBigIntLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  ) {
    return true;
  }
  if (ts.isIdentifier(node)) return ['undefined', 'NaN', 'Infinity'].includes(node.text);
  if (ts.isPrefixUnaryExpression(node)) {
    return (
      node.operator === ts.SyntaxKind.MinusToken &&
      (ts.isNumericLiteral(node.operand) ||
        ts.isBigIntLiteral(node.operand) ||
        (ts.isIdentifier(node.operand) && node.operand.text === 'Infinity'))
    );
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((e) => isLiteralValue(e));
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every(
      (p) =>
        ts.isPropertyAssignment(p) &&
        (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)) &&
        isLiteralValue(p.initializer),
    );
  }
  return false;
}

/** The literal at the start of `text` and what follows it, or why there is none. */
export function splitLiteral(text: string): { literal: string; rest: string } | { error: string } {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  let depth = 0;
  let end = 0;
  let first = true;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBracketToken || kind === ts.SyntaxKind.OpenBraceToken || kind === ts.SyntaxKind.OpenParenToken) depth++;
    if (kind === ts.SyntaxKind.CloseBracketToken || kind === ts.SyntaxKind.CloseBraceToken || kind === ts.SyntaxKind.CloseParenToken)
      depth--;
    if (scanner.isUnterminated()) return { error: 'an unterminated string' };
    end = scanner.getTokenEnd();
    if (first && kind === ts.SyntaxKind.MinusToken) {
      first = false;
      continue;
    }
    first = false;
    if (depth <= 0) break;
  }
  if (depth > 0) return { error: 'unbalanced brackets' };
  const literal = text.slice(0, end);
  const file = ts.createSourceFile('claim.ts', `(${literal});`, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics;
  const statement = file.statements[0];
  if (diagnostics.length > 0 || file.statements.length !== 1 || statement === undefined || !ts.isExpressionStatement(statement)) {
    return { error: 'not a JavaScript literal' };
  }
  if (!isLiteralValue(statement.expression))
    return { error: 'not a literal value (only strings, numbers, booleans, null, undefined and arrays/objects of them)' };
  return { literal, rest: text.slice(end) };
}

interface Comment {
  readonly pos: number;
  readonly end: number;
  readonly text: string;
  /** Whether only whitespace precedes the comment on its line. */
  readonly ownLine: boolean;
}

/** Every `//` comment of the example, found through the parsed tokens (so none inside a string or template). */
function lineComments(file: ts.SourceFile): Comment[] {
  const code = file.text;
  const seen = new Map<number, Comment>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (r.kind !== ts.SyntaxKind.SingleLineCommentTrivia || seen.has(r.pos)) continue;
      const lineStart = code.lastIndexOf('\n', r.pos - 1) + 1;
      seen.set(r.pos, {
        pos: r.pos,
        end: r.end,
        text: code.slice(r.pos + 2, r.end).trim(),
        ownLine: code.slice(lineStart, r.pos).trim() === '',
      });
    }
  };
  const walk = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(code, node.pos));
    add(ts.getTrailingCommentRanges(code, node.end));
    for (const child of node.getChildren(file)) walk(child);
  };
  walk(file);
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}

function containsAwait(node: ts.Node): boolean {
  if (ts.isAwaitExpression(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return ts.forEachChild(node, containsAwait) ?? false;
}

/**
 * Instruments an example: each claim becomes a check, numbered in order. `firstLine` is the
 * line of the example's first line in its file (for messages).
 */
export function instrument(code: string, firstLine: number): Instrumented {
  const file = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  const diagnostics = (file as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics;
  for (const d of diagnostics) {
    const { line } = file.getLineAndCharacterOfPosition(d.start ?? 0);
    problems.push(`line ${firstLine + line}: syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
  const lineOf = (pos: number): number => firstLine + file.getLineAndCharacterOfPosition(pos).line;
  const comments = lineComments(file);
  const used = new Set<Comment>();
  const edits: { start: number; end: number; text: string }[] = [];
  const claims: Claim[] = [];

  /** The claim text that starts with comment `c`, continued on own-line comments while brackets are open. */
  const claimText = (c: Comment): string => {
    used.add(c);
    let text = c.text;
    let index = comments.indexOf(c);
    while ('error' in splitLiteral(text) && (splitLiteral(text) as { error: string }).error !== 'not a JavaScript literal') {
      const next = comments[index + 1];
      if (next === undefined || !next.ownLine || code.slice(comments[index]!.end, next.pos).split('\n').length !== 2) break;
      used.add(next);
      text += ` ${next.text}`;
      index++;
    }
    return text;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node) || ts.isVariableStatement(node) || ts.isReturnStatement(node) || ts.isThrowStatement(node)) {
      const endLine = file.getLineAndCharacterOfPosition(node.end).line;
      const sameLine = comments.find((c) => c.pos >= node.end && !c.ownLine && file.getLineAndCharacterOfPosition(c.pos).line === endLine);
      // A long value may stand on the `//` line right below the statement instead.
      const below = comments.find((c) => c.pos >= node.end && c.ownLine && file.getLineAndCharacterOfPosition(c.pos).line === endLine + 1);
      const trailing =
        sameLine !== undefined && looksLikeClaim(sameLine.text)
          ? sameLine
          : below !== undefined && looksLikeClaim(below.text)
            ? below
            : undefined;
      if (sameLine !== undefined && !looksLikeClaim(sameLine.text) && DISGUISED.test(sameLine.text)) {
        problems.push(
          `line ${lineOf(sameLine.pos)}: \`// ${sameLine.text}\` reads as a claim about a field: claim it as \`expr.field; // value\``,
        );
      }
      if (trailing !== undefined && !used.has(trailing) && looksLikeClaim(trailing.text)) {
        const text = claimText(trailing);
        const line = lineOf(trailing.pos);
        const id = claims.length;
        const where = `line ${line}: \`// ${text}\``;
        const thrown = text.match(THROWS);
        if (ts.isExpressionStatement(node) && thrown) {
          if (!isRemark(thrown[4]!))
            problems.push(`${where}: after 'throws Name CODE 'field'' only a remark in parentheses or after '—' may follow`);
          const expr = node.expression.getText(file);
          const args = `${JSON.stringify(thrown[1])}, ${JSON.stringify(thrown[2] ?? null)}, ${thrown[3] ?? 'null'}, ${id}`;
          const call = containsAwait(node.expression)
            ? `await __claimRejects(async () => (${expr}), ${args});`
            : `__claimThrows(() => (${expr}), ${args});`;
          edits.push({ start: node.getStart(file), end: node.end, text: call });
          claims.push({ id, line, text });
        } else if (thrown) {
          problems.push(`${where}: a 'throws' claim must end an expression statement`);
        } else {
          const split = splitLiteral(text);
          if ('error' in split) {
            problems.push(`${where}: unchecked claim (${split.error})`);
          } else if (!isRemark(split.rest)) {
            problems.push(`${where}: unchecked claim: after the value only a remark in parentheses or after '—' or ':' may follow`);
          } else if (ts.isExpressionStatement(node)) {
            edits.push({
              start: node.getStart(file),
              end: node.end,
              text: `__claim((${node.expression.getText(file)}), (${split.literal}), ${id});`,
            });
            claims.push({ id, line, text });
          } else if (
            ts.isVariableStatement(node) &&
            node.declarationList.declarations.length === 1 &&
            ts.isIdentifier(node.declarationList.declarations[0]!.name)
          ) {
            const name = node.declarationList.declarations[0]!.name.text;
            edits.push({ start: node.end, end: node.end, text: ` __claim(${name}, (${split.literal}), ${id});` });
            claims.push({ id, line, text });
          } else {
            problems.push(
              `${where}: unchecked claim: a value is claimed only at the end of an expression statement or a one-name declaration`,
            );
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  for (const c of comments) {
    if (!used.has(c) && looksLikeClaim(c.text))
      problems.push(`line ${lineOf(c.pos)}: unchecked claim \`// ${c.text}\` (claims end an expression statement: \`expr; // value\`)`);
  }

  let out = code;
  let limit = Number.POSITIVE_INFINITY;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    if (e.end > limit) problems.push(`claims nest inside one another near line ${lineOf(e.start)}: split the statement`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    limit = e.start;
  }
  return { code: out, claims, problems };
}
