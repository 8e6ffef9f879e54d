/**
 * The records of a portfolio file, read as a stream: RFC 4180 CSV (a header of field names),
 * JSON lines, or a JSON array, each parsed incrementally as text arrives so memory stays flat
 * whatever the file's size. A record carries the line it starts on. A record that cannot be read
 * (a JSON line that is not JSON, a CSV row with the wrong number of fields, a record longer than
 * {@link MAX_RECORD_CHARS}, skipped without being held) is a record with an error and the run
 * goes on; a break in the framing itself (an unterminated quote, a JSON array that stops being
 * one) ends the run with the line and column, never the bytes.
 */
import type { QuoteError } from '../entry/common.js';
import { findJsonError, type JsonProblem } from './jsonError.js';
import { cliQuoteError } from './messages.js';
import { framingError, type InputRecord, MAX_RECORD_CHARS, type RecordParser, tooLong } from './batchFraming.js';

export { type InputRecord, MAX_RECORD_CHARS, type RecordParser } from './batchFraming.js';

/**
 * The input formats of `batch`.
 *
 * @example
 * ```ts
 * BATCH_INPUT_FORMATS; // ['csv', 'jsonl', 'json']
 * ```
 */
export const BATCH_INPUT_FORMATS = ['csv', 'jsonl', 'json'] as const;
/** One of {@link BATCH_INPUT_FORMATS}. */
export type BatchInputFormat = (typeof BATCH_INPUT_FORMATS)[number];

/**
 * RFC 4180 CSV, record by record (CRLF or LF line ends; blank lines skipped). `emit` gets each
 * record's fields and the line it starts on.
 *
 * @example
 * ```ts
 * const rows: InputRecord[] = [];
 * const parser = csvParser('x.csv', (r) => rows.push(r));
 * parser.push('a,b\r\n1,"x,\ny"\r\n');
 * parser.push('3,4');
 * parser.end();
 * rows; // [{ line: 1, value: ['a', 'b'] }, { line: 2, value: ['1', 'x,\ny'] }, { line: 4, value: ['3', '4'] }]
 * ```
 */
export function csvParser(file: string, emit: (record: InputRecord) => void): RecordParser {
  let fields: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted field
  let afterQuote = false; // a quoted field just closed
  let fieldStarted = false;
  let line = 1;
  let column = 0;
  let recordLine = 1;
  let size = 0;
  let quoteLine = 1;
  let quoteColumn = 1;
  // Past the limit the record's text is dropped as it arrives; `field` keeps at most one
  // character, so "is the field empty" is still known for the quote rules.
  let oversized = false;
  const add = (c: string): void => {
    if (!oversized) field += c;
    else if (field === '') field = c;
  };
  const finishRecord = (): void => {
    if (oversized) emit(tooLong(recordLine));
    else {
      if (fields.length === 0 && field === '' && !fieldStarted) return; // a blank line
      fields.push(field);
      emit({ line: recordLine, value: fields });
    }
    oversized = false;
    fields = [];
    field = '';
    fieldStarted = false;
    afterQuote = false;
    size = 0;
  };
  return {
    push(text) {
      for (let i = 0; i < text.length; i++) {
        // Fast path: a whole line without quotes, at the start of a record, split at once.
        if (!quoted && !afterQuote && !fieldStarted && !oversized && field === '' && fields.length === 0) {
          const nl = text.indexOf('\n', i);
          if (nl !== -1 && nl - i <= MAX_RECORD_CHARS) {
            const end = nl > i && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
            const segment = text.slice(i, end);
            if (!segment.includes('"') && !segment.includes('\r')) {
              if (segment !== '') emit({ line: recordLine, value: segment.split(',') });
              i = nl;
              line++;
              column = 0;
              recordLine = line;
              size = 0;
              continue;
            }
          }
        }
        const c = text[i] as string;
        column++;
        if (++size > MAX_RECORD_CHARS && !oversized) {
          oversized = true;
          fields = [];
          field = field.slice(0, 1);
        }
        if (quoted) {
          if (c === '"') {
            if (text[i + 1] === '"') {
              add('"');
              i++;
              column++;
            } else {
              // Closed (a quote at the end of a chunk may yet be doubled: see below).
              quoted = false;
              afterQuote = true;
            }
          } else {
            if (c === '\n') {
              line++;
              column = 0;
            }
            add(c);
          }
          continue;
        }
        if (afterQuote && c === '"') {
          // The doubled quote was split across chunks: `"...""...`.
          add('"');
          quoted = true;
          afterQuote = false;
          continue;
        }
        if (c === ',') {
          if (!oversized) fields.push(field);
          field = '';
          fieldStarted = true;
          afterQuote = false;
        } else if (c === '\n') {
          finishRecord();
          line++;
          column = 0;
          recordLine = line;
          size = 0;
        } else if (c === '\r') {
          // Part of CRLF (or a stray CR): ignored outside quotes.
        } else if (c === '"') {
          if (field !== '' || afterQuote) throw framingError(file, 'csv', line, column, 'comillaEnCampo');
          quoted = true;
          quoteLine = line;
          quoteColumn = column;
          fieldStarted = true;
        } else {
          if (afterQuote) throw framingError(file, 'csv', line, column, 'textoTrasComillas');
          add(c);
          fieldStarted = true;
        }
      }
    },
    end() {
      if (quoted) throw framingError(file, 'csv', quoteLine, quoteColumn, 'comillasSinCerrar');
      finishRecord();
    },
  };
}

