/**
 * The amortization table, rendered lazily: the first rows at once, the next ones as the reader
 * scrolls near them (an IntersectionObserver on a sentinel row), all of them for printing or on
 * request. A 999-payment table costs a recompute only its first chunk.
 */
import type { CreditRow, Lang } from '../src/entry/index.js';
import { h } from './dom.js';
import { money, text, type SimulatorTextId } from './i18n.js';
import { centsText, toCents } from './scenario.js';

/** Rows rendered at a time: a little more than the scrolling region shows (about 14). */
export const CHUNK = 30;

/** The table's columns: header text and cell text of a row. */
const COLUMNS: readonly (readonly [string, SimulatorTextId, (row: CreditRow) => string])[] = [
  ['numAmortizacion', 'colNum', (r) => String(r.numAmortizacion)],
  ['fechaAmortizacion', 'colFecha', (r) => r.fechaAmortizacion],
  ['saldoCapital', 'colSaldo', (r) => money(r.saldoCapital)],
  ['abonoCapital', 'colCapital', (r) => money(r.abonoCapital)],
  ['interesAmortizacion', 'colInteres', (r) => money(r.interesAmortizacion)],
  ['ivaAmortizacion', 'colIva', (r) => money(r.ivaAmortizacion)],
  [
    'seguros',
    'colSeguro',
    (r) => money(centsText((toCents(r.seguroVida) ?? 0n) + (toCents(r.seguroDanos) ?? 0n) + (toCents(r.seguroDesempleo) ?? 0n))),
  ],
  ['pagoAmortizacion', 'colPago', (r) => money(r.pagoAmortizacion)],
  ['saldoFin', 'colSaldoFin', (r) => money(r.saldoFin)],
];

/** The lazily rendered table. */
export class LazyTable {
  readonly element: HTMLTableElement;
  private readonly body: HTMLTableSectionElement;
  private rows: readonly CreditRow[] = [];
  private shown = 0;
  private readonly observer: IntersectionObserver | undefined;
  private readonly sentinel: HTMLTableRowElement;

  constructor(
    lang: Lang,
    private readonly scroller: HTMLElement,
  ) {
    this.body = h('tbody');
    this.sentinel = h('tr', { class: 'sentinel', 'aria-hidden': 'true' }, h('td', { colspan: COLUMNS.length }));
    this.element = h(
      'table',
      { class: 'schedule' },
      h('caption', { class: 'visually-hidden' }, text('tabla', lang)),
      h('thead', {}, h('tr', {}, ...COLUMNS.map(([, id]) => h('th', { scope: 'col' }, text(id, lang))))),
      this.body,
    );
    this.observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((e) => e.isIntersecting)) this.more();
            },
            { root: this.scroller, rootMargin: '400px' },
          );
  }

  /** Shows `rows`, from the first chunk. */
  set(rows: readonly CreditRow[]): void {
    this.rows = rows;
    this.shown = 0;
    this.body.replaceChildren();
    this.more();
  }

  /** Renders every row (printing, "show all"). */
  all(): void {
    while (this.shown < this.rows.length) this.more();
  }

  /** Renders the next chunk. */
  more(): void {
    this.sentinel.remove();
    const end = Math.min(this.rows.length, this.shown + CHUNK);
    const fragment = document.createDocumentFragment();
    for (let i = this.shown; i < end; i++) {
      const row = this.rows[i] as CreditRow;
      fragment.append(
        h(
          'tr',
          {},
          ...COLUMNS.map(([key, , cell], c) =>
            c === 0 ? h('th', { scope: 'row', 'data-col': key }, cell(row)) : h('td', { 'data-col': key }, cell(row)),
          ),
        ),
      );
    }
    this.body.append(fragment);
    this.shown = end;
    if (this.shown < this.rows.length) {
      this.body.append(this.sentinel);
      this.observer?.observe(this.sentinel);
    } else this.observer?.unobserve(this.sentinel);
  }

  get count(): number {
    return this.shown;
  }
}
