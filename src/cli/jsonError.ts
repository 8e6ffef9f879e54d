/**
 * Where JSON text stops being JSON, and why, without quoting it: `JSON.parse`'s messages echo the
 * input (a file's bytes on the user's terminal), so after a failed parse this scanner walks the
 * text (RFC 8259, an explicit stack: any depth) to the first offending character and names only
 * its line, its column and the kind of problem.
 */

/**
 * The kinds of JSON syntax error, as ids of the CLI's catalog (`./messages.ts`) that say them.
 *
 * @example
 * ```ts
 * const problem: JsonProblem = 'finInesperado';
 * ```
 */
export type JsonProblem =
  | 'caracterInesperado'
  | 'finInesperado'
  | 'cadenaSinCerrar'
  | 'escapeInvalido'
  | 'controlEnCadena'
  | 'numeroInvalido';

/** A syntax error: 1-based line and column (in characters) and its kind. */
export interface JsonSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly problem: JsonProblem;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'] as const;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The 1-based line and column of `offset` in `text`.
 *
 * @example
 * ```ts
 * lineColumn('ab\ncd', 4); // { line: 2, column: 2 }
 * ```
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * The first syntax error of `text` as JSON, or `undefined` when it is valid JSON. `firstLine`
 * numbers the text's first line (for a piece of a larger file).
 *
 * @example
 * ```ts
 * findJsonError('{"solicitud": }'); // { line: 1, column: 15, problem: 'caracterInesperado' }
 * findJsonError('{"a": [1, 2'); // { line: 1, column: 12, problem: 'finInesperado' }
 * findJsonError('{"a": "x\n"}'); // { line: 1, column: 9, problem: 'controlEnCadena' }
 * findJsonError('[1, 2]'); // undefined
 * ```
 */
export function findJsonError(text: string, firstLine = 1): JsonSyntaxError | undefined {
  const offset = scan(text);
  if (offset === undefined) return undefined;
  const at = lineColumn(text, offset[0]);
  return { line: at.line + firstLine - 1, column: at.column, problem: offset[1] };
}

/** [offset, problem] of the first error, or undefined. */
function scan(text: string): [number, JsonProblem] | undefined {
  const n = text.length;
  const stack: number[] = []; // 0: array, 1: object
  let i = 0;
  const skip = (): void => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const fail = (problem: JsonProblem = i >= n ? 'finInesperado' : 'caracterInesperado'): [number, JsonProblem] => [i, problem];
  /** Scans a string starting at its quote; returns an error or moves i past it. */
  const string = (): [number, JsonProblem] | undefined => {
    i++;
    for (;;) {
      if (i >= n) return [i, 'cadenaSinCerrar'];
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return undefined;
      }
      if (c < 0x20) return [i, 'controlEnCadena'];
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return [i, 'escapeInvalido'];
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return [i, e === undefined ? 'cadenaSinCerrar' : 'escapeInvalido'];
      } else i++;
    }
  };
  let expect: 'value' | 'after' | 'key' = 'value';
  for (;;) {
    skip();
    if (expect === 'value') {
      if (i >= n) return fail();
      const c = text[i] as string;
      if (c === '{' || c === '[') {
        i++;
        skip();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          expect = 'after';
        } else {
          stack.push(c === '{' ? 1 : 0);
          expect = c === '{' ? 'key' : 'value';
        }
        continue;
      }
      if (c === '"') {
        const error = string();
        if (error !== undefined) return error;
      } else if (c === '-' || (c >= '0' && c <= '9')) {
        NUMBER.lastIndex = i;
        const m = NUMBER.exec(text);
        if (m === null) return fail('numeroInvalido');
        i += m[0].length;
        const next = text[i];
        if (next !== undefined && /[0-9.eE+-]/.test(next)) return fail('numeroInvalido');
      } else {
        const literal = LITERALS.find((l) => text.startsWith(l, i));
        if (literal === undefined) {
          const partial = LITERALS.some((l) => l.startsWith(text.slice(i, n)) && n - i < l.length);
          return partial ? [n, 'finInesperado'] : fail('caracterInesperado');
        }
        i += literal.length;
      }
      expect = 'after';
      continue;
    }
    if (expect === 'key') {
      if (text[i] !== '"') return fail();
      const error = string();
      if (error !== undefined) return error;
      skip();
      if (text[i] !== ':') return fail();
      i++;
      expect = 'value';
      continue;
    }
    // after a value
    const top = stack.at(-1);
    if (top === undefined) return i >= n ? undefined : fail('caracterInesperado');
    if (i >= n) return fail();
    const c = text[i];
    if (c === ',') {
      i++;
      expect = top === 1 ? 'key' : 'value';
    } else if ((c === '}' && top === 1) || (c === ']' && top === 0)) {
      i++;
      stack.pop();
    } else return fail('caracterInesperado');
  }
}
