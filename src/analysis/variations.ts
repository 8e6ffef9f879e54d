/**
 * Variations of a credit solicitud's fields, the grid's axes: written as the CLI's `--vary` text
 * (`FIELD=V1,V2` or an exact decimal range `FIELD=FROM:TO:STEP`), each value typed by the field's
 * request schema, and a field's text read the same way (a portfolio's CSV cells).
 */
import { CreditRequestSchema, InsuranceInfoSchema, PERCENT_TEXT } from '../contracts/credit.js';
import type { MessageParams } from '../errors/catalog.js';
import { DECIMAL_TEXT, Decimal } from '../money/decimal.js';
import { AMOUNT_TEXT } from '../validation/fields.js';
import { validationError } from '../validation/messages.js';
import { analysisError, type AnalysisMessageId } from './messages.js';

/**
 * A value a scenario gives to one field of the solicitud.
 *
 * @example
 * ```ts
 * const value: FieldValue = '13.50'; // a rate as the schema wants it: decimal text
 * ```
 */
export type FieldValue = string | number | boolean;

/**
 * The values one field takes across the grid. `field` is a solicitud key or `informacionSeguro.<key>`.
 *
 * @example
 * ```ts
 * const variation: Variation = { field: 'plazo', values: [12, 24, 36] };
 * countScenarios([variation]); // 3
 * ```
 */
export interface Variation {
  readonly field: string;
  readonly values: readonly FieldValue[];
}

/**
 * Variations as a list (order kept) or as a record `{ field: values }`.
 *
 * @example
 * ```ts
 * const asRecord: Variations = { plazo: [12, 24], tasa: ['10.00', '12.00'] };
 * const asList: Variations = [{ field: 'plazo', values: [12, 24] }, { field: 'tasa', values: ['10.00', '12.00'] }];
 * [...scenarios(asRecord)].length === [...scenarios(asList)].length; // true
 * ```
 */
export type Variations = readonly Variation[] | Readonly<Record<string, readonly FieldValue[]>>;

type SchemaProperty = { readonly type?: unknown; readonly pattern?: unknown };
type FieldKind = 'integer' | 'number' | 'boolean' | 'amount' | 'percent' | 'text';

/**
 * The kind of a solicitud field, from the request schema, or an `ERRESQ003` QuoteError naming
 * the field when the interface does not define it.
 */
function fieldKind(field: string): FieldKind {
  const [head, tail, ...rest] = field.split('.');
  let property: SchemaProperty | undefined;
  const top = CreditRequestSchema.properties as Readonly<Record<string, SchemaProperty>>;
  const nested = InsuranceInfoSchema.properties as Readonly<Record<string, SchemaProperty>>;
  if (tail === undefined) property = Object.hasOwn(top, head as string) ? top[head as string] : undefined;
  else if (head === 'informacionSeguro' && rest.length === 0) property = Object.hasOwn(nested, tail) ? nested[tail] : undefined;
  if (property === undefined || property.type === 'object') throw validationError('ERRESQ003', 'campoNoDefinido', field);
  if (property.type === 'integer' || property.type === 'number' || property.type === 'boolean') return property.type;
  if (property.pattern === AMOUNT_TEXT) return 'amount';
  if (property.pattern === PERCENT_TEXT) return 'percent';
  return 'text';
}

const MAX_RANGE_VALUES = 1_000_000;

function decimalsOf(d: Decimal): number {
  return d.decimalPlaces();
}

/** Formats an exact decimal as the field's schema wants it (strings keep at least two decimals). */
function formatValue(kind: FieldKind, value: Decimal, decimals: number): FieldValue {
  switch (kind) {
    case 'integer':
    case 'number':
      return value.toNumber();
    case 'amount':
    case 'percent':
      return value.toFixed(Math.max(2, decimals));
    default:
      return value.toString();
  }
}

/** One value given as text, typed by its field; text the field cannot hold is kept for the engine to reject. */
function coerceText(kind: FieldKind, text: string): FieldValue {
  switch (kind) {
    case 'integer':
    case 'number':
      return DECIMAL_TEXT.test(text) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'amount':
    case 'percent': {
      if (!/^\d+(\.\d+)?$/.test(text)) return text;
      const d = new Decimal(text);
      return formatValue(kind, d, decimalsOf(d));
    }
    default:
      return text;
  }
}

/**
 * Parses one variation written as `FIELD=V1,V2,...` or `FIELD=FROM:TO:STEP`. Values are typed by
 * the field's schema: integer fields (`plazo`) become numbers, amount and rate fields
 * (`montoSolicitado`, `tasa`) strings with at least two decimals. Ranges step exactly in decimal
 * and include `TO` when a step lands on it. Throws a {@link QuoteError} naming the field for an
 * unknown field (`ERRESQ003`) or a malformed range (`ERRESQ005`).
 *
 * @example
 * ```ts
 * parseVariation('tasa=10:11:0.5'); // { field: 'tasa', values: ['10.00', '10.50', '11.00'] }
 * parseVariation('plazo=12,24,36'); // { field: 'plazo', values: [12, 24, 36] }
 * parseVariation('montoSolicitado=250000,280000').values; // ['250000.00', '280000.00']
 * ```
 */
