/**
 * The scenario's form: every input labelled, grouped in fieldsets, the lender's extras in a
 * disclosure; each field has its error paragraph, where the engine's coded message goes.
 */
import type { Lang } from '../src/entry/index.js';
import { TARIFF_STATES, TARIFF_VEHICLES } from './compute.js';
import { h } from './dom.js';
import { text, type SimulatorTextId } from './i18n.js';
import type { Scenario } from './scenario.js';

type Key = keyof Scenario;
type Options = readonly (readonly [string, string])[];

/** A field of the form. */
interface FieldSpec {
  readonly key: Key;
  readonly label: SimulatorTextId;
  /** A text input's keyboard, or a select's options. */
  readonly input: 'decimal' | 'numeric' | 'date' | 'postal' | ((lang: Lang) => Options);
}

const periodicities = (lang: Lang): Options => (['M', 'Q', 'C', 'S', 'D'] as const).map((p) => [p, text(`per${p}`, lang)]);
const CREDIT: readonly FieldSpec[] = [
  { key: 'price', label: 'precio', input: 'decimal' },
  { key: 'down', label: 'enganche', input: 'decimal' },
  {
    key: 'downKind',
    label: 'engancheTipo',
    input: (l) => [
      ['pct', text('enganchePct', l)],
      ['amount', text('engancheMonto', l)],
    ],
  },
  { key: 'term', label: 'plazo', input: 'numeric' },
  { key: 'periodicity', label: 'periodicidad', input: periodicities },
  { key: 'rate', label: 'tasa', input: 'decimal' },
  { key: 'commission', label: 'comision', input: 'decimal' },
];
const INSURANCE: readonly FieldSpec[] = [
  { key: 'vehicle', label: 'vehiculo', input: () => TARIFF_VEHICLES.map((v) => [v.value, v.name]) },
  { key: 'state', label: 'estado', input: () => TARIFF_STATES.map((s) => [s.value, s.name]) },
  { key: 'model', label: 'modelo', input: 'numeric' },
  { key: 'postalCode', label: 'codigoPostal', input: 'postal' },
  { key: 'pack', label: 'paquete', input: () => [] },
];
const ADVANCED: readonly FieldSpec[] = [
  { key: 'prepayPeriod', label: 'prepagoPeriodo', input: 'numeric' },
  { key: 'prepayAmount', label: 'prepagoMonto', input: 'decimal' },
  {
    key: 'prepayMode',
    label: 'prepagoModo',
    input: (l) => [
      ['reducePayment', text('reducePago', l)],
      ['reduceTerm', text('reducePlazo', l)],
    ],
  },
  { key: 'balloon', label: 'globo', input: 'decimal' },
  { key: 'anualidad', label: 'anualidad', input: 'decimal' },
  { key: 'anualidadMonth', label: 'anualidadMes', input: 'numeric' },
  { key: 'promoPeriods', label: 'promoPeriodos', input: 'numeric' },
  { key: 'promoRate', label: 'promoTasa', input: 'decimal' },
  { key: 'date', label: 'fecha', input: 'date' },
];

/** The form's controls by scenario field, and the containers the page toggles. */
export interface ScenarioForm {
  readonly element: HTMLFormElement;
  readonly controls: ReadonlyMap<Key, HTMLInputElement | HTMLSelectElement>;
  readonly errors: ReadonlyMap<Key, HTMLParagraphElement>;
  readonly insuranceDetails: HTMLElement;
  readonly advanced: HTMLDetailsElement;
}

function field(
  spec: FieldSpec,
  scenario: Scenario,
  lang: Lang,
  controls: Map<Key, HTMLInputElement | HTMLSelectElement>,
  errors: Map<Key, HTMLParagraphElement>,
): HTMLElement {
  const id = `f-${spec.key}`;
  const value = scenario[spec.key];
  let control: HTMLInputElement | HTMLSelectElement;
  if (typeof spec.input === 'function') {
    control = h('select', { id, name: spec.key });
    for (const [v, label] of spec.input(lang)) control.append(h('option', { value: v, selected: v === value }, label));
    if (control.options.length === 0) control.append(h('option', { value }, value));
    control.value = value;
  } else {
    const numeric = spec.input === 'numeric' || spec.input === 'postal';
    control = h('input', {
      id,
      name: spec.key,
      type: 'text',
      inputmode: numeric ? 'numeric' : spec.input === 'date' ? 'text' : 'decimal',
      autocomplete: spec.input === 'postal' ? 'postal-code' : 'off',
      spellcheck: 'false',
      value,
    });
  }
  const error = h('p', { id: `e-${spec.key}`, class: 'field-error', hidden: true });
  controls.set(spec.key, control);
  errors.set(spec.key, error);
  return h('div', { class: 'field', id: `w-${spec.key}` }, h('label', { for: id }, text(spec.label, lang)), control, error);
}

/**
 * The form for `scenario` in `lang`.
 *
 * @example
 * ```ts
 * scenarioForm(DEFAULT_SCENARIO, 'es').controls.get('price')?.value; // '350000.00'
 * ```
 */
export function scenarioForm(scenario: Scenario, lang: Lang): ScenarioForm {
  const controls = new Map<Key, HTMLInputElement | HTMLSelectElement>();
  const errors = new Map<Key, HTMLParagraphElement>();
  const make = (specs: readonly FieldSpec[]) => specs.map((spec) => field(spec, scenario, lang, controls, errors));
  const insuranceMode = field(
    {
      key: 'insurance',
      label: 'seguro',
      input: (l) => [
        ['none', text('seguroNinguno', l)],
        ['upfront', text('seguroContado', l)],
        ['financed', text('seguroFinanciado', l)],
      ],
    },
    scenario,
    lang,
    controls,
    errors,
  );
  const insuranceDetails = h('div', { class: 'grid', id: 'insurance-details', hidden: scenario.insurance === 'none' }, ...make(INSURANCE));
  insuranceDetails.append(h('p', { class: 'note' }, text('tarifaIlustrativa', lang)));
  const advancedOpen = ADVANCED.some(
    (s) => s.key !== 'prepayMode' && s.key !== 'anualidadMonth' && s.key !== 'promoRate' && scenario[s.key] !== '',
  );
  const advanced = h(
    'details',
    { class: 'advanced', open: advancedOpen },
    h('summary', {}, text('avanzado', lang)),
    h('div', { class: 'grid' }, ...make(ADVANCED)),
  );
  const element = h(
    'form',
    { id: 'scenario', class: 'scenario', novalidate: true },
    h('fieldset', {}, h('legend', {}, text('seccionCredito', lang)), h('div', { class: 'grid' }, ...make(CREDIT))),
    h('fieldset', {}, h('legend', {}, text('seccionSeguro', lang)), insuranceMode, insuranceDetails),
    advanced,
  );
  element.addEventListener('submit', (event) => event.preventDefault());
  return { element, controls, errors, insuranceDetails, advanced };
}
