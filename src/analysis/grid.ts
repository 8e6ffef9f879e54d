/**
 * Scenario grids: the cartesian product of variations over a base credit solicitud, quoted one
 * scenario at a time. A scenario the engine rejects is a row carrying the error, never a crash.
 */
import { CreditRequestSchema, InsuranceInfoSchema, PERCENT_TEXT, type CreditRequest, type CreditResult } from '../contracts/credit.js';
import type { ErrorCode } from '../errors/codes.js';
import type { MessageParams } from '../errors/catalog.js';
import { QuoteError } from '../errors/quoteError.js';
import { DECIMAL_TEXT, Decimal } from '../money/decimal.js';
import { AMOUNT_TEXT } from '../validation/fields.js';
import { quoteCredit, type CreditOptions } from '../quotes/quoteCredit.js';
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

/**
 * One scenario: the varied fields and their values, in the variations' order.
 *
 * @example
 * ```ts
 * const [, second] = [...scenarios({ plazo: [12, 24], 'informacionSeguro.enganche': ['70000.00'] })];
 * const scenario: Scenario | undefined = second;
 * scenario; // { plazo: 24, 'informacionSeguro.enganche': '70000.00' }
 * ```
 */
export type Scenario = Readonly<Record<string, FieldValue>>;

/**
 * The error of a scenario the engine rejected (the fields of {@link QuoteError}).
 *
 * @example
 * ```ts
 * const error: GridError | undefined = quoteScenario(solicitud, { plazo: 1000 }, 0).error;
 * error?.codigoError; // 'ERRESQ004'
 * ```
 */
export interface GridError {
  readonly codigoError: ErrorCode;
  readonly valorIncorrecto: string | undefined;
  readonly mensaje: string;
}

/**
 * One row of a grid: the scenario and either its quote or its error.
 *
 * @example
 * ```ts
 * const row: GridRow = quoteScenario(solicitud, { plazo: 24 }, 0);
 * row.error === undefined ? row.result.pagoMensual : row.error.codigoError; // '14249.84'
 * ```
 */
export type GridRow =
  | { readonly index: number; readonly scenario: Scenario; readonly result: CreditResult; readonly error?: undefined }
  | { readonly index: number; readonly scenario: Scenario; readonly result?: undefined; readonly error: GridError };

/**
 * Options of {@link scenarioGrid}: those of `quoteCredit`, applied to every scenario.
 *
 * @example
 * ```ts
 * const options: GridOptions = { fechaApertura: '2026-01-31' }; // used by the scenarios without a date
 * const { fechaApertura, ...undated } = solicitud;
 * [...scenarioGrid(undated, { plazo: [12] }, options)][0]?.result?.registros[0]?.fechaAmortizacion; // '2026-02-28'
 * ```
 */
export type GridOptions = CreditOptions;

/**
 * The key results of a scenario, as the engine's strings.
 *
 * @example
 * ```ts
 * GRID_RESULT_COLUMNS; // ['pagoMensual', 'totalPagar', 'importeInteresTotal', 'cat']
 * ```
 */
export const GRID_RESULT_COLUMNS = ['pagoMensual', 'totalPagar', 'importeInteresTotal', 'cat'] as const;
/**
 * The error columns of a grid row.
 *
 * @example
 * ```ts
 * GRID_ERROR_COLUMNS; // ['codigoError', 'valorIncorrecto', 'mensaje']
 * ```
 */
export const GRID_ERROR_COLUMNS = ['codigoError', 'valorIncorrecto', 'mensaje'] as const;

/**
 * A grid row reduced to its key results: small, serializable, one CSV line.
 *
 * @example
 * ```ts
 * const summary: GridSummary = summarizeGridRow(quoteScenario(solicitud, { plazo: 0 }, 3));
 * summary; // { index: 3, scenario: { plazo: 0 }, error: { codigoError: 'ERRESQ004', valorIncorrecto: 'plazo', mensaje: 'El plazo debe ser de al menos un pago' } }
 * ```
 */
export interface GridSummary {
  readonly index: number;
  readonly scenario: Scenario;
  readonly pagoMensual?: string;
  readonly totalPagar?: string;
  readonly importeInteresTotal?: string;
  readonly cat?: string;
  readonly error?: GridError;
}

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

/**
 * The scenarios of the grid, lazily, the first variation varying slowest (like nested loops).
 * Throws `ERRESQ003` naming the field for a field the interface does not define.
 *
 * @example
 * ```ts
 * [...scenarios({ plazo: [12, 24], tasa: ['10.00', '12.00'] })];
 * // [{ plazo: 12, tasa: '10.00' }, { plazo: 12, tasa: '12.00' }, { plazo: 24, tasa: '10.00' }, { plazo: 24, tasa: '12.00' }]
 * ```
 */
