/**
 * The quote's results: the payment, the CAT, the totals, the initial outlay item by item, the
 * CAT's explanation, the charts and the lazily rendered table with its CSV and print buttons.
 * Every figure carries `data-out` (its engine name), which the browser tests read back.
 */
import type { Lang } from '../src/entry/index.js';
import { creditRowsToCsv } from '../src/entry/analysis.js';
import { scheduleCharts } from './chart.js';
import type { Quoted } from './compute.js';
import { fill, h } from './dom.js';
import { money, text, type SimulatorTextId } from './i18n.js';
import { centsText, toCents } from './scenario.js';
import { LazyTable } from './table.js';

/** Flows shown at the start and at the end of the CAT's table (the rest are summarised). */
const HEAD_FLOWS = 6;
const TAIL_FLOWS = 2;

/** The results panel. */
export class Results {
  readonly element: HTMLElement;
  private readonly headline = h('div', { class: 'headline' });
  private readonly totals = h('dl', { class: 'figures' });
  private readonly outlay = h('dl', { class: 'figures outlay' });
  private readonly cat = h('div', { class: 'cat-proof' });
  private readonly charts = h('div', { class: 'charts' });
  private readonly scroller: HTMLElement;
  private readonly table: LazyTable;
  private readonly tableNote = h('p', { class: 'note', id: 'table-note' });
  private readonly showAll: HTMLButtonElement;
  private last: Quoted | undefined;

  constructor(private readonly lang: Lang) {
    this.scroller = h('div', {
      class: 'table-scroll',
      tabindex: 0,
      role: 'region',
      'aria-labelledby': 'h-table',
      'aria-describedby': 'table-note',
    });
    this.table = new LazyTable(lang, this.scroller);
    this.scroller.append(this.table.element);
    this.showAll = h('button', { type: 'button', class: 'secondary', hidden: true });
    this.showAll.addEventListener('click', () => {
      this.table.all();
      this.showAll.hidden = true;
    });
    const csv = h('button', { type: 'button', class: 'secondary' }, text('descargarCsv', lang));
    csv.addEventListener('click', () => this.download());
    const print = h('button', { type: 'button', class: 'secondary' }, text('imprimir', lang));
    print.addEventListener('click', () => window.print());
    window.addEventListener('beforeprint', () => this.table.all());
    const t = (id: SimulatorTextId) => text(id, lang);
    this.element = h(
      'div',
      { class: 'results-body' },
      this.headline,
      this.totals,
      h('h3', {}, t('desembolso')),
      this.outlay,
      h('details', { class: 'cat-details' }, h('summary', {}, t('catExplicacion')), this.cat),
      h('h3', {}, t('grafica')),
      this.charts,
      h('h3', { id: 'h-table' }, t('tabla')),
      this.tableNote,
      h('div', { class: 'actions no-print' }, this.showAll, csv, print),
      this.scroller,
    );
  }

  /** Shows a quoted scenario. */
  show(q: Quoted): void {
    this.last = q;
    const { quote, charges } = q;
    const lang = this.lang;
    const t = (id: SimulatorTextId, params?: Record<string, string | number>) => text(id, lang, params);
    const per = t('pago', { periodicidad: t(`pago${quote.periodicidad as 'M'}`) });
    fill(
      this.headline,
      h('p', { class: 'payment' }, h('span', {}, per), h('strong', { 'data-out': 'pagoMensual' }, money(quote.pagoMensual))),
      h(
        'p',
        { class: 'cat' },
        h('span', {}, t('cat')),
        h('strong', {}, h('span', { 'data-out': 'cat' }, quote.cat), ' %'),
        h('small', {}, t('catSinIva')),
      ),
    );
    const item = (label: SimulatorTextId, key: string, value: string) => [
      h('dt', {}, t(label)),
      h('dd', { 'data-out': key }, money(value)),
    ];
    fill(
      this.totals,
      ...item('montoFinanciado', 'montoSolicitado', quote.montoSolicitado),
      ...item('totalPagar', 'totalPagar', quote.totalPagar),
      ...item('interesTotal', 'importeInteresTotal', quote.importeInteresTotal),
      ...item('ivaInteres', 'impIVAInteresTotal', quote.impIVAInteresTotal),
    );
    const optional = (label: SimulatorTextId, key: keyof typeof charges, value: string | undefined) =>
      value === undefined || value === '0.00' ? [] : item(label, key, value);
    const totalOutlay = centsText((toCents(q.downPayment) ?? 0n) + (toCents(charges.total) ?? 0n));
    fill(
      this.outlay,
      ...item('desEnganche', 'enganche', q.downPayment),
      ...item('desComision', 'commission', charges.commission),
      ...item('desIvaComision', 'commissionVat', charges.commissionVat),
      ...optional('desSegVida', 'upfrontLifeInsurance', charges.upfrontLifeInsurance),
      ...optional('desSegDanio', 'upfrontDamageInsurance', charges.upfrontDamageInsurance),
      ...optional('desPoliza', 'policyDamagePremium', charges.policyDamagePremium),
      ...optional('desVidaDeudor', 'policyLifePremium', charges.policyLifePremium),
      ...item('desTotal', 'outlay', totalOutlay),
    );
    this.showCat(q);
    fill(this.charts, ...scheduleCharts(quote.registros, lang));
    this.tableNote.textContent = t('tablaDescripcion', { n: quote.registros.length });
    this.table.set(quote.registros);
    this.showAll.textContent = t('mostrarTodas', { n: quote.registros.length });
    this.showAll.hidden = quote.registros.length <= this.table.count;
  }

  private showCat(q: Quoted): void {
    const t = (id: SimulatorTextId, params?: Record<string, string | number>) => text(id, this.lang, params);
    const flows = q.cat.flows;
    const rows: HTMLElement[] = [];
    const flowRow = (i: number) => {
      const f = flows[i];
      if (f === undefined) return;
      rows.push(
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, f.index === 0 ? t('catDisposicion') : t('catPagoN', { n: f.index })),
          h('td', {}, f.years),
          h('td', {}, money(f.amount)),
        ),
      );
    };
    const head = Math.min(flows.length, HEAD_FLOWS + 1);
    for (let i = 0; i < head; i++) flowRow(i);
    const tailStart = Math.max(head, flows.length - TAIL_FLOWS);
    if (tailStart > head) rows.push(h('tr', {}, h('td', { colspan: 3 }, t('catOmitidos', { n: tailStart - head }))));
    for (let i = tailStart; i < flows.length; i++) flowRow(i);
    fill(
      this.cat,
      h('p', {}, t('catRegla')),
      h('p', {}, t('catRecibe', { monto: money(q.cat.disbursement) })),
      h(
        'table',
        { class: 'flows' },
        h('caption', {}, t('catFlujos')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, t('catFlujo')),
            h('th', { scope: 'col' }, t('catTiempo')),
            h('th', { scope: 'col' }, t('catImporte')),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
      h('p', {}, t('catResultado', { cat: q.cat.percent })),
    );
  }

  private download(): void {
    if (this.last === undefined) return;
    const blob = new Blob([creditRowsToCsv(this.last.quote)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = h('a', { href: url, download: `amortizacion-${this.last.quote.plazo}.csv`, class: 'visually-hidden' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
