/**
 * One-pass readers of request objects: a TypeBox object schema's check and a copy of the checked
 * fields in one walk over the value's own property names, for the hot path of a quote.
 *
 * TypeBox's compiled check of an object reads every property of the schema by name (24 for the
 * credit request, most of them absent) and then lists the value's own names against an array of
 * the known ones. A server sees requests of many shapes, so V8 compiles those reads for many
 * shapes at once (megamorphic loads), and every later read of the same request — the quote's
 * planning reads 30 fields — pays the same. A reader instead visits only the names the value has,
 * checks each with TypeBox's compiled check of that property's schema, and returns the fields
 * as one object of a fixed shape (every property of the schema, `undefined` where absent), whose
 * reads are monomorphic however varied the requests were.
 *
 * It agrees with TypeBox. A value it returns a copy of is one TypeBox's `Check` accepts (same
 * property checks, every own name known, every required one present), and a plain object (its
 * prototype `Object.prototype` or `null`) that `Check` accepts is read; anything else gives
 * `undefined`, and the caller asks TypeBox (`collectIssues`), which has the last word on what is
 * wrong. One difference, on purpose: a request is its own properties. `Check` also reads values
 * inherited from a modified `Object.prototype`; a reader neither checks nor copies them, and the
 * quote reads only the copy, so such a value can never reach the engines unchecked.
 */
import { type Static, type TObject, type TSchema, OptionalKind } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { invariant } from '../errors/quoteError.js';
import { messageRef } from '../errors/catalog.js';
import { VALIDATION_MESSAGES } from './messages.js';

/**
 * A compiled reader: the value's fields as a fixed-shape copy when the schema accepts it, else
 * `undefined`.
 *
 * @example
 * ```ts
 * const read: FieldReader<typeof CreditRequestSchema> = fieldReader(CreditRequestSchema);
 * read({ ...solicitud, plazo: 1000 }); // undefined
 * ```
 */
export type FieldReader<T extends TObject> = (value: unknown) => Static<T> | undefined;

/** The object-level keywords a reader knows how to check (TypeBox's `Type.Object` and annotations). */
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', '$id', 'title', 'description']);

/**
 * Compiles the one-pass reader of an object schema with `additionalProperties: false` (every
 * request schema of the interface). Throws `ERRSER002` for any other schema: a reader must never
 * accept what TypeBox refuses.
 *
 * @example
 * ```ts
 * const read = fieldReader(CreditRequestSchema);
 * const request = read(solicitud);
 * request?.plazo; // 36
 * request !== undefined && Object.keys(request).length; // 24 (every field of the schema)
 * ```
 */
export function fieldReader<T extends TObject>(schema: T): FieldReader<T> {
  invariant(schema.type === 'object' && schema.additionalProperties === false, messageRef(VALIDATION_MESSAGES, 'lectorEsquema'));
  for (const keyword of Object.keys(schema))
    invariant(OBJECT_KEYWORDS.has(keyword), messageRef(VALIDATION_MESSAGES, 'lectorPalabraClave', { keyword }));
  const keys = Object.keys(schema.properties);
  const required = new Set(schema.required ?? []);
  const checks = keys.map((key) => {
    const property = schema.properties[key] as TSchema;
    // A property is optional for TypeBox when it is marked so or left out of `required`.
    invariant(
      required.has(key) !== (property[OptionalKind] === 'Optional'),
      messageRef(VALIDATION_MESSAGES, 'lectorRequeridoYOpcional', { key }),
    );
    // TypeBox's generated check of the property, evaluated afresh so that each `case` below calls
    // its own function (V8 inlines it; `TypeCheck.Check` is one method shared by every schema).
    // The three hooks serve custom kinds, formats and unique items, which no request schema
    // uses: they answer so that the check refuses (then TypeBox decides), never accepts.
    const code = TypeCompiler.Compile(property).Code();
    return (new Function('kind', 'format', 'hash', code) as (...hooks: unknown[]) => (value: unknown) => boolean)(
      () => false,
      () => false,
      () => 0,
    );
  });
  const lines: string[] = [];
  lines.push('if (typeof value !== "object" || value === null || isArray(value)) return undefined;');
  lines.push('const prototype = getPrototypeOf(value);');
  lines.push('if (prototype !== objectPrototype && prototype !== null) return undefined;');
  lines.push('const names = getOwnPropertyNames(value);');
  lines.push(`let required = 0;${keys.map((_, i) => ` let f${i};`).join('')}`);
  lines.push('for (let i = 0; i < names.length; i++) {');
  lines.push('  const name = names[i];');
  lines.push('  const v = value[name];');
  lines.push('  switch (name) {');
  keys.forEach((key, i) => {
    // TypeBox's rule: an optional property is checked only when not undefined.
    const test = required.has(key) ? `!c${i}(v)` : `v !== undefined && !c${i}(v)`;
    lines.push(
      `    case ${JSON.stringify(key)}: if (${test}) return undefined; f${i} = v;${required.has(key) ? ' required++;' : ''} break;`,
    );
  });
  lines.push('    default: return undefined;');
  lines.push('  }');
  lines.push('}');
  lines.push(`if (required !== ${required.size}) return undefined;`);
  lines.push(`return { ${keys.map((key, i) => `${JSON.stringify(key)}: f${i}`).join(', ')} };`);
  // One local per property check, so each `case` calls one function (V8 inlines it).
  const parameters = ['isArray', 'getPrototypeOf', 'objectPrototype', 'getOwnPropertyNames', ...keys.map((_, i) => `c${i}`)];
  const body = `return function read(value) {\n${lines.join('\n')}\n};`;
  const make = new Function(...parameters, body) as (...args: unknown[]) => FieldReader<T>;
  return make(Array.isArray, Object.getPrototypeOf, Object.prototype, Object.getOwnPropertyNames, ...checks);
}
