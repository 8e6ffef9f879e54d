/**
 * `cotizador/analysis`: scenario grids over the credit engine, RFC 4180 CSV and an SVG chart of
 * the amortization table, for scripts.
 *
 * @module cotizador/analysis
 */
export * from './common.js';
export { parseVariation, checkVariations, countScenarios, fieldValueFromText, fieldParser } from '../analysis/variations.js';
export type { FieldValue, Variation, Variations } from '../analysis/variations.js';
export {
  scenarioGrid,
  scenarios,
  quoteScenario,
  summarizeGridRow,
  gridRecord,
  GRID_RESULT_COLUMNS,
  GRID_ERROR_COLUMNS,
} from '../analysis/grid.js';
export type { Scenario, GridError, GridRow, GridOptions, GridSummary } from '../analysis/grid.js';
export { GridCursor } from '../analysis/gridCursor.js';
export {
  toCsv,
  csvField,
  csvLine,
  neutralizeFormula,
  creditRowsToCsv,
  receiptsToCsv,
  CSV_EOL,
  CREDIT_ROW_COLUMNS,
  RECEIPT_COLUMNS,
} from '../analysis/csv.js';
export type { CsvValue, CsvOptions } from '../analysis/csv.js';
export { amountToCents, centsToAmount } from '../analysis/amounts.js';
export { lineChartSvg, balanceChartSvg, LINE_COLORS } from '../analysis/lineChart.js';
export type { LineChart, LineSeries } from '../analysis/lineChart.js';
export { scheduleChartSvg, CHART_SERIES } from '../analysis/chart.js';
export type { ChartOptions } from '../analysis/chart.js';
