/**
 * One-pass readers of request objects: a TypeBox object schema's check and a copy of the checked
 * fields in one walk over the value's own property names, for the hot path of a quote.
 *
 * TypeBox's compiled check of an object reads every property of the schema by name (24 for the
 * credit request, most of them absent) and then lists the value's own names against an array of
 * the known ones. A server sees requests of many shapes, so V8 compiles those reads for many
 * shapes at once (megamorphic loads), and every later read of the same request — the quote's
 * planning reads 30 fields — pays the same. A reader instead visits only the names the value has,
 * checks each with TypeBox's check of that property's schema, and returns the fields as one
 * object of a fixed shape (every property of the schema, `undefined` where absent), whose reads
 * are monomorphic however varied the requests were.
 *
 * The fast reader is generated ahead of time (`scripts/generate-validators.ts` writes it, with
 * TypeBox's generated check of each property, into `src/contracts/generated/`; the
 * schema carries it, `./precompiled.ts`): one `switch` over the names, each `case` calling its
 * own property check, which V8 inlines. Nothing is generated at run time; a schema without a
 * generated reader gets one that walks the same way and checks each property with TypeBox's
 * interpreter (`Value.Check`).
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
import { Check } from '@sinclair/typebox/value';
import { invariant } from '../errors/quoteError.js';
import { messageRef } from '../errors/catalog.js';
import { VALIDATION_MESSAGES } from './messages.js';
import { precompiledReader } from './precompiled.js';

/**
 * A one-pass reader: the value's fields as a fixed-shape copy when the schema accepts it, else
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
 * What a reader of `schema` walks: the schema's property names in order and whether each is
 * required. Throws `ERRSER002` for a schema a reader cannot check exactly: anything but an object
 * schema with `additionalProperties: false` and plain annotations, or a property both required
 * and optional. The generator (`scripts/generate-validators.ts`) asks the same before it writes a
 * reader.
 *
 * @example
 * ```ts
 * const shape = readerShape(CreditRequestSchema);
 * shape.keys.length; // 24
 * shape.keys.filter((_, i) => shape.required[i]); // ['montoSolicitado', 'plazo', 'valorFactura']
 * ```
 */
export function readerShape(schema: TObject): { readonly keys: readonly string[]; readonly required: readonly boolean[] } {
  invariant(schema.type === 'object' && schema.additionalProperties === false, messageRef(VALIDATION_MESSAGES, 'lectorEsquema'));
  for (const keyword of Object.keys(schema))
    invariant(OBJECT_KEYWORDS.has(keyword), messageRef(VALIDATION_MESSAGES, 'lectorPalabraClave', { keyword }));
  const keys = Object.keys(schema.properties);
  const names = new Set(schema.required ?? []);
  const required = keys.map((key) => {
    const property = schema.properties[key] as TSchema;
    // A property is optional for TypeBox when it is marked so or left out of `required`.
    invariant(
      names.has(key) !== (property[OptionalKind] === 'Optional'),
      messageRef(VALIDATION_MESSAGES, 'lectorRequeridoYOpcional', { key }),
    );
    return names.has(key);
  });
  return { keys, required };
}

/**
 * The one-pass reader of an object schema with `additionalProperties: false` (every request
 * schema of the interface): the generated one the schema carries, else one that checks each
 * property with TypeBox's interpreter. Throws `ERRSER002` for any other schema
 * ({@link readerShape}): a reader must never accept what TypeBox refuses.
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
  const { keys, required } = readerShape(schema);
  const generated = precompiledReader(schema);
  if (generated !== undefined) return generated as FieldReader<T>;
  const index = new Map(keys.map((key, i) => [key, i]));
  const properties = keys.map((key) => schema.properties[key] as TSchema);
  const requiredCount = required.filter(Boolean).length;
  return (value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return undefined;
    const fields: unknown[] = keys.map(() => undefined);
    let present = 0;
    for (const name of Object.getOwnPropertyNames(value)) {
      const i = index.get(name);
      if (i === undefined) return undefined;
      const field = (value as Record<string, unknown>)[name];
      // TypeBox's rule: an optional property is checked only when not undefined.
      if (required[i] === true) {
        if (!Check(properties[i] as TSchema, field)) return undefined;
        present++;
      } else if (field !== undefined && !Check(properties[i] as TSchema, field)) return undefined;
      fields[i] = field;
    }
    if (present !== requiredCount) return undefined;
    const copy: Record<string, unknown> = {};
    // Defined, not assigned: a property named `__proto__` is a field like any other.
    keys.forEach((key, i) => {
      Object.defineProperty(copy, key, { value: fields[i], enumerable: true, writable: true, configurable: true });
    });
    return copy as Static<T>;
  };
}
