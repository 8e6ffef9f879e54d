/**
 * Scenario grids: the cartesian product of variations (`./variations.ts`) over a base credit
 * solicitud, quoted one scenario at a time. A scenario the engine rejects is a row carrying the
 * error, never a crash.
 */
import type { CreditRequest, CreditResult } from '../contracts/credit.js';
import type { ErrorCode } from '../errors/codes.js';
import { QuoteError } from '../errors/quoteError.js';
import { quoteCredit, type CreditOptions } from '../quotes/quoteCredit.js';
import { checkVariations, type FieldValue, type Variation, type Variations } from './variations.js';

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
