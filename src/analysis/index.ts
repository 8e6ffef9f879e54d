/**
 * Analysis helpers for scripts: scenario grids over the credit engine, RFC 4180 CSV and an SVG
 * chart of the amortization table.
 *
 * @example
 * ```ts
 * import { scenarioGrid, summarizeGridRow, gridRecord, toCsv } from 'cotizador';
 * const rows = [...scenarioGrid(base, { plazo: [24, 36, 48] })];
 * process.stdout.write(toCsv(rows.map((row) => gridRecord(summarizeGridRow(row)))));
 * ```
 */
export { scenarioGrid, scenarios, scenarioAt, countScenarios, parseVariation, applyScenario, quoteScenario, summarizeGridRow, gridRecord, GRID_RESULT_COLUMNS, GRID_ERROR_COLUMNS } from './grid.js';
export type { FieldValue, Variation, Variations, Scenario, GridError, GridRow, GridOptions, GridSummary } from './grid.js';
export { toCsv, csvField, csvLine, creditRowsToCsv, receiptsToCsv, CSV_EOL, CREDIT_ROW_COLUMNS, RECEIPT_COLUMNS } from './csv.js';
export type { CsvValue } from './csv.js';
export { scheduleChartSvg, escapeXml, CHART_SERIES } from './chart.js';
export type { ChartOptions } from './chart.js';
