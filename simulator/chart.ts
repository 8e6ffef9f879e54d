/**
 * The charts of the amortization table, drawn as SVG with DOM calls (colours and strokes come
 * from the stylesheet's classes: no inline style): the balance after each payment, and the
 * interest against the capital of each payment.
 */
import type { CreditRow, Lang } from '../src/entry/index.js';
import { svg } from './dom.js';
import { money, text } from './i18n.js';
import { toCents } from './scenario.js';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 8, right: 8, top: 12, bottom: 24 };

const cents = (value: string): number => Number(toCents(value) ?? 0n);

/** Points drawn per series at most: about one per 4 px of the plot, so 999 payments cost what 160 do. */
const MAX_POINTS = 160;

/** The points of a series over the rows, scaled to the plot (every k-th row past MAX_POINTS, the last always). */
function points(values: readonly number[], max: number): string {
  const span = Math.max(1, values.length - 1);
  const step = Math.max(1, Math.ceil(values.length / MAX_POINTS));
  const w = WIDTH - PAD.left - PAD.right;
  const hgt = HEIGHT - PAD.top - PAD.bottom;
  const point = (i: number) =>
    `${(PAD.left + (i * w) / span).toFixed(1)},${(PAD.top + hgt - (max === 0 ? 0 : ((values[i] as number) * hgt) / max)).toFixed(1)}`;
  const out: string[] = [];
  for (let i = 0; i < values.length; i += step) out.push(point(i));
  if ((values.length - 1) % step !== 0) out.push(point(values.length - 1));
  return out.join(' ');
}

function chart(
  id: string,
  title: string,
  description: string,
  series: readonly { cls: string; label: string; values: readonly number[] }[],
): SVGElement {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const root = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-labelledby': `${id}-t ${id}-d`,
    class: 'chart',
    id,
  });
  root.append(svg('title', { id: `${id}-t` }, title), svg('desc', { id: `${id}-d` }, description));
  root.append(svg('line', { x1: PAD.left, y1: HEIGHT - PAD.bottom, x2: WIDTH - PAD.right, y2: HEIGHT - PAD.bottom, class: 'axis' }));
  let x = PAD.left;
  for (const s of series) {
    root.append(svg('polyline', { points: points(s.values, max), class: `line ${s.cls}`, fill: 'none' }));
    root.append(svg('rect', { x, y: HEIGHT - 14, width: 10, height: 10, class: `key ${s.cls}` }));
    root.append(svg('text', { x: x + 14, y: HEIGHT - 5, class: 'legend' }, s.label));
    x += 14 + s.label.length * 7 + 18;
  }
  return root;
}

/**
 * The two charts of `rows`.
 *
 * @example
 * ```ts
 * scheduleCharts(quote.registros, 'es').length; // 2
 * ```
 */
export function scheduleCharts(rows: readonly CreditRow[], lang: Lang): SVGElement[] {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const description =
    first === undefined || last === undefined
      ? ''
      : text('graficaDescripcion', lang, {
          primero: first.fechaAmortizacion,
          ultimo: last.fechaAmortizacion,
          saldo: money(first.saldoCapital),
        });
  return [
    chart('chart-balance', text('graficaSaldo', lang), description, [
      { cls: 'balance', label: text('leyendaSaldo', lang), values: rows.map((r) => cents(r.saldoFin)) },
    ]),
    chart('chart-parts', text('graficaPartes', lang), description, [
      { cls: 'interest', label: text('leyendaInteres', lang), values: rows.map((r) => cents(r.interesAmortizacion)) },
      { cls: 'capital', label: text('leyendaCapital', lang), values: rows.map((r) => cents(r.abonoCapital)) },
    ]),
  ];
}
