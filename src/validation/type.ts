/**
 * The TypeBox builders the library's schemas are written with, as one `Type` object like
 * TypeBox's own. Speed: TypeBox's `Type` is a class instance with a method for every kind, so a
 * bundle that uses it keeps every builder (conditional types, template literals, mapped types:
 * about 60 KB of source that `cotizador/credit` parsed at import and never called); these named
 * imports let the bundler keep only the ten builders used. A schema built here is the very value
 * TypeBox's `Type` builds (the same functions).
 */
import {
  Array as ArrayType,
  Boolean as BooleanType,
  Integer,
  Literal,
  Number as NumberType,
  Object as ObjectType,
  Optional,
  Partial,
  String as StringType,
  Union,
} from '@sinclair/typebox';

/**
 * The schema builders: `Type.Object`, `Type.String`, … as in TypeBox.
 *
 * @example
 * ```ts
 * const Point = Type.Object({ x: Type.Integer(), label: Type.Optional(Type.String()) });
 * Point.type; // 'object'
 * ```
 */
export const Type = Object.freeze({
  Array: ArrayType,
  Boolean: BooleanType,
  Integer,
  Literal,
  Number: NumberType,
  Object: ObjectType,
  Optional,
  Partial,
  String: StringType,
  Union,
});