function jsonRecordError(text: string): QuoteError {
  const at = findJsonError(text) ?? { line: 1, column: 1, problem: 'caracterInesperado' as JsonProblem };
  return cliQuoteError('ERRESQ001', 'registroJsonInvalido', undefined, { column: at.column });
}

/**
 * JSON lines: one JSON value a line (blank lines skipped); a line that is not JSON is a record
 * with an `ERRESQ001` error and the run goes on (so the file, in the other parsers' signature, is
 * never named).
 *
 * @example
 * ```ts
 * const rows: InputRecord[] = [];
 * const parser = jsonLinesParser('x.jsonl', (r) => rows.push(r));
 * parser.push('{"plazo":12}\n\n{"pla');
 * parser.push('zo":24}\n{oops}\n');
 * parser.end();
 * rows.map((r) => [r.line, r.error === undefined ? r.value : r.error.codigoError]);
 * // [[1, { plazo: 12 }], [3, { plazo: 24 }], [4, 'ERRESQ001']]
 * ```
 */
export function jsonLinesParser(_file: string, emit: (record: InputRecord) => void): RecordParser {
  let pending = '';
  let line = 1;
  const take = (text: string): void => {
    const body = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (body.trim() !== '') {
      try {
        emit({ line, value: JSON.parse(body) as unknown });
      } catch {
        emit({ line, error: jsonRecordError(body) });
      }
    }
    line++;
  };
  // A line past the limit is dropped as it arrives, and is one error record when it ends.
  let skipping = false;
  const skipped = (): void => {
    emit(tooLong(line));
    line++;
    skipping = false;
  };
  return {
    push(text) {
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        if (skipping || pending.length + (nl - start) > MAX_RECORD_CHARS) skipped();
        else take(pending + text.slice(start, nl));
        pending = '';
        start = nl + 1;
      }
      if (skipping) return;
      pending += text.slice(start);
      if (pending.length > MAX_RECORD_CHARS) {
        skipping = true;
        pending = '';
      }
    },
    end() {
      if (skipping) skipped();
      else if (pending !== '') take(pending);
      pending = '';
    },
  };
}

/**
 * A JSON array read element by element: each element is parsed when its closing character
 * arrives. The array's framing must hold (a syntax error between or inside elements ends the run,
 * naming line and column).
 *
 * @example
 * ```ts
 * const rows: InputRecord[] = [];
 * const parser = jsonArrayParser('x.json', (r) => rows.push(r));
 * parser.push('[\n  {"plazo": 12},\n  {"plazo"');
 * parser.push(': 24, "n": "a]"}\n]\n');
 * parser.end();
 * rows; // [{ line: 2, value: { plazo: 12 } }, { line: 3, value: { plazo: 24, n: 'a]' } }]
 * ```
 */