export function parseVariation(text: string): Variation {
  const eq = text.indexOf('=');
  if (eq <= 0) throw analysisError('ERRESQ005', 'variacionForma', text.slice(0, 50) || 'vary');
  const field = text.slice(0, eq).trim();
  const spec = text.slice(eq + 1);
  const kind = fieldKind(field);
  const parts = spec.split(':');
  if (parts.length === 1) {
    const values = spec.split(',').map((v) => coerceText(kind, v.trim()));
    if (spec.trim() === '') throw analysisError('ERRESQ002', 'variacionSinValores', field);
    return { field, values };
  }
  return { field, values: rangeValues(field, kind, parts) };
}

function rangeValues(field: string, kind: FieldKind, parts: readonly string[]): FieldValue[] {
  const bad = (id: AnalysisMessageId, params?: MessageParams) => analysisError('ERRESQ005', id, field, params);
  if (parts.length !== 3 || !parts.every((p) => DECIMAL_TEXT.test(p.trim()))) throw bad('rangoForma');
  if (kind === 'boolean' || kind === 'text') throw bad('rangoNoNumerico');
  const [from, to, step] = parts.map((p) => new Decimal(p.trim())) as [Decimal, Decimal, Decimal];
  if (step.isZero() || (to.gt(from) && step.isNegative()) || (to.lt(from) && step.isPositive())) throw bad('rangoPaso');
  const count = to.minus(from).div(step).floor().toNumber() + 1;
  if (count > MAX_RANGE_VALUES) throw bad('rangoMaximo', { max: MAX_RANGE_VALUES });
  const decimals = Math.max(decimalsOf(from), decimalsOf(step));
  if (kind === 'integer' && decimals > 0) throw bad('rangoEntero');
  const values: FieldValue[] = [];
  for (let i = 0; i < count; i++) values.push(formatValue(kind, from.plus(step.times(i)), decimals));
  return values;
}

function normalize(variations: Variations): readonly Variation[] {
  if (Array.isArray(variations)) return variations as readonly Variation[];
  return Object.entries(variations as Readonly<Record<string, readonly FieldValue[]>>).map(([field, values]) => ({ field, values }));
}

/**
 * The variations as a list, each field checked against the request schema: `ERRESQ003` naming a
 * field the interface does not define.
 *
 * @example
 * ```ts
 * checkVariations({ plazo: [12, 24] }); // [{ field: 'plazo', values: [12, 24] }]
 * checkVariations({ colour: ['red'] }); // throws QuoteError ERRESQ003 'colour'
 * ```
 */
export function checkVariations(variations: Variations): readonly Variation[] {
  const list = normalize(variations);
  for (const v of list) fieldKind(v.field);
  return list;
}

/**
 * A solicitud field's value from its text, typed by the request schema: integer fields become
 * numbers, `true`/`false` booleans, amounts and rates keep their text (with at least two
 * decimals); text the field cannot hold is kept as it is, for the engine to reject. A field the
 * interface does not define is `ERRESQ003`.
 *
 * @example
 * ```ts
 * fieldValueFromText('plazo', '36'); // 36
 * fieldValueFromText('montoSolicitado', '280000'); // '280000.00'
 * fieldValueFromText('creditoGarantiaExt', 'true'); // true
 * fieldValueFromText('informacionSeguro.codigoPostal', '03100'); // '03100'
 * fieldValueFromText('plazo', 'abc'); // 'abc'
 * ```
 */
export function fieldValueFromText(field: string, text: string): FieldValue {
  return coerceText(fieldKind(field), text);
}

const TWO_OR_MORE_DECIMALS = /^\d+\.\d\d+$/;
const WHOLE = /^\d+$/;
const ONE_DECIMAL = /^\d+\.\d$/;

/**
 * {@link fieldValueFromText} for one field, its kind looked up once (for reading a column of a
 * portfolio): the same values, amounts already written with two or more decimals kept as they are.
 *
 * @example
 * ```ts
 * const amount = fieldParser('montoSolicitado');
 * [amount('280000'), amount('280000.5'), amount('280000.50')]; // ['280000.00', '280000.50', '280000.50']
 * fieldParser('plazo')('36'); // 36
 * fieldParser('colour'); // throws QuoteError ERRESQ003 'colour'
 * ```
 */
export function fieldParser(field: string): (text: string) => FieldValue {
  const kind = fieldKind(field);
  if (kind !== 'amount' && kind !== 'percent') return (text) => coerceText(kind, text);
  return (text) => {
    if (TWO_OR_MORE_DECIMALS.test(text)) return text;
    if (WHOLE.test(text)) return `${text}.00`;
    if (ONE_DECIMAL.test(text)) return `${text}0`;
    return coerceText(kind, text);
  };
}

/**
 * Number of scenarios in the grid: the product of the variations' lengths (1 with none).
 *
 * @example
 * ```ts
 * countScenarios({ plazo: [12, 24, 36], tasa: ['10.00', '12.00'] }); // 6
 * ```
 */
export function countScenarios(variations: Variations): number {
  return normalize(variations).reduce((n, v) => n * v.values.length, 1);
}
