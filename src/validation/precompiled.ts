/**
 * Checks generated ahead of time, carried by the schema they check. The library never generates
 * code at run time (no `new Function`, no `eval`: it runs under a Content-Security-Policy without
 * `'unsafe-eval'`, on edge runtimes and under `node --disallow-code-generation-from-strings`), so
 * TypeBox's compiled checks are written as source at build time (`scripts/generate-validators.ts`,
 * into `src/contracts/generated/`) and each schema that has one carries it: the schema's
 * module passes its generated check to {@link precompiled} where it defines the schema. Validation
 * finds the check on the schema itself, so there is no registry to fill and nothing happens at
 * import but the schema's own definition. A schema without one (a user's, or one derived from a
 * schema that has one) is checked by TypeBox's interpreter (`Value.Check`), which generates no
 * code either.
 */
import type { TSchema } from '@sinclair/typebox';

/**
 * A schema's check: `true` exactly when TypeBox's `Check` accepts the value.
 *
 * @example
 * ```ts
 * const isText: SchemaCheck = (value) => typeof value === 'string';
 * isText('a'); // true
 * ```
 */
export type SchemaCheck = (value: unknown) => boolean;

/**
 * A generated one-pass reader of an object schema (see `fieldReader`): the value's fields as a
 * fixed-shape copy when the schema accepts the value as a plain object, else `undefined`.
 *
 * @example
 * ```ts
 * const read: SchemaReader = (value) => (typeof value === 'object' && value !== null ? { ...value } : undefined);
 * read({ a: 1 }); // { a: 1 }
 * ```
 */
export type SchemaReader = (value: unknown) => object | undefined;

/** What a schema carries: its generated check and, for a request read field by field, its reader. */
interface Generated {
  readonly check: SchemaCheck;
  readonly read: SchemaReader | undefined;
}

/**
 * The key a schema carries its generated code under. The value is a function that answers only
 * for the very schema it was attached to: TypeBox's `Clone` (and so a schema derived from this
 * one, say by `Type.Partial`) copies symbol keys, and a copied check must not vouch for a
 * different schema. A function, not an object holding the schema, so that cloning never
 * follows it back into the schema.
 */
const GENERATED: unique symbol = Symbol('cotizador.generated');

type Carrier = { readonly [GENERATED]?: (schema: TSchema) => Generated | undefined };

/**
 * Attaches a schema's generated check (and reader) to it, as a non-enumerable symbol property (so
 * JSON, `structuredClone` and equality see the schema as before), and returns the schema. Called
 * once per schema, where it is defined. A frozen schema, or a missing check (generated code that
 * has not been regenerated yet), is left as it is: it is then checked by TypeBox's interpreter.
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * const Schema = precompiled(Type.Object({ a: Type.String() }), (v) => typeof v === 'object' && v !== null && typeof (v as { a?: unknown }).a === 'string');
 * precompiledCheck(Schema)?.({ a: 'x' }); // true
 * ```
 */
export function precompiled<T extends TSchema>(schema: T, check: SchemaCheck | undefined, read?: SchemaReader): T {
  if (typeof check !== 'function' || !Object.isExtensible(schema)) return schema;
  const generated: Generated = { check, read };
  Object.defineProperty(schema, GENERATED, { value: (candidate: TSchema) => (candidate === schema ? generated : undefined) });
  return schema;
}

function generatedOf(schema: TSchema): Generated | undefined {
  return (schema as Carrier)[GENERATED]?.(schema);
}

/**
 * The generated check a schema carries, if any.
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * precompiledCheck(CreditRequestSchema)?.(solicitud); // true
 * precompiledCheck(Type.String()); // undefined
 * ```
 */
export function precompiledCheck(schema: TSchema): SchemaCheck | undefined {
  return generatedOf(schema)?.check;
}

/**
 * The generated one-pass reader a schema carries, if any.
 *
 * @example
 * ```ts
 * precompiledReader(CreditRequestSchema)?.(solicitud) !== undefined; // true
 * precompiledReader(PolicyRequestSchema); // undefined
 * ```
 */
export function precompiledReader(schema: TSchema): SchemaReader | undefined {
  return generatedOf(schema)?.read;
}
