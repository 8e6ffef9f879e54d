/**
 * The questions around the quote: how much a payment borrows (`solveCredit`), what an income
 * affords (`affordability`), and up to four offers side by side ranked as `compareOffers` ranks
 * them. Each answers live from its inputs; a refusal shows the engine's coded message.
 */
import { affordability, compareOffers, solveCredit, type Lang } from '../src/entry/index.js';
import { fieldError } from './compute.js';
import { fill, h } from './dom.js';
import { money, text, type SimulatorTextId } from './i18n.js';
import { centsText, engineInput, toCents, type Scenario } from './scenario.js';

/** The panels' own inputs (kept in the URL beside the scenario). */
export interface PanelInputs {
  payment: string;
  income: string;
  share: string;
}

/** The most offers compared at once. */
export const MAX_OFFERS = 4;

function input(id: string, label: string, value: string, onInput: (value: string) => void): HTMLElement {
  const control = h('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', value });
  control.addEventListener('input', () => onInput(control.value));
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

/** The "how much can I borrow" and "what can my income afford" panels. */
export class Questions {
  readonly element: HTMLElement;
  private readonly borrow = h('output', { class: 'answer', 'data-out': 'borrow', for: 'q-payment' });
  private readonly afford = h('output', { class: 'answer', 'data-out': 'afford', for: 'q-income q-share' });
  private scenario: Scenario | undefined;
  private date = '';

  constructor(
    private readonly lang: Lang,
    private readonly values: PanelInputs,
    onChange: () => void,
  ) {
    const t = (id: SimulatorTextId) => text(id, lang);
    const update = (key: keyof PanelInputs) => (value: string) => {
      this.values[key] = value;
      this.refresh();
      onChange();
    };
    this.element = h(
      'div',
      { class: 'questions' },
      h(
        'section',
        { 'aria-labelledby': 'h-borrow' },
        h('h3', { id: 'h-borrow' }, t('cuantoPrestamo')),
        input('q-payment', t('pagoObjetivo'), values.payment, update('payment')),
        this.borrow,
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-afford' },
        h('h3', { id: 'h-afford' }, t('ingreso')),
        input('q-income', t('ingresoMensual'), values.income, update('income')),
        input('q-share', t('ingresoParte'), values.share, update('share')),
        this.afford,
      ),
    );
  }

  /** Answers again for `scenario`. */
  set(scenario: Scenario, date: string): void {
    this.scenario = scenario;
    this.date = date;
    this.refresh();
  }

  private refresh(): void {
    if (this.scenario === undefined) return;
    const lang = this.lang;
    const { solicitud, options } = engineInput(this.scenario, this.date);
    const refusal = (error: unknown) => {
      const e = fieldError(error, lang);
      return h('span', { class: 'refusal' }, `[${e.code}] ${e.field === '' ? '' : `${e.field}: `}${e.message}`);
    };
    if (this.values.payment.trim() === '') fill(this.borrow);
    else {
      try {
        const { value } = solveCredit(
          solicitud,
          { unknown: 'montoSolicitado', target: { pagoMensual: this.values.payment.trim().replace(/,/g, '') } },
          options,
        );
        const down = (toCents(solicitud.valorFactura) ?? 0n) - (toCents(solicitud.montoSolicitado) ?? 0n);
        fill(
          this.borrow,
          text('prestamoResultado', lang, {
            pago: money(this.values.payment.trim().replace(/,/g, '')),
            monto: money(value),
            precio: money(centsText((toCents(value) ?? 0n) + down)),
          }),
        );
      } catch (error) {
        fill(this.borrow, refusal(error));
      }
    }
    if (this.values.income.trim() === '' || this.values.share.trim() === '') fill(this.afford);
    else {
      try {
        const downPayment =
          this.scenario.downKind === 'pct'
            ? { percent: this.scenario.down.trim() }
            : { amount: this.scenario.down.trim().replace(/,/g, '') };
        const r = affordability(
          solicitud,
          { income: this.values.income.trim().replace(/,/g, ''), maxShare: this.values.share.trim(), downPayment },
          options,
        );
        fill(
          this.afford,
          text('ingresoResultado', lang, {
            limite: money(r.paymentLimit),
            monto: money(r.montoSolicitado),
            enganche: money(r.downPayment),
            precio: money(r.valorFactura),
          }),
        );
      } catch (error) {
        fill(this.afford, refusal(error));
      }
    }
  }
}

