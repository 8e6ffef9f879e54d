/**
 * `grid --chart FILE.svg`: one result of the grid (the payment, the CAT, the total or the
 * interest) against the first varied field, one line per value of the second. The points are
 * collected while the grid is quoted (two numbers a scenario), and the chart is drawn at the end.
 */
import { QuoteError, type CreditResult, type Lang } from '../entry/credit.js';
import { amountToCents, lineChartSvg, type FieldValue, type Variation } from '../entry/analysis.js';
import { usageError } from './errors.js';
import { cliMessage, cliText } from './messages.js';

/**
 * The results a grid chart can plot.
 *
 * @example
 * ```ts
 * GRID_CHART_MEASURES; // ['pagoMensual', 'cat', 'totalPagar', 'importeInteresTotal']
 * ```
 */
export const GRID_CHART_MEASURES = ['pagoMensual', 'cat', 'totalPagar', 'importeInteresTotal'] as const;
/** One of {@link GRID_CHART_MEASURES}. */
export type GridChartMeasure = (typeof GRID_CHART_MEASURES)[number];

/**
 * The most points a grid chart draws (lines × x values), checked before any quote.
 *
 * @example
 * ```ts
 * GRID_CHART_MAX_POINTS; // 100000
 * ```
 */
export const GRID_CHART_MAX_POINTS = 100_000;
/** The most lines a grid chart draws. */
const MAX_LINES = 24;

/** Collects a grid's points and draws them. */
export interface GridChartCollector {
  add(at: ArrayLike<number>, outcome: CreditResult | QuoteError): void;
  svg(lang: Lang): string;
}

function numeric(value: FieldValue, index: number): number {
  if (typeof value === 'number') return value;
  const n = Number(value);
  return typeof value === 'string' && Number.isFinite(n) && value.trim() !== '' ? n : index;
}

/**
 * A collector for the grid's variations: the first is the x axis, the second (if any) the lines;
 * any other variation must have a single value (a usage error otherwise, before any quote).
 *
 * @example
 * ```ts
 * const variations = [parseVariation('plazo=12:36:12'), parseVariation('tasa=10,13.5')];
 * const chart = gridChartCollector(variations, 'pagoMensual');
 * const cursor = new GridCursor(solicitud, variations);
 * for (let i = 0; i < cursor.total; i++, cursor.next()) chart.add(cursor.at, cursor.quote());
 * chart.svg('es').includes('<g id="series-1"'); // true
 * ```
 */
export function gridChartCollector(variations: readonly Variation[], measure: GridChartMeasure): GridChartCollector {
  const x = variations[0];
  const lines = variations[1];
  if (x === undefined || variations.slice(2).some((v) => v.values.length > 1)) {
    throw usageError('opcionForma', { option: 'chart', shape: cliMessage('formaGrafica'), value: String(variations.length) }, 'grid');
  }
  const lineCount = lines?.values.length ?? 1;
  if (lineCount > MAX_LINES || lineCount * x.values.length > GRID_CHART_MAX_POINTS) {
    throw usageError(
      'opcionForma',
      {
        option: 'chart',
        shape: cliMessage('formaGraficaTope', { lines: MAX_LINES, points: GRID_CHART_MAX_POINTS }),
        value: `${lineCount} × ${x.values.length}`,
      },
      'grid',
    );
  }
  const points = Array.from({ length: lineCount }, () => new Array<number | null>(x.values.length).fill(null));
  const xs = x.values.map(numeric);
  return {
    add(at, outcome) {
      if (outcome instanceof QuoteError) return;
      const text = outcome[measure];
      const y = measure === 'cat' ? Math.round(Number(text) * 10) : amountToCents(text);
      (points[lines === undefined ? 0 : (at[1] as number)] as (number | null)[])[at[0] as number] = y;
    },
    svg(lang) {
      const name = (v: FieldValue): string => String(v);
      const unit = measure === 'cat' ? '(%)' : '(MXN)';
      return lineChartSvg({
        title: cliText('tituloGrafica', lang, { measure, field: x.field }),
        xTitle: x.field === 'tasa' || x.field === 'comisiones' ? `${x.field} (%)` : x.field,
        yTitle: `${measure} ${unit}`,
        yDecimals: measure === 'cat' ? 1 : 2,
        yFromZero: false,
        xLabel: (value) => {
          const i = xs.indexOf(value);
          return i < 0 ? String(value) : name(x.values[i] as FieldValue);
        },
        series: points.map((ys, k) => ({
          label: lines === undefined ? measure : `${lines.field} ${name(lines.values[k] as FieldValue)}`,
          points: ys.map((y, i): [number, number | null] => [xs[i] as number, y]),
        })),
      });
    },
  };
}
