/**
 * Schema validation mapped to the interface's request error codes. Every shape of the interface
 * is a TypeBox schema (which *is* JSON Schema); this turns TypeBox's value errors into coded,
 * field-named issues, all of them collected, none thrown.
 *
 * Nothing here generates code: a schema's check is the one generated ahead of time that it
 * carries (`./precompiled.ts`), or TypeBox's interpreter (`Value.Check`) for a schema without one;
 * the issues come from TypeBox's `Errors`, an interpreter too (the very iterator a compiled
 * `TypeCheck.Errors` returns), so they are the same whichever check said no.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Errors, ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Check } from '@sinclair/typebox/value';
import type { RequestErrorCode } from '../errors/codes.js';
import { renderMessage, type MessageParams } from '../errors/catalog.js';
import { VALIDATION_MESSAGES, validationError, type ValidationMessageId } from './messages.js';
import { precompiledCheck } from './precompiled.js';

/**
 * One problem found in a request: the interface's code, the field's path, a Spanish message.
 *
 * @example
 * ```ts
 * const [first]: Issue[] = collectIssues(CreditRequestSchema, { ...solicitud, plazo: 1000 });
 * first; // { code: 'ERRESQ004', path: 'plazo', message: 'La longitud o el rango del campo no es válido', messageId: 'rangoInvalido' }
 * ```
 */
export interface Issue {
  readonly code: RequestErrorCode;
  /** Dotted path with indices: `solicitud.plazo`, `data[0].Brand[0].ATM[3].ATMServices[1]`. */
  readonly path: string;
  readonly message: string;
  /** The message's id in request validation's catalog (`VALIDATION_MESSAGES`, to render it in another language). */
  readonly messageId: ValidationMessageId;
  /** The values the message was rendered with, if any. */
  readonly messageParams?: MessageParams | undefined;
}

/**
 * A `safeParse`-style result: the data, or every issue found.
 *
 * @example
 * ```ts
 * const result: ValidationResult<CreditRequest> = validateWith(CreditRequestSchema, solicitud);
 * if (result.success) result.data.plazo; // 36
 * ```
 */
export type ValidationResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly issues: readonly Issue[] };

/** Whether TypeBox accepts `value`: the schema's generated check, or TypeBox's interpreter. */
function accepts(schema: TSchema, value: unknown): boolean {
  const check = precompiledCheck(schema);
  return check !== undefined ? check(value) : Check(schema, value);
}

/**
 * Converts a JSON pointer ("/data/0/Brand") into the dotted path ("data[0].Brand").
 *
 * @example
 * ```ts
 * pointerToPath('/data/0/Brand'); // 'data[0].Brand'
 * ```
 */
export function pointerToPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

function codeOf(error: ValueError): RequestErrorCode {
  if (error.value === null || error.value === '') {
    if (error.type !== ValueErrorType.ObjectAdditionalProperties) return 'ERRESQ002';
  }
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'ERRESQ006';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'ERRESQ003';
    case ValueErrorType.StringMaxLength:
    case ValueErrorType.StringMinLength:
    case ValueErrorType.ArrayMaxItems:
    case ValueErrorType.ArrayMinItems:
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.IntegerExclusiveMaximum:
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.NumberExclusiveMaximum:
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.ObjectMaxProperties:
    case ValueErrorType.ObjectMinProperties:
      return 'ERRESQ004';
    default:
      return 'ERRESQ005';
  }
}

/** The catalog's standard text of each request error code. */
const ISSUE_MESSAGES: Readonly<Record<RequestErrorCode, ValidationMessageId>> = {
  ERRESQ001: 'jsonInvalido',
  ERRESQ002: 'campoVacio',
  ERRESQ003: 'campoNoDefinido',
  ERRESQ004: 'rangoInvalido',
  ERRESQ005: 'formatoInvalido',
  ERRESQ006: 'campoFaltante',
};

/**
 * The standard Spanish message of a request error code.
 *
 * @example
 * ```ts
 * issueMessage('ERRESQ006'); // 'Falta un campo requerido'
 * ```
 */
export function issueMessage(code: RequestErrorCode): string {
  return renderMessage({ catalog: VALIDATION_MESSAGES, id: ISSUE_MESSAGES[code] });
}

/**
 * The catalog id of a request error code's standard text.
 *
 * @example
 * ```ts
 * issueMessageId('ERRESQ006'); // 'campoFaltante'
 * ```
 */
