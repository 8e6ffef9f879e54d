/**
 * Raw request bodies to values, with the interface's codes: invalid JSON is ERRESQ001, an empty
 * or null body ERRESQ002. `JSON.parse` and `Object.fromEntries` define keys such as `__proto__`
 * as own data properties, so a hostile body never reaches a prototype; the schemas then report
 * such keys as fields not defined in the API (ERRESQ003).
 */
import { messageText } from '../errors/messages.js';
import { issue, type Issue, type ValidationResult } from './validate.js';

function rootIssue(code: 'ERRESQ001' | 'ERRESQ002'): ValidationResult<never> {
  return { success: false, issues: [issue(code, '')] };
}

/**
 * Parses a JSON body. Text is parsed (blank → ERRESQ002, malformed → ERRESQ001, `null` →
 * ERRESQ002); any other value is taken as already parsed (`null`/`undefined` → ERRESQ002).
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
  if (typeof body === 'string') {
    if (body.trim() === '') return rootIssue('ERRESQ002');
    try {
      value = JSON.parse(body);
    } catch {
      return rootIssue('ERRESQ001');
    }
  }
  if (value === null || value === undefined) return rootIssue('ERRESQ002');
  return { success: true, data: value };
}

/**
 * Parses a form-encoded body (`application/x-www-form-urlencoded`) into an object of strings.
 * Blank → ERRESQ002; a field sent twice → ERRESQ005 on that field. A plain object of strings is
 * taken as already parsed.
 *
 * @example
 * ```ts
 * parseFormBody('grant_type=client_credentials&scope=update');
 * // { success: true, data: { grant_type: 'client_credentials', scope: 'update' } }
 * ```
 */
export function parseFormBody(body: unknown): ValidationResult<Record<string, unknown>> {
  if (typeof body !== 'string') {
    if (body === null || body === undefined) return rootIssue('ERRESQ002');
    if (typeof body !== 'object' || Array.isArray(body)) {
      return { success: false, issues: [issue('ERRESQ005', '')] };
    }
    return { success: true, data: body as Record<string, unknown> };
  }
  if (body.trim() === '') return rootIssue('ERRESQ002');
  const entries: [string, string][] = [];
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const [key, value] of new URLSearchParams(body)) {
    if (seen.has(key)) {
      issues.push({ code: 'ERRESQ005', path: key, message: messageText('campoRepetido'), messageId: 'campoRepetido' });
      continue;
    }
    seen.add(key);
    entries.push([key, value]);
  }
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: Object.fromEntries(entries) };
}
