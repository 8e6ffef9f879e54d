/**
 * Raw request bodies to values, with the interface's codes: invalid JSON is ERRESQ001, an empty
 * or null body ERRESQ002. `JSON.parse` and `Object.fromEntries` define keys such as `__proto__`
 * as own data properties, so a hostile body never reaches a prototype; the schemas then report
 * such keys as fields not defined in the API (ERRESQ003).
 */
import { renderMessage, type MessageParams } from '../errors/catalog.js';
import { VALIDATION_MESSAGES, type ValidationMessageId } from './messages.js';
import { issue, type Issue, type ValidationResult } from './validate.js';

function rootIssue(code: 'ERRESQ001' | 'ERRESQ002'): ValidationResult<never> {
  return { success: false, issues: [issue(code, '')] };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Bytes as text, decoded as strict UTF-8 (a byte-order mark is kept, so JSON.parse refuses it);
 * undefined for invalid UTF-8 (overlong forms, surrogates, truncated sequences).
 *
 * @example
 * ```ts
 * utf8Text(Uint8Array.of(0x63, 0xc3, 0xb3)); // 'có'
 * utf8Text(Uint8Array.of(0xc3, 0x28)); // undefined
 * ```
 */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The issue of a body that is not UTF-8 (ERRESQ001: what is not text is not JSON either). */
function notUtf8(): ValidationResult<never> {
  return { success: false, issues: [{ code: 'ERRESQ001', path: '', message: validationText('cuerpoNoUtf8'), messageId: 'cuerpoNoUtf8' }] };
}

/**
 * A body's text: bytes decoded as strict UTF-8, text as is, anything else undefined (a parsed
 * value); `{ invalid: true }` for bytes that are not UTF-8.
 */
function bodyText(body: unknown): { readonly text: string | undefined } | { readonly invalid: true } {
  if (typeof body === 'string') return { text: body };
  if (body instanceof Uint8Array) {
    const text = utf8Text(body);
    return text === undefined ? { invalid: true } : { text };
  }
  return { text: undefined };
}

/**
 * Parses a JSON body. Text is parsed (blank → ERRESQ002, malformed → ERRESQ001, `null` →
 * ERRESQ002); bytes are decoded as strict UTF-8 first (invalid UTF-8 → ERRESQ001); any other
 * value is taken as already parsed (`null`/`undefined` → ERRESQ002).
 *
 * @example
 * ```ts
 * parseJsonBody('{"a":1}'); // { success: true, data: { a: 1 } }
 * parseJsonBody('{');
 * // { success: false, issues: [{ code: 'ERRESQ001', path: '', message: 'El cuerpo de la petición no es un JSON válido', messageId: 'jsonInvalido' }] }
 * ```
 */
export function parseJsonBody(body: unknown): ValidationResult<unknown> {
  let value: unknown = body;
  const decoded = bodyText(body);
  if ('invalid' in decoded) return notUtf8();
  const text = decoded.text;
  if (text !== undefined) {
    if (text.trim() === '') return rootIssue('ERRESQ002');
    try {
      value = JSON.parse(text);
    } catch {
      return rootIssue('ERRESQ001');
    }
  }
  if (value === null || value === undefined) return rootIssue('ERRESQ002');
  return { success: true, data: value };
}

/**
 * Limits of {@link parseFormBody}.
 *
 * @example
 * ```ts
 * const limits: FormLimits = { maxFields: 16, maxIssues: 1 };
 * ```
 */
export interface FormLimits {
  /** More fields than this → one ERRESQ004 on the body, before any field is looked at. Default: no limit. */
  readonly maxFields?: number | undefined;
  /** Stop after this many issues. Default: every issue. */
  readonly maxIssues?: number | undefined;
}

function formFieldsIssue(maxFields: number): ValidationResult<never> {
  const message = validationText('formularioCampos', { fields: maxFields });
  return {
    success: false,
    issues: [{ code: 'ERRESQ004', path: '', message, messageId: 'formularioCampos', messageParams: { fields: maxFields } }],
  };
}

/** An already-parsed form (a framework's): string values, an array for a repeated field. */
function parsedForm(body: object, limits: FormLimits): ValidationResult<Record<string, unknown>> {
  const entries = Object.entries(body);
  const maxFields = limits.maxFields ?? Number.POSITIVE_INFINITY;
  if (entries.length > maxFields) return formFieldsIssue(maxFields);
  const issues: Issue[] = [];
  const data: [string, unknown][] = [];
  for (const [key, value] of entries) {
    if (Array.isArray(value)) {
      issues.push({ code: 'ERRESQ005', path: key, message: validationText('campoRepetido'), messageId: 'campoRepetido' });
      if (issues.length >= (limits.maxIssues ?? Number.POSITIVE_INFINITY)) break;
    } else data.push([key, value]);
  }
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: Object.fromEntries(data) };
}

/**
 * Parses a form-encoded body (`application/x-www-form-urlencoded`) into an object of strings.
 * Blank → ERRESQ002; bytes that are not UTF-8 → ERRESQ001; more than `maxFields` fields →
 * ERRESQ004 on the body; a field sent twice → ERRESQ005 on that field. An object (a framework's
 * parsed form, where a repeated field is an array) is taken as already parsed.
 *
 * @example
 * ```ts
 * parseFormBody('grant_type=client_credentials&scope=update');
 * // { success: true, data: { grant_type: 'client_credentials', scope: 'update' } }
 * parseFormBody('a=1&b=2&c=3', { maxFields: 2 }).success; // false
 * ```
 */
export function parseFormBody(body: unknown, limits: FormLimits = {}): ValidationResult<Record<string, unknown>> {
  const decoded = bodyText(body);
  if ('invalid' in decoded) return notUtf8();
  const text = decoded.text;
  if (text === undefined) {
    if (body === null || body === undefined) return rootIssue('ERRESQ002');
    if (typeof body !== 'object' || Array.isArray(body)) {
      return { success: false, issues: [issue('ERRESQ005', '')] };
    }
    return parsedForm(body, limits);
  }
  if (text.trim() === '') return rootIssue('ERRESQ002');
  const maxFields = limits.maxFields ?? Number.POSITIVE_INFINITY;
  if (Number.isFinite(maxFields)) {
    // Count the separators before URLSearchParams decodes anything: a hostile form costs a scan.
    let fields = 1;
    for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1)) if (++fields > maxFields) return formFieldsIssue(maxFields);
  }
  const maxIssues = limits.maxIssues ?? Number.POSITIVE_INFINITY;
  const entries: [string, string][] = [];
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const [key, value] of new URLSearchParams(text)) {
    if (seen.has(key)) {
      issues.push({ code: 'ERRESQ005', path: key, message: validationText('campoRepetido'), messageId: 'campoRepetido' });
      if (issues.length >= maxIssues) break;
      continue;
    }
    seen.add(key);
    entries.push([key, value]);
  }
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: Object.fromEntries(entries) };
}

function validationText(id: ValidationMessageId, params?: MessageParams): string {
  return renderMessage({ catalog: VALIDATION_MESSAGES, id, params });
}
