/**
 * "How the CAT was obtained": the library's proof of the quote's CAT (`explainCat`, through
 * `./cat.ts`), computed lazily — never inside the recompute, only while the details are open:
 * after the recompute, in an idle moment that the next edit cancels, or on opening. Every figure
 * is explainCat's: each flow's time on its basis, amount, discount factor and present value at the
 * solved rate (head and tail flows, the middle elided), the sums at the solved rate and at the
 * tenth's two boundaries with their signs, whether the proof holds, the rule in words, and every
 * charge with whether it entered and why. The panel's `data-state` is `pending`, `ready` or
 * `error`; the browser tests wait for `ready`.
 */
import { isQuoteError, localizedMessage, type Lang } from '../src/entry/index.js';
import type { CreditCatExplanation, PresentValueColumn } from '../src/entry/credit.js';
import { explainScenarioCat, shownFlows } from './cat.js';
import { fill, h } from './dom.js';
import { money, text, type SimulatorTextId } from './i18n.js';
import type { EngineInput } from './scenario.js';

type Params = Record<string, string | number>;

/** Schedules `run` when the page is idle (or at the next task), and returns how to cancel it. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/** The CAT's explanation panel: a `details` whose body is filled on demand. */
export class CatPanel {
  readonly element: HTMLDetailsElement;
  private readonly body = h('div', { class: 'cat-proof', 'data-state': 'pending' });
  private input: EngineInput | undefined;
  private shown: EngineInput | undefined;
  private cancel: (() => void) | undefined;

  constructor(private readonly lang: Lang) {
    this.element = h('details', { class: 'cat-details' }, h('summary', {}, this.t('catExplicacion')), this.body);
    this.element.addEventListener('toggle', () => {
      if (this.element.open && this.shown !== this.input) this.render();
    });
  }

  /** A new quote: its explanation is due (now stale); worked out after the recompute when the details are open. */
  set(input: EngineInput): void {
    this.input = input;
    this.cancel?.();
    this.cancel = undefined;
    this.body.setAttribute('data-state', 'pending');
    if (!this.element.open) {
      fill(this.body, h('p', {}, this.t('catCalculando')));
      this.shown = undefined;
      return;
    }
    this.body.setAttribute('aria-busy', 'true');
    this.cancel = whenIdle(() => this.render());
  }

  private t(id: SimulatorTextId, params?: Params): string {
    return text(id, this.lang, params);
  }

  private render(): void {
    this.cancel?.();
    this.cancel = undefined;
    const input = this.input;
    if (input === undefined) return;
    this.shown = input;
    this.body.removeAttribute('aria-busy');
    let e: CreditCatExplanation;
    try {
      e = explainScenarioCat(input);
    } catch (error) {
      if (!isQuoteError(error)) throw error;
      fill(
        this.body,
        h('p', { role: 'alert' }, `${this.t('catCargoError')}: [${error.codigoError}] ${localizedMessage(error, this.lang)}`),
      );
      this.body.setAttribute('data-state', 'error');
      return;
    }
    fill(
      this.body,
      h('p', {}, this.t('catRegla')),
      h('p', { 'data-cat': 'rule' }, this.t(`catRegla${e.rule}`, { rate: e.rate, cat: e.percent })),
      h('p', {}, e.signChanges === 1 ? this.t('catDescartesUno') : this.t('catDescartes', { n: e.signChanges })),
      h(
        'p',
        { 'data-cat': 'basis' },
        this.t(`catTiempos${e.timeBasis.basis}`, { period: e.timeBasis.period ?? '', units: e.timeBasis.unitsPerYear ?? '' }),
      ),
      h('p', { 'data-cat': 'disbursement' }, this.t('catRecibe', { monto: money(e.disbursement.amount) })),
      this.flows(e),
      this.proof(e),
      h(
        'p',
        { 'data-cat': 'holds', 'data-holds': String(e.holds) },
        this.t(e.holds ? 'catSeCumple' : 'catNoSeCumple', { lower: e.boundaries.lower, upper: e.boundaries.upper, cat: e.percent }),
      ),
      this.charges(e),
    );
    this.body.setAttribute('data-state', 'ready');
  }

