/**
 * Line charts as standalone SVG, built as text: several series against one x axis, with axis
 * titles, tick labels, a title, a legend and a tooltip on every point. The y values are exact
 * integers of a unit (cents, tenths of a percent) and every label is written from them as
 * decimal text; only pixel positions are floating point. Used for the balances of several quotes
 * ({@link balanceChartSvg}) and for a grid's result against a varied field (`cotizador grid --chart`).
 */
import type { CreditResult } from '../contracts/credit.js';
import { messageRef, renderMessage, type Lang } from '../errors/catalog.js';
import { amountToCents } from './amounts.js';
import { escapeXml } from './chart.js';
import { ANALYSIS_MESSAGES, analysisError, type AnalysisMessageId } from './messages.js';

/**
 * One line: its label and its points, `[x, y]` with `y` an integer of the chart's unit (`null`: a gap).
 *
 * @example
 * ```ts
 * const series: LineSeries = { label: '36 pagos', points: [[10, 980_000], [11, 990_512], [12, null]] };
 * ```
 */
export interface LineSeries {
  readonly label: string;
  readonly points: readonly (readonly [number, number | null])[];
}

/**
 * What a line chart shows.
 *
 * @example
 * ```ts
 * const chart: LineChart = {
 *   title: 'Pago por tasa', xTitle: 'tasa (%)', yTitle: 'pagoMensual (MXN)', yDecimals: 2,
 *   series: [{ label: '36 pagos', points: [[10, 903_500], [12, 930_000]] }],
 * };
 * lineChartSvg(chart).includes('<g id="legend"'); // true
 * ```
 */
export interface LineChart {
  readonly title: string;
  readonly xTitle: string;
  readonly yTitle: string;
  /** Decimals of the y unit: 2 for cents, 1 for tenths. */
  readonly yDecimals: number;
  readonly series: readonly LineSeries[];
  /** The text of an x value in tick labels and tooltips (default: the number as written by JavaScript). */
  readonly xLabel?: (x: number) => string;
  /** Start the y axis at zero (default), or fit it to the data (a grid's payments, which vary little). */
  readonly yFromZero?: boolean;
  readonly width?: number;
  readonly height?: number;
}

/**
 * The line colours, in series order (a colour-blind-safe palette; repeated past ten series).
 *
 * @example
 * ```ts
 * LINE_COLORS.length; // 10
 * ```
 */
export const LINE_COLORS = [
  '#1f6fb2',
  '#e07b24',
  '#3a9d5d',
  '#c62f3b',
  '#8c5bb8',
  '#8c564b',
  '#d45fa8',
  '#6b6b6b',
  '#b8a02b',
  '#17a2b8',
] as const;

/** Digits grouped by thousands, on the text (linear time). */
function group(text: string): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
    out += whole[i];
  }
  return (negative ? '-' : '') + out + (dot < 0 ? '' : body.slice(dot));
}

/** A tick's label: whole units without their zero decimals ("300,000" for 30000000 cents). */
function tickText(value: number, decimals: number): string {
  const text = unitText(value, decimals);
  return decimals > 0 && value % 10 ** decimals === 0 ? text.slice(0, -(decimals + 1)) : text;
}

/** An integer of a unit with `decimals` as exact decimal text ("123456" with 2 → "1,234.56"). */
function unitText(value: number, decimals: number): string {
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return (negative ? '-' : '') + group(text);
}

/** A round step (1, 2 or 5 × 10^k) giving at most `maxTicks` intervals over `span`. */
function niceStep(span: number, maxTicks: number): number {
  let step = 1;
  for (;;) {
    for (const m of [1, 2, 5]) if (Math.ceil(span / (step * m)) <= maxTicks) return step * m;
    step *= 10;
  }
}

const px = (v: number): string => (Math.round(v * 100) / 100).toString();