/** The offers compared. */
export class Offers {
  readonly element: HTMLElement;
  private readonly body = h('div', { class: 'offers-body' });
  private readonly add: HTMLButtonElement;
  private readonly note = h('p', { class: 'note', role: 'status' });
  private current: (() => Scenario) | undefined;

  constructor(
    private readonly lang: Lang,
    private readonly offers: Scenario[],
    private readonly date: () => string,
    private readonly onChange: () => void,
  ) {
    this.add = h('button', { type: 'button', id: 'add-offer' }, text('agregarOferta', lang));
    this.add.addEventListener('click', () => {
      if (this.current === undefined) return;
      if (this.offers.length >= MAX_OFFERS) {
        this.note.textContent = text('ofertasLlenas', lang);
        return;
      }
      this.offers.push(this.current());
      this.render();
      this.onChange();
    });
    this.element = h('div', { class: 'offers' }, h('p', {}, text('compararDescripcion', lang)), this.add, this.note, this.body);
  }

  /** Where the "add" button takes the scenario from. */
  source(current: () => Scenario): void {
    this.current = current;
  }

  /** Ranks the offers and shows them side by side, the best first. */
  render(): void {
    const lang = this.lang;
    const t = (id: SimulatorTextId, params?: Record<string, string | number>) => text(id, lang, params);
    this.note.textContent = '';
    if (this.offers.length === 0) {
      fill(this.body, h('p', {}, t('sinOfertas')));
      return;
    }
    const labels = this.offers.map((_, i) => t('oferta', { n: i + 1 }));
    const comparison = compareOffers(
      this.offers.map((scenario, i) => ({ label: labels[i] as string, ...engineInput(scenario, this.date()) })),
    );
    const ranked = comparison.ranked;
    const measure = (label: SimulatorTextId, key: 'cat' | 'payment' | 'total' | 'outlay') =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, t(label)),
        ...ranked.map((o) => {
          const value = key === 'cat' ? `${o.measures.cat} %` : money(o.measures[key]);
          const diff = /^0\.0+$/.test(o.differences[key])
            ? ''
            : t('ofertaDiferencia', { d: key === 'cat' ? o.differences.cat : money(o.differences[key]) });
          return h('td', { 'data-offer': o.index, 'data-measure': key }, value, diff === '' ? undefined : h('small', {}, diff));
        }),
      );
    const removeButton = (index: number) => {
      const button = h('button', { type: 'button', class: 'link', 'aria-label': t('quitar', { oferta: labels[index] as string }) }, '×');
      button.addEventListener('click', () => {
        this.offers.splice(index, 1);
        this.render();
        this.onChange();
      });
      return button;
    };
    fill(
      this.body,
      ranked.length === 0
        ? undefined
        : h(
            'div',
            { class: 'table-scroll compact', tabindex: 0, role: 'region', 'aria-label': t('comparar') },
            h(
              'table',
              { class: 'offers-table' },
              h('caption', { class: 'visually-hidden' }, t('comparar')),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  h('th', { scope: 'col' }, t('lugar')),
                  ...ranked.map((o) => h('th', { scope: 'col', 'data-offer': o.index }, `${o.rank}. ${o.label} `, removeButton(o.index))),
                ),
              ),
              h(
                'tbody',
                {},
                measure('cat', 'cat'),
                measure('ofertaPago', 'payment'),
                measure('ofertaTotal', 'total'),
                measure('ofertaDesembolso', 'outlay'),
              ),
            ),
          ),
      ...comparison.failed.map((f) =>
        h(
          'p',
          { class: 'refusal' },
          t('ofertaRechazada', {
            oferta: f.label,
            mensaje: `[${f.error.codigoError}] ${f.error.valorIncorrecto ?? ''}: ${fieldError(f.error, lang).message}`,
          }),
          ' ',
          removeButton(f.index),
        ),
      ),
    );
  }
}