  private flows(e: CreditCatExplanation): HTMLElement {
    const shown = shownFlows(e.flows.length);
    const elided = e.flows.length - shown.filter((i) => i !== undefined).length;
    const rows = shown.map((i) => {
      const f = i === undefined ? undefined : e.flows[i];
      if (i === undefined || f === undefined) return h('tr', {}, h('td', { colspan: 5 }, this.t('catOmitidos', { n: elided })));
      return h(
        'tr',
        { 'data-flow': f.index },
        h('th', { scope: 'row' }, f.kind === 'disbursement' ? this.t('catDisposicion') : this.t('catPagoN', { n: f.index })),
        h('td', {}, f.years === f.yearsDecimal ? f.years : `${f.years} = ${f.yearsDecimal}`),
        h('td', {}, money(f.amount)),
        h('td', {}, e.atRate.discountFactors[i] ?? ''),
        h('td', {}, e.atRate.presentValues[i] ?? ''),
      );
    });
    const headers: SimulatorTextId[] = ['catFlujo', 'catTiempo', 'catImporte', 'catFactor', 'catValorPresente'];
    return this.scroll(
      'catFlujos',
      { class: 'flows' },
      h('caption', {}, this.t('catFlujos')),
      h('thead', {}, h('tr', {}, ...headers.map((id) => h('th', { scope: 'col' }, this.t(id))))),
      h('tbody', {}, ...rows),
    );
  }

  /** A table in a region that scrolls sideways on a narrow screen (focusable, so the keyboard scrolls it). */
  private scroll(label: SimulatorTextId, attributes: Record<string, string>, ...children: HTMLElement[]): HTMLElement {
    return h('div', { class: 'cat-scroll', tabindex: 0, role: 'region', 'aria-label': this.t(label) }, h('table', attributes, ...children));
  }

  private proof(e: CreditCatExplanation): HTMLElement {
    const row = (key: string, label: string, column: PresentValueColumn) =>
      h(
        'tr',
        { 'data-column': key },
        h('th', { scope: 'row' }, label),
        h('td', {}, column.sum),
        h('td', {}, `± ${column.bound}`),
        h(
          'td',
          { 'data-sign': column.sign, 'data-decided': column.decidedBy },
          this.t(`catSigno${column.sign}`),
          column.decidedBy === 'exact' ? ` ${this.t('catExacto')}` : undefined,
        ),
      );
    const headers: SimulatorTextId[] = ['catTasa', 'catSuma', 'catCota', 'catSigno'];
    return this.scroll(
      'catPrueba',
      { class: 'flows proof' },
      h('caption', {}, this.t('catPrueba')),
      h('thead', {}, h('tr', {}, ...headers.map((id) => h('th', { scope: 'col' }, this.t(id))))),
      h(
        'tbody',
        {},
        row('atRate', this.t('catEnTasa', { rate: e.rate }), e.atRate),
        row('lower', this.t('catEnInferior', { p: e.boundaries.lower }), e.lower),
        row('upper', this.t('catEnSuperior', { p: e.boundaries.upper }), e.upper),
      ),
    );
  }

  private charges(e: CreditCatExplanation): HTMLElement {
    const headers: SimulatorTextId[] = ['catCargo', 'catCampo', 'catImporte', 'catEntra', 'catMotivo'];
    return this.scroll(
      'catCargos',
      { class: 'flows charges' },
      h('caption', {}, this.t('catCargos')),
      h('thead', {}, h('tr', {}, ...headers.map((id) => h('th', { scope: 'col' }, this.t(id))))),
      h(
        'tbody',
        {},
        ...e.charges.map((c) =>
          h(
            'tr',
            { 'data-charge': c.item, 'data-entered': c.entered, 'data-reason': c.reason },
            h('th', { scope: 'row' }, this.t(`cargo_${c.item}`)),
            h('td', {}, h('code', {}, c.field)),
            h('td', {}, money(c.amount)),
            h('td', {}, this.t(`entra_${c.entered}`)),
            h('td', {}, this.t(`motivo_${c.reason}`)),
          ),
        ),
      ),
    );
  }
}