/**
 * A line chart as a standalone SVG document: one `<g id="series-N">` per series with its
 * polyline and a `<circle>` per point carrying a `<title>` tooltip, the axes (`axis-left`,
 * `axis-bottom`) with titles and tick labels, a title and a legend.
 *
 * @example
 * ```ts
 * const svg = lineChartSvg({
 *   title: 'CAT por plazo', xTitle: 'plazo', yTitle: 'CAT (%)', yDecimals: 1,
 *   series: [{ label: 'tasa 13.50', points: [[12, 210], [24, 179], [36, 168]] }],
 * });
 * svg.includes('<title>tasa 13.50: plazo 24, 17.9</title>'); // true
 * ```
 */
export function lineChartSvg(chart: LineChart): string {
  const width = chart.width ?? 960;
  const height = chart.height ?? 540;
  const xLabel = chart.xLabel ?? ((x: number) => String(x));
  const xs: number[] = [];
  const fromZero = chart.yFromZero !== false;
  let yMin = fromZero ? 0 : Number.POSITIVE_INFINITY;
  let yMax = fromZero ? 1 : Number.NEGATIVE_INFINITY;
  for (const s of chart.series) {
    for (const [x, y] of s.points) {
      xs.push(x);
      if (y !== null) {
        if (y > yMax) yMax = y;
        if (y < yMin) yMin = y;
      }
    }
  }
  if (!Number.isFinite(yMin)) {
    yMin = 0;
    yMax = 1;
  }
  if (yMax === yMin) yMax = yMin + 1;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  for (const x of xs) {
    if (x < xMin) xMin = x;
    if (x > xMax) xMax = x;
  }
  if (!Number.isFinite(xMin)) {
    xMin = 0;
    xMax = 1;
  }
  if (xMax === xMin) xMax = xMin + 1;
  const left = 104;
  const right = 32;
  const top = 64;
  const legendRows = Math.ceil(chart.series.length / 4);
  const bottom = 72 + legendRows * 20;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const yStep = niceStep(yMax - yMin, 6);
  const yLow = Math.floor(yMin / yStep) * yStep;
  const yHigh = Math.ceil(yMax / yStep) * yStep;
  const xPos = (x: number): number => left + ((x - xMin) / (xMax - xMin)) * plotW;
  const yPos = (y: number): number => top + plotH - ((y - yLow) / (yHigh - yLow || 1)) * plotH;

  const out: string[] = [];
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="12">`,
  );
  out.push(`<title id="chart-title">${escapeXml(chart.title)}</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${px(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold">${escapeXml(chart.title)}</text>`);

  out.push(`<g id="axis-left" fill="#333333">`);
  for (let v = yLow; v <= yHigh; v += yStep) {
    const y = px(yPos(v));
    out.push(`<line x1="${left}" y1="${y}" x2="${left + plotW}" y2="${y}" stroke="#e3e3e3"/>`);
    out.push(
      `<text x="${left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${escapeXml(tickText(v, chart.yDecimals))}</text>`,
    );
  }
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333333"/>`);
  out.push(`<text transform="translate(22 ${px(top + plotH / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yTitle)}</text>`);
  out.push(`</g>`);

  // The bottom axis: at most 12 labelled ticks, at the data's own x values.
  const distinct = [...new Set(xs)].sort((a, b) => a - b);
  const every = Math.max(1, Math.ceil(distinct.length / 12));
  out.push(`<g id="axis-bottom" fill="#333333">`);
  out.push(`<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333333"/>`);
  distinct.forEach((x, i) => {
    if (i % every !== 0 && i !== distinct.length - 1) return;
    const at = px(xPos(x));
    out.push(`<line x1="${at}" y1="${top + plotH}" x2="${at}" y2="${top + plotH + 5}" stroke="#333333"/>`);
    out.push(`<text x="${at}" y="${top + plotH + 18}" text-anchor="middle">${escapeXml(xLabel(x))}</text>`);
  });
  out.push(`<text x="${px(left + plotW / 2)}" y="${top + plotH + 40}" text-anchor="middle">${escapeXml(chart.xTitle)}</text>`);
  out.push(`</g>`);

  chart.series.forEach((s, k) => {
    const color = LINE_COLORS[k % LINE_COLORS.length] as string;
    out.push(`<g id="series-${k}" class="series" stroke="${color}" fill="${color}">`);
    // A polyline per run of points without a gap.
    let run: string[] = [];
    const flush = (): void => {
      if (run.length > 1) out.push(`<polyline points="${run.join(' ')}" fill="none" stroke-width="2"/>`);
      run = [];
    };
    for (const [x, y] of s.points) {
      if (y === null) flush();
      else run.push(`${px(xPos(x))},${px(yPos(y))}`);
    }
    flush();
    const dots = s.points.length <= 400;
    for (const [x, y] of s.points) {
      if (y === null || !dots) continue;
      out.push(
        `<circle cx="${px(xPos(x))}" cy="${px(yPos(y))}" r="2.5"><title>${escapeXml(`${s.label}: ${chart.xTitle.split(' ')[0]} ${xLabel(x)}, ${unitText(y, chart.yDecimals)}`)}</title></circle>`,
      );
    }
    out.push(`</g>`);
  });

  out.push(`<g id="legend" fill="#333333">`);
  const itemW = plotW / Math.min(4, Math.max(1, chart.series.length));
  chart.series.forEach((s, k) => {
    const color = LINE_COLORS[k % LINE_COLORS.length] as string;
    const x = left + itemW * (k % 4);
    const y = height - 20 * legendRows - 8 + Math.floor(k / 4) * 20;
    out.push(`<line x1="${px(x)}" y1="${y}" x2="${px(x + 18)}" y2="${y}" stroke="${color}" stroke-width="2"/>`);
    out.push(`<text x="${px(x + 24)}" y="${y}" dominant-baseline="middle">${escapeXml(s.label)}</text>`);
  });
  out.push(`</g>`);
  out.push(`</svg>`);
  return `${out.join('\n')}\n`;
}

/**
 * The outstanding balance of several quotes on one chart, one line each (payment number on the
 * x axis, the balance after each payment from the opening balance at 0): a quote with and
 * without a prepayment, two terms, two rates. Each quote must carry its table, else a
 * `QuoteError` `ERRNEG001` on `generaTablaPagos`.
 *
 * @example
 * ```ts
 * const plain = quoteCredit(solicitud);
 * const prepaid = quoteCredit(solicitud, { prepayments: [{ period: 12, amount: '80000.00', mode: 'reduceTerm' }] });
 * const svg = balanceChartSvg([{ label: 'sin prepago', result: plain }, { label: 'prepago de 80,000.00', result: prepaid }]);
 * svg.includes('<g id="series-1"'); // true
 * balanceChartSvg([{ label: 'x', result: quoteCredit({ ...solicitud, generaTablaPagos: false }) }]); // throws QuoteError ERRNEG001 'generaTablaPagos'
 * ```
 */
export function balanceChartSvg(
  quotes: readonly { readonly label: string; readonly result: CreditResult }[],
  options: { readonly title?: string; readonly width?: number; readonly height?: number; readonly lang?: Lang } = {},
): string {
  const t = (id: AnalysisMessageId): string => renderMessage(messageRef(ANALYSIS_MESSAGES, id), options.lang ?? 'es');
  const series = quotes.map(({ label, result }): LineSeries => {
    const rows = result.registros;
    if (rows.length === 0) throw analysisError('ERRNEG001', 'sinTablaDePagos', 'generaTablaPagos');
    const first = amountToCents((rows[0] as (typeof rows)[number]).saldoCapital);
    return { label, points: [[0, first], ...rows.map((r): [number, number] => [r.numAmortizacion, amountToCents(r.saldoFin)])] };
  });
  return lineChartSvg({
    title: options.title ?? t('tituloSaldos'),
    xTitle: t('ejeNumeroDePago'),
    yTitle: t('ejeSaldoMxn'),
    yDecimals: 2,
    series,
    ...(options.width === undefined ? {} : { width: options.width }),
    ...(options.height === undefined ? {} : { height: options.height }),
  });
}