export function jsonArrayParser(file: string, emit: (record: InputRecord) => void): RecordParser {
  type State = 'start' | 'beforeElement' | 'element' | 'afterElement' | 'done';
  let state: State = 'start';
  let line = 1;
  let column = 0;
  let element = '';
  let elementLine = 1;
  let elementColumn = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let afterComma = false;
  const fail = (problem: JsonProblem): never => {
    throw framingError(file, 'json', line, column, problem);
  };
  // An element past the limit is dropped as it arrives (its structure still followed), and is one error record.
  let oversized = false;
  const finish = (): void => {
    if (oversized) {
      emit(tooLong(elementLine));
      oversized = false;
      element = '';
      state = 'afterElement';
      return;
    }
    try {
      emit({ line: elementLine, value: JSON.parse(element) as unknown });
    } catch {
      const at = findJsonError(element) ?? { line: 1, column: 1, problem: 'caracterInesperado' as JsonProblem };
      const where = { line: elementLine + at.line - 1, column: at.line === 1 ? elementColumn + at.column - 1 : at.column };
      throw framingError(file, 'json', where.line, where.column, at.problem);
    }
    element = '';
    state = 'afterElement';
  };
  const space = (c: string): boolean => c === ' ' || c === '\n' || c === '\r' || c === '\t';
  return {
    push(text) {
      for (let i = 0; i < text.length; i++) {
        const c = text[i] as string;
        column++;
        if (state === 'element') {
          if (inString) {
            if (!oversized) element += c;
            if (escaped) escaped = false;
            else if (c === '\\') escaped = true;
            else if (c === '"') inString = false;
          } else if (depth === 0 && (c === ',' || c === ']' || space(c))) {
            // A scalar element ends here.
            finish();
            i--;
            column--;
            continue;
          } else {
            if (!oversized) element += c;
            if (c === '"') inString = true;
            else if (c === '{' || c === '[') depth++;
            else if (c === '}' || c === ']') {
              depth--;
              if (depth === 0) finish();
            }
          }
          if (element.length > MAX_RECORD_CHARS) {
            oversized = true;
            element = '';
          }
          if (c === '\n') {
            line++;
            column = 0;
          }
          continue;
        }
        if (c === '\n') {
          line++;
          column = 0;
          continue;
        }
        if (space(c)) continue;
        if (state === 'start') {
          if (c !== '[') fail('caracterInesperado');
          state = 'beforeElement';
          afterComma = false;
        } else if (state === 'beforeElement') {
          if (c === ']' && !afterComma) state = 'done';
          else if (c === ']' || c === ',') fail('caracterInesperado');
          else {
            state = 'element';
            element = '';
            elementLine = line;
            elementColumn = column;
            depth = 0;
            inString = false;
            escaped = false;
            i--;
            column--;
          }
        } else if (state === 'afterElement') {
          if (c === ',') {
            state = 'beforeElement';
            afterComma = true;
          } else if (c === ']') state = 'done';
          else fail('caracterInesperado');
        } else fail('caracterInesperado');
      }
    },
    end() {
      if (state === 'element' && depth === 0 && !inString && (element !== '' || oversized)) finish();
      if (state !== 'done') {
        column++;
        fail('finInesperado');
      }
    },
  };
}

/**
 * The parser of a format.
 *
 * @example
 * ```ts
 * const rows: InputRecord[] = [];
 * const parser = recordParser('jsonl', 'x.jsonl', (r) => rows.push(r));
 * parser.push('{"plazo":12}\n');
 * parser.end();
 * rows.length; // 1
 * ```
 */
export function recordParser(format: BatchInputFormat, file: string, emit: (record: InputRecord) => void): RecordParser {
  return format === 'csv' ? csvParser(file, emit) : format === 'jsonl' ? jsonLinesParser(file, emit) : jsonArrayParser(file, emit);
}

/**
 * The input format of FILE: by its extension (`.csv`; `.jsonl`, `.ndjson`; `.json`), else by its
 * first character (`[` a JSON array, `{` JSON lines, anything else CSV).
 *
 * @example
 * ```ts
 * inputFormatOf('cartera.csv', ''); // 'csv'
 * inputFormatOf('-', '  [{"plazo": 12}]'); // 'json'
 * inputFormatOf('-', '{"plazo": 12}\n'); // 'jsonl'
 * ```
 */
export function inputFormatOf(file: string, head: string): BatchInputFormat {
  const lower = file.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  const first = head.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '[' ? 'json' : first === '{' ? 'jsonl' : 'csv';
}