export function issueMessageId(code: RequestErrorCode): ValidationMessageId {
  return ISSUE_MESSAGES[code];
}

/**
 * An issue with its code's standard message.
 *
 * @example
 * ```ts
 * issue('ERRESQ004', 'meta.TotalResults');
 * // { code: 'ERRESQ004', path: 'meta.TotalResults', message: 'La longitud o el rango del campo no es válido', messageId: 'rangoInvalido' }
 * ```
 */
export function issue(code: RequestErrorCode, path: string): Issue {
  return { code, path, message: issueMessage(code), messageId: ISSUE_MESSAGES[code] };
}

/** Error types TypeBox reports for the same value after a more specific one (kept out of the list). */
function isSummary(error: ValueError): boolean {
  return error.type === ValueErrorType.Union || error.type === ValueErrorType.Intersect;
}

/**
 * The issues of TypeBox's value errors: one per field path (the most specific first), the first
 * `maxIssues` of them, each path prefixed with `basePath`.
 *
 * @example
 * ```ts
 * import { Errors } from '@sinclair/typebox/errors';
 * issuesFromErrors(Errors(CreditRequestSchema, [], { ...solicitud, plazo: 'x' })).map((i) => `${i.code} ${i.path}`); // ['ERRESQ005 plazo']
 * ```
 */
export function issuesFromErrors(errors: Iterable<ValueError>, basePath = '', maxIssues = Number.POSITIVE_INFINITY): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (issues.length >= maxIssues) break;
    if (isSummary(error) && issues.length > 0) continue;
    const local = pointerToPath(error.path);
    const path = basePath === '' ? local : local === '' || local.startsWith('[') ? `${basePath}${local}` : `${basePath}.${local}`;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = codeOf(error);
    issues.push(issue(code, path));
  }
  return issues;
}

/**
 * Validates `value` against `schema` and collects every issue, one per field path (the most
 * specific first), or the first `maxIssues` of them (a server that reports one issue stops at
 * one, so a hostile body with 100,000 unknown fields costs one issue). A missing field gets its
 * own path, an unknown one its own path too.
 *
 * @example
 * ```ts
 * collectIssues(CreditRequestSchema, { plazo: 'x' }).map((i) => `${i.code} ${i.path}`);
 * // ['ERRESQ006 montoSolicitado', 'ERRESQ006 valorFactura', 'ERRESQ005 plazo']
 * collectIssues(CreditRequestSchema, { plazo: 'x' }, '', 1).length; // 1
 * ```
 */
export function collectIssues(schema: TSchema, value: unknown, basePath = '', maxIssues = Number.POSITIVE_INFINITY): Issue[] {
  if (accepts(schema, value)) return [];
  return issuesFromErrors(Errors(schema, [], value), basePath, maxIssues);
}

/**
 * `safeParse` for one schema: `{ success: true, data }` or `{ success: false, issues }` (every
 * issue, or the first `maxIssues`). The data is the same value, typed; nothing is copied or coerced.
 *
 * @example
 * ```ts
 * const r = validateWith(CreditRequestSchema, { ...solicitud, plazo: -1 });
 * if (!r.success) r.issues.map((i) => `${i.code} ${i.path}`); // ['ERRESQ004 plazo']
 * ```
 */
export function validateWith<T extends TSchema>(
  schema: T,
  value: unknown,
  basePath = '',
  maxIssues = Number.POSITIVE_INFINITY,
): ValidationResult<Static<T>> {
  const issues = collectIssues(schema, value, basePath, maxIssues);
  return issues.length === 0 ? { success: true, data: value as Static<T> } : { success: false, issues };
}

/**
 * Throws the first issue as a {@link QuoteError} (the typed engine API's behaviour); `rootName` names a bad root value.
 *
 * @example
 * ```ts
 * assertValid(CreditRequestSchema, solicitud); // passes
 * assertValid(CreditRequestSchema, { ...solicitud, plazo: '36' }); // throws QuoteError ERRESQ005 'plazo'
 * ```
 */
export function assertValid<T extends TSchema>(
  schema: T,
  value: unknown,
  basePath = '',
  rootName = 'solicitud',
): asserts value is Static<T> {
  const issues = collectIssues(schema, value, basePath);
  const first = issues[0];
  if (first !== undefined) throw validationError(first.code, ISSUE_MESSAGES[first.code], first.path === '' ? rootName : first.path);
}
