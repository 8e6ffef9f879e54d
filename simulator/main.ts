/**
 * The simulator page: the scenario in the URL's fragment, the form, the engine run on every input
 * (no server round trip), the results, the questions and the offers; Spanish by default, English
 * by the switch (the whole page is rebuilt in the other language, the scenario kept). The service
 * worker (sw.ts) keeps the page's three files for offline use.
 */
import { isLang, type Lang } from '../src/entry/index.js';
import { packageChoices, quoteScenario, type FieldError } from './compute.js';
import { fill, h } from './dom.js';
import { money, text } from './i18n.js';
import { Offers, Questions, type PanelInputs } from './panels.js';
import { Results } from './results.js';
import { scenarioForm, type ScenarioForm } from './form.js';
import { scenarioFromParams, scenarioToParams, type Scenario } from './scenario.js';

/** Today's civil date in Mexico City: the opening date of a scenario without one (the page reads the clock; the engine never does). */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
}

/** Everything the URL holds. */
interface State {
  lang: Lang;
  scenario: Scenario;
  offers: Scenario[];
  panels: PanelInputs;
}

function readState(hash: string): State {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const lang = params.get('lang') ?? 'es';
  return {
    lang: isLang(lang) ? lang : 'es',
    scenario: scenarioFromParams(params),
    offers: params
      .getAll('o')
      .slice(0, 4)
      .map((o) => scenarioFromParams(new URLSearchParams(o))),
    panels: { payment: params.get('pay') ?? '', income: params.get('income') ?? '', share: params.get('share') ?? '30' },
  };
}

/** The URL is written once the typing pauses: a history entry costs milliseconds, and an edit has 16 in all. */
const URL_DELAY_MS = 150;
let urlTimer: ReturnType<typeof setTimeout> | undefined;

function writeState(state: State): void {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => writeUrl(state), URL_DELAY_MS);
}

function writeUrl(state: State): void {
  const params = scenarioToParams(state.scenario);
  if (state.lang !== 'es') params.set('lang', state.lang);
  for (const offer of state.offers) params.append('o', scenarioToParams(offer).toString());
  if (state.panels.payment !== '') params.set('pay', state.panels.payment);
  if (state.panels.income !== '') params.set('income', state.panels.income);
  if (state.panels.share !== '30') params.set('share', state.panels.share);
  const hash = params.toString();
  history.replaceState(null, '', hash === '' ? location.pathname + location.search : `#${hash}`);
}

