/**
 * An SVG chart of an amortization table, built as text: stacked bars per payment (capital,
 * interest, VAT, insurance, commission) on the left axis and the closing balance as a line on
 * the right axis. Heights come from integer cents; only pixel positions are floating point.
 */
import type { CreditResult } from '../contracts/credit.js';
import { messageRef, renderMessage, type Lang } from '../errors/catalog.js';
import { formatCents } from '../money/cents.js';
import { DEFAULT_CREDIT_CONVENTIONS } from '../credit/conventions.js';
import { groupThousands } from '../money/grouping.js';
import { amountToCents } from './amounts.js';
import { ANALYSIS_MESSAGES, analysisError, type AnalysisMessageId } from './messages.js';

/**
 * Options of {@link scheduleChartSvg}.
 *
 * @example
 * ```ts
 * const options: ChartOptions = { width: 640, height: 360, title: 'Sedán 2026' };
 * scheduleChartSvg(quoteCredit(solicitud), options).includes('width="640" height="360"'); // true
 * ```
 */
export interface ChartOptions {
  /** Width in pixels (default 960). */
  readonly width?: number;
  /** Height in pixels (default 540). */
  readonly height?: number;
  /** Title (default: amount, term, rate and CAT of the quote). */
  readonly title?: string;
  /** The language of the labels (default `es`). */
  readonly lang?: Lang;
}

/**
 * The ids of the chart's series, in stacking order (also the `id` of each series' `<g>`).
 *
 * @example
 * ```ts
 * CHART_SERIES; // ['capital', 'interes', 'iva', 'seguros', 'comision', 'saldo']
 * ```
 */
export const CHART_SERIES = ['capital', 'interes', 'iva', 'seguros', 'comision', 'saldo'] as const;

const SERIES_STYLE = {
  capital: { label: 'serieCapital', color: '#1f6fb2' },
  interes: { label: 'serieInteres', color: '#e07b24' },
  iva: { label: 'serieIva', color: '#8c5bb8' },
  seguros: { label: 'serieSeguros', color: '#3a9d5d' },
  comision: { label: 'serieComision', color: '#b8a02b' },
  saldo: { label: 'serieSaldo', color: '#c62f3b' },
} as const satisfies Record<(typeof CHART_SERIES)[number], { label: AnalysisMessageId; color: string }>;

/**
 * Escapes text for XML content and attribute values.
 *
 * @example
 * ```ts
 * escapeXml('Tasa < 15 % & "CAT"'); // 'Tasa &lt; 15 % &amp; &quot;CAT&quot;'
 * ```
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c as keyof typeof XML_ENTITIES]);
}

const XML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' } as const;

/** A round tick step (1, 2 or 5 × 10^k cents) giving at most `maxTicks` intervals up to `max`. */
function tickStep(max: number, maxTicks: number): number {
  let step = 1;
  for (;;) {
    for (const m of [1, 2, 5]) {
      if (Math.ceil(max / (step * m)) <= maxTicks) return step * m;
    }
    step *= 10;
  }
}

const px = (v: number): string => (Math.round(v * 100) / 100).toString();

interface Stack {
  readonly capital: number;
  readonly interes: number;
  readonly iva: number;
  readonly seguros: number;
  readonly comision: number;
}

/**
 * The amortization schedule of a credit quote as a standalone SVG document: stacked bars per
 * payment (capital, interest, VAT, insurance, commission when any) against the left axis, the
 * closing balance as a line against the right axis, axis titles, tick labels, a title and a
 * legend. The quote must carry its table (`generaTablaPagos: true`), else a {@link QuoteError}
 * (`ERRNEG001`, field `generaTablaPagos`) is thrown.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * const result = quoteCredit({ ...solicitud, generaTablaPagos: true });
 * writeFileSync('schedule.svg', scheduleChartSvg(result, { title: 'Sedán 2026' }));
 * ```
 */