export function* scenarios(variations: Variations): Generator<Scenario> {
  const list = checkVariations(variations);
  if (list.some((v) => v.values.length === 0)) return;
  const at = new Array<number>(list.length).fill(0);
  for (;;) {
    const scenario: Record<string, FieldValue> = {};
    list.forEach((v, i) => {
      scenario[v.field] = v.values[at[i] as number] as FieldValue;
    });
    yield scenario;
    let i = list.length - 1;
    while (i >= 0) {
      at[i] = (at[i] as number) + 1;
      if ((at[i] as number) < (list[i] as Variation).values.length) break;
      at[i] = 0;
      i--;
    }
    if (i < 0) return;
  }
}

/**
 * The base solicitud with a scenario's values set (fresh objects; the base is not mutated).
 *
 * @example
 * ```ts
 * const base = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36 };
 * applyScenario(base, { plazo: 48, 'informacionSeguro.enganche': '70000.00' });
 * // { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 48, informacionSeguro: { enganche: '70000.00' } }
 * base.plazo; // 36 (never mutated)
 * ```
 */
export function applyScenario(base: CreditRequest, scenario: Scenario): CreditRequest {
  const out: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(scenario)) {
    const dot = field.indexOf('.');
    if (dot < 0) {
      out[field] = value;
    } else {
      const head = field.slice(0, dot);
      const inner = out[head];
      out[head] = { ...(typeof inner === 'object' && inner !== null ? inner : {}), [field.slice(dot + 1)]: value };
    }
  }
  return out as CreditRequest;
}

/**
 * Quotes one scenario: its row, with the engine's error when the engine rejects it.
 *
 * @example
 * ```ts
 * const row = quoteScenario(solicitud, { plazo: 0 }, 0);
 * row.error; // { codigoError: 'ERRESQ004', valorIncorrecto: 'plazo', mensaje: 'El plazo debe ser de al menos un pago' }
 * ```
 */
export function quoteScenario(base: CreditRequest, scenario: Scenario, index: number, options: GridOptions = {}): GridRow {
  try {
    return { index, scenario, result: quoteCredit(applyScenario(base, scenario), options) };
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    return { index, scenario, error: { codigoError: error.codigoError, valorIncorrecto: error.valorIncorrecto, mensaje: error.mensaje } };
  }
}

/**
 * The grid: every combination of the variations over `base`, quoted lazily, one row at a time,
 * in the order of {@link scenarios}. Rejected scenarios are rows with `error`.
 *
 * @example
 * ```ts
 * const rows = [...scenarioGrid(solicitud, { plazo: [24, 36, 48], tasa: ['11.00', '13.50'] })];
 * rows.map((row) => [row.scenario.plazo, row.scenario.tasa, row.result?.pagoMensual ?? row.error?.codigoError]);
 * // [[24, '11.00', '13849.32'], [24, '13.50', '14249.84'], [36, '11.00', '9804.91'],
 * //  [36, '13.50', '10216.91'], [48, '11.00', '7798.89'], [48, '13.50', '8224.60']]
 * ```
 */
export function* scenarioGrid(base: CreditRequest, variations: Variations, options: GridOptions = {}): Generator<GridRow> {
  let index = 0;
  for (const scenario of scenarios(variations)) yield quoteScenario(base, scenario, index++, options);
}

/**
 * A grid row reduced to its key results ({@link GRID_RESULT_COLUMNS}) or its error.
 *
 * @example
 * ```ts
 * summarizeGridRow(quoteScenario(solicitud, { plazo: 24 }, 0));
 * // { index: 0, scenario: { plazo: 24 }, pagoMensual: '14249.84', totalPagar: '351570.49', importeInteresTotal: '43100.09', cat: '17.9' }
 * ```
 */
export function summarizeGridRow(row: GridRow): GridSummary {
  if (row.error !== undefined) return { index: row.index, scenario: row.scenario, error: row.error };
  const r = row.result;
  return {
    index: row.index,
    scenario: row.scenario,
    pagoMensual: r.pagoMensual,
    totalPagar: r.totalPagar,
    importeInteresTotal: r.importeInteresTotal,
    cat: r.cat,
  };
}

/**
 * A grid summary as one flat record: the varied fields, the key results, the error columns
 * (empty when the scenario was quoted). Feed a list of them to `toCsv`.
 *
 * @example
 * ```ts
 * toCsv([...scenarioGrid(solicitud, { plazo: [24, 36] })].map((row) => gridRecord(summarizeGridRow(row))));
 * // 'plazo,pagoMensual,totalPagar,importeInteresTotal,cat,codigoError,valorIncorrecto,mensaje\r\n24,14249.84,351570.49,43100.09,17.9,,,\r\n36,10216.91,377383.01,65352.27,16.8,,,\r\n'
 * ```
 */
export function gridRecord(summary: GridSummary): Record<string, FieldValue | undefined> {
  return {
    ...summary.scenario,
    pagoMensual: summary.pagoMensual,
    totalPagar: summary.totalPagar,
    importeInteresTotal: summary.importeInteresTotal,
    cat: summary.cat,
    codigoError: summary.error?.codigoError,
    valorIncorrecto: summary.error?.valorIncorrecto,
    mensaje: summary.error?.mensaje,
  };
}