/** The page, built for `state` into `root`. */
function build(root: HTMLElement, state: State, focusSwitch: boolean): void {
  const lang = state.lang;
  document.documentElement.lang = lang;
  document.title = text('tituloDocumento', lang);
  // The visible name is the other language's own word for itself; the accessible name contains it (WCAG 2.5.3).
  const switchLang = h(
    'button',
    { type: 'button', id: 'lang-switch' },
    h('span', { class: 'visually-hidden' }, `${text('idiomaNombre', lang)}: `),
    h('span', { lang: lang === 'es' ? 'en' : 'es' }, text('idioma', lang)),
  );
  switchLang.addEventListener('click', () => {
    state.lang = lang === 'es' ? 'en' : 'es';
    writeUrl(state);
    build(root, state, true);
  });
  const form: ScenarioForm = scenarioForm(state.scenario, lang);
  const results = new Results(lang);
  const status = h('p', { id: 'status', class: 'visually-hidden', role: 'status' });
  const general = h('div', { id: 'general-error', class: 'general-error', role: 'alert', hidden: true });
  // Hidden until a scenario is quoted; afterwards a refused edit leaves the last quote in view, under the alert.
  const resultsBody = h('div', { id: 'results', hidden: true }, results.element);
  const questions = new Questions(lang, state.panels, () => writeState(state));
  const offers = new Offers(
    lang,
    state.offers,
    () => today(),
    () => writeState(state),
  );
  offers.source(() => ({ ...state.scenario }));

  fill(
    root,
    h(
      'header',
      { class: 'top' },
      h('div', {}, h('h1', {}, text('titulo', lang)), h('p', { class: 'lead' }, text('subtitulo', lang))),
      switchLang,
    ),
    h(
      'main',
      { class: 'layout' },
      h(
        'section',
        { class: 'inputs', 'aria-labelledby': 'h-inputs' },
        h('h2', { id: 'h-inputs', class: 'visually-hidden' }, text('seccionCredito', lang)),
        form.element,
        h('p', { class: 'note' }, text('enlace', lang)),
      ),
      h(
        'section',
        { class: 'outputs', 'aria-labelledby': 'h-results' },
        h('h2', { id: 'h-results' }, text('resultados', lang)),
        general,
        status,
        resultsBody,
      ),
      h(
        'section',
        { class: 'extra', 'aria-labelledby': 'h-questions' },
        h('h2', { id: 'h-questions', class: 'visually-hidden' }, text('cuantoPrestamo', lang)),
        questions.element,
      ),
      h('section', { class: 'extra', 'aria-labelledby': 'h-offers' }, h('h2', { id: 'h-offers' }, text('comparar', lang)), offers.element),
    ),
    h('footer', { class: 'foot' }, h('p', {}, text('pie', lang)), h('p', {}, text('sinConexion', lang))),
  );

  const showErrors = (errors: readonly FieldError[]) => {
    for (const [key, paragraph] of form.errors) {
      const error = errors.find((e) => e.key === key);
      const control = form.controls.get(key);
      paragraph.hidden = error === undefined;
      paragraph.textContent = error === undefined ? '' : `[${error.code}] ${error.message}`;
      if (control === undefined) continue;
      if (error === undefined) {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      } else {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', paragraph.id);
      }
    }
    const unplaced = errors.filter((e) => e.key === undefined);
    general.hidden = errors.length === 0;
    fill(
      general,
      errors.length === 0 ? undefined : h('p', {}, text('errores', lang, { n: errors.length })),
      ...unplaced.map((e) => h('p', {}, `${text('errorGeneral', lang)}: [${e.code}] ${e.field}: ${e.message}`)),
    );
  };

  // The packages' prices depend on the vehicle and the credit's shape, not on the rate or the extras: priced again only when those change.
  let pricedFor = '';
  const refreshPackages = () => {
    const s = state.scenario;
    const key = [s.price, s.down, s.downKind, s.term, s.periodicity, s.vehicle, s.state, s.model, s.postalCode, s.date, lang].join('|');
    if (key === pricedFor) return;
    pricedFor = key;
    const select = form.controls.get('pack') as HTMLSelectElement;
    const choices = packageChoices(state.scenario, today());
    const options = choices.map((c) =>
      h(
        'option',
        { value: c.value },
        c.premium === undefined
          ? `${c.insurer} · ${c.name}`
          : text('paqueteOpcion', lang, { aseguradora: c.insurer, paquete: c.name, prima: money(c.premium) }),
      ),
    );
    select.replaceChildren(...options);
    select.value = state.scenario.pack;
  };

  const recompute = () => {
    form.insuranceDetails.hidden = state.scenario.insurance === 'none';
    if (state.scenario.insurance !== 'none') refreshPackages();
    const answer = quoteScenario(state.scenario, today(), lang);
    if ('error' in answer) showErrors([answer.error]);
    else {
      showErrors([]);
      resultsBody.hidden = false;
      results.show(answer);
      status.textContent = text('listo', lang, { pago: money(answer.quote.pagoMensual), cat: answer.quote.cat });
    }
    questions.set(state.scenario, today());
    writeState(state);
  };

  form.element.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const key = target.name as keyof Scenario;
    if (!(key in state.scenario)) return;
    state.scenario = { ...state.scenario, [key]: target.value };
    recompute();
  });
  // A select's choice arrives as `change` in some browsers without an `input` event.
  form.element.addEventListener('change', (event) => {
    const target = event.target as HTMLSelectElement;
    if (target.tagName === 'SELECT' && state.scenario[target.name as keyof Scenario] !== target.value)
      target.dispatchEvent(new Event('input', { bubbles: true }));
  });
  recompute();
  offers.render();
  if (focusSwitch) (document.getElementById('lang-switch') as HTMLButtonElement).focus();
}

const root = document.getElementById('app');
if (root !== null) {
  const state = readState(location.hash);
  build(root, state, false);
  window.addEventListener('hashchange', () => build(root, readState(location.hash), false));
}

// Offline once loaded: the service worker keeps the page's files (not on a file: URL, where there is none).
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('simulador-sw.js').catch(() => {
    // Without it the page still works online; nothing to tell the reader.
  });
}