export function scheduleChartSvg(result: CreditResult, options: ChartOptions = {}): string {
  const rows = result.registros;
  if (rows.length === 0) throw analysisError('ERRNEG001', 'sinTablaDePagos', 'generaTablaPagos');
  const lang = options.lang ?? 'es';
  const t = (id: AnalysisMessageId, params?: Readonly<Record<string, string | number>>): string =>
    renderMessage(messageRef(ANALYSIS_MESSAGES, id, params), lang);
  const width = options.width ?? 960;
  const height = options.height ?? 540;
  const title =
    options.title ??
    t('tituloAmortizacion', { monto: groupThousands(result.montoSolicitado), plazo: result.plazo, tasa: result.tasa, cat: result.cat });
  const stacks: Stack[] = rows.map((r) => ({
    capital: amountToCents(r.abonoCapital),
    interes: amountToCents(r.interesAmortizacion),
    iva: amountToCents(r.ivaAmortizacion),
    seguros: amountToCents(r.seguroVida) + amountToCents(r.seguroDanos) + amountToCents(r.seguroDesempleo),
    comision: amountToCents(r.comisionAmortizacion),
  }));
  const balances = rows.map((r) => amountToCents(r.saldoFin));
  const withCommission = stacks.some((s) => s.comision !== 0);
  const withInsurance = stacks.some((s) => s.seguros !== 0);
  const barSeries = (['capital', 'interes', 'iva', 'seguros', 'comision'] as const).filter(
    (id) => (id !== 'comision' || withCommission) && (id !== 'seguros' || withInsurance),
  );

  const left = 96;
  const right = 96;
  const top = 64;
  const bottom = 96;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const maxBar = Math.max(1, ...stacks.map((s) => barSeries.reduce((sum, id) => sum + Math.max(0, s[id]), 0)));
  const maxBalance = Math.max(1, amountToCents(rows[0]?.saldoCapital ?? '0'), ...balances);
  const barStep = tickStep(maxBar, 6);
  const balStep = tickStep(maxBalance, 6);
  const barTop = Math.ceil(maxBar / barStep) * barStep;
  const balTop = Math.ceil(maxBalance / balStep) * balStep;
  const slot = plotW / rows.length;
  const barW = Math.max(0.5, slot * 0.8);
  const yBar = (cents: number): number => top + plotH - (cents / barTop) * plotH;
  const yBal = (cents: number): number => top + plotH - (cents / balTop) * plotH;
  const xMid = (k: number): number => left + slot * (k + 0.5);

  const out: string[] = [];
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="12">`,
  );
  out.push(`<title id="chart-title">${escapeXml(title)}</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${px(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold">${escapeXml(title)}</text>`);

  // Grid lines and the left axis (payment parts).
  out.push(`<g id="axis-left" fill="#333333">`);
  for (let v = 0; v <= barTop; v += barStep) {
    const y = px(yBar(v));
    out.push(`<line x1="${left}" y1="${y}" x2="${left + plotW}" y2="${y}" stroke="#e3e3e3"/>`);
    out.push(
      `<text x="${left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${escapeXml(groupThousands(wholeUnits(v)))}</text>`,
    );
  }
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333333"/>`);
  out.push(`<text transform="translate(22 ${px(top + plotH / 2)}) rotate(-90)" text-anchor="middle">${escapeXml(t('ejePago'))}</text>`);
  out.push(`</g>`);

  // The right axis (balance).
  out.push(`<g id="axis-right" fill="#333333">`);
  for (let v = 0; v <= balTop; v += balStep) {
    const y = px(yBal(v));
    out.push(`<line x1="${left + plotW}" y1="${y}" x2="${left + plotW + 5}" y2="${y}" stroke="#333333"/>`);
    out.push(
      `<text x="${left + plotW + 8}" y="${y}" text-anchor="start" dominant-baseline="middle">${escapeXml(groupThousands(wholeUnits(v)))}</text>`,
    );
  }
  out.push(`<line x1="${left + plotW}" y1="${top}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333333"/>`);
  out.push(
    `<text transform="translate(${width - 18} ${px(top + plotH / 2)}) rotate(90)" text-anchor="middle">${escapeXml(t('ejeSaldo'))}</text>`,
  );
  out.push(`</g>`);

  // The bottom axis (payment number).
  const xStep = [1, 2, 3, 6, 12, 24, 36, 60, 120, 240].find((s) => rows.length / s <= 15) ?? 360;
  out.push(`<g id="axis-bottom" fill="#333333">`);
  out.push(`<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333333"/>`);
  rows.forEach((r, k) => {
    if (r.numAmortizacion % xStep !== 0 && k !== 0) return;
    const x = px(xMid(k));
    out.push(`<line x1="${x}" y1="${top + plotH}" x2="${x}" y2="${top + plotH + 5}" stroke="#333333"/>`);
    out.push(`<text x="${x}" y="${top + plotH + 18}" text-anchor="middle">${r.numAmortizacion}</text>`);
  });
  out.push(
    `<text x="${px(left + plotW / 2)}" y="${top + plotH + 38}" text-anchor="middle">${escapeXml(t('ejeNumeroPago', { period: periodName(result.periodicidad) }))}</text>`,
  );
  out.push(`</g>`);

  // Stacked bars, one group per series.
  for (const id of barSeries) {
    const style = SERIES_STYLE[id];
    out.push(`<g id="series-${id}" class="series" fill="${style.color}">`);
    stacks.forEach((s, k) => {
      const below = barSeries.slice(0, barSeries.indexOf(id)).reduce((sum, b) => sum + Math.max(0, s[b]), 0);
      const value = Math.max(0, s[id]);
      if (value === 0) return;
      const y0 = yBar(below);
      const y1 = yBar(below + value);
      const row = rows[k];
      const label = t('barraPago', {
        number: row?.numAmortizacion ?? k + 1,
        date: row?.fechaAmortizacion ?? '',
        series: t(style.label).toLowerCase(),
        amount: groupThousands(formatCents(s[id])),
      });
      out.push(
        `<rect x="${px(xMid(k) - barW / 2)}" y="${px(y1)}" width="${px(barW)}" height="${px(y0 - y1)}"><title>${escapeXml(label)}</title></rect>`,
      );
    });
    out.push(`</g>`);
  }

  // The balance line on the right axis, from the opening balance.
  const points = [
    `${px(left)},${px(yBal(amountToCents(rows[0]?.saldoCapital ?? '0')))}`,
    ...balances.map((b, k) => `${px(left + slot * (k + 1))},${px(yBal(b))}`),
  ];
  out.push(`<g id="series-saldo" class="series">`);
  out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${SERIES_STYLE.saldo.color}" stroke-width="2"/>`);
  out.push(`</g>`);

  // Legend.
  const legend = [...barSeries, 'saldo' as const];
  const itemW = plotW / legend.length;
  out.push(`<g id="legend" fill="#333333">`);
  legend.forEach((id, i) => {
    const x = left + itemW * i;
    const y = height - 28;
    const style = SERIES_STYLE[id];
    out.push(
      id === 'saldo'
        ? `<line x1="${px(x)}" y1="${y}" x2="${px(x + 18)}" y2="${y}" stroke="${style.color}" stroke-width="2"/>`
        : `<rect x="${px(x)}" y="${y - 6}" width="18" height="12" fill="${style.color}"/>`,
    );
    out.push(`<text x="${px(x + 24)}" y="${y}" dominant-baseline="middle">${escapeXml(t(style.label))}</text>`);
  });
  out.push(`</g>`);
  out.push(`</svg>`);
  return `${out.join('\n')}\n`;
}

/** "mensual" for "M": the default conventions' name of a periodicity code, else the code. */
function periodName(code: string): string {
  const periodicities = DEFAULT_CREDIT_CONVENTIONS.periodicities;
  return Object.hasOwn(periodicities, code) ? (periodicities[code]?.name ?? code) : code;
}

/** Cents that are a whole number of pesos, as the pesos' text ("150000" for 15000000). */
function wholeUnits(cents: number): string {
  const text = formatCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
