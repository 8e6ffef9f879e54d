/**
 * The quote's results: the payment, the CAT, the totals, the initial outlay item by item, the
 * CAT's explanation (computed lazily, `./catPanel.ts`), the charts and the lazily rendered table with its CSV and print buttons.
 * Every figure carries `data-out` (its engine name), which the browser tests read back.
 */
import type { Lang } from '../src/entry/index.js';
import { creditRowsToCsv } from '../src/entry/analysis.js';
import { CatPanel } from './catPanel.js';
import { scheduleCharts } from './chart.js';
import type { Quoted } from './compute.js';
import { fill, h } from './dom.js';
import { money, text, type SimulatorTextId } from './i18n.js';
import { centsText, toCents } from './scenario.js';
import { LazyTable } from './table.js';

/** The results panel. */
export class Results {
  readonly element: HTMLElement;
  private readonly headline = h('div', { class: 'headline' });
  private readonly totals = h('dl', { class: 'figures' });
  private readonly outlay = h('dl', { class: 'figures outlay' });
  private readonly cat: CatPanel;
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
    this.cat = new CatPanel(lang);
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
      this.cat.element,
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
    this.cat.set(q.input);
    fill(this.charts, ...scheduleCharts(quote.registros, lang));
    this.tableNote.textContent = t('tablaDescripcion', { n: quote.registros.length });
    this.table.set(quote.registros);
    this.showAll.textContent = t('mostrarTodas', { n: quote.registros.length });
    this.showAll.hidden = quote.registros.length <= this.table.count;
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
