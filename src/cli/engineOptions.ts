/**
 * A credit request from the command line: FILE's solicitud, and the loan engine's options:
 * `--options FILE.json` (any `quoteCredit` option), the file's own `options`, then the flags (`--prepay`, `--balloon`, `--grace`, `--first-payment`, `--day-count`,
 * `--business-days`, `--fecha-apertura`, `--convention`). The engine checks every value and names
 * the option's path (`options.prepayments[0].amount`) when it refuses one; here only the shape of
 * each flag is checked.
 */
import type { ParseArgsConfig } from 'node:util';
import type { CreditOptions, CreditRequest } from '../entry/credit.js';
import { validationError } from '../entry/contracts.js';
import { stringList, stringOption, type ParsedValues } from './args.js';
import { readOptionsOf } from './common.js';
import type { CliContext } from './context.js';
import { usageError } from './errors.js';
import { isRecord, readJson, requestFromJson, type ReadOptions } from './io.js';
import { cliMessage, cliQuoteError } from './messages.js';
import { withQuoteErrors } from './quoteError.js';

/**
 * The parseArgs declarations of the engine's flags.
 *
 * @example
 * ```ts
 * ENGINE_FLAGS.prepay; // { type: 'string', multiple: true }
 * ```
 */
export const ENGINE_FLAGS = {
  options: { type: 'string' },
  prepay: { type: 'string', multiple: true },
  balloon: { type: 'string' },
  grace: { type: 'string' },
  'first-payment': { type: 'string' },
  'day-count': { type: 'string' },
  'business-days': { type: 'string' },
  'fecha-apertura': { type: 'string' },
  convention: { type: 'string', multiple: true },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The keys an options file may hold: those of `quoteCredit`'s options that JSON can carry. */
const OPTION_KEYS = ['conventions', 'fechaApertura', 'fechaInicio', 'firstPaymentDate', 'prepayments', 'balloon', 'grace'] as const;

const DAY_COUNTS = ['days360', 'days365', 'actual360', 'actual365', 'perYear'] as const;

/**
 * Checks the keys of an options object read from JSON (`options.<key>` is `ERRESQ003` when
 * `quoteCredit` has no such option); its values are left to the engine.
 *
 * @example
 * ```ts
 * optionsFromJson({ grace: { periods: 2 } }, 'o.json'); // { grace: { periods: 2 } }
 * optionsFromJson({ colour: 'red' }, 'o.json'); // throws CliError
 * ```
 */
export function optionsFromJson(value: unknown, source: string): CreditOptions {
  return withQuoteErrors(source, () => {
    if (!isRecord(value)) throw cliQuoteError('ERRESQ005', 'opcionesNoObjeto', 'options');
    for (const key of Object.keys(value)) {
      if (!(OPTION_KEYS as readonly string[]).includes(key)) throw validationError('ERRESQ003', 'campoNoDefinido', `options.${key}`);
    }
    return value as CreditOptions;
  });
}

/**
 * Options layered: each later one replaces the earlier one's keys, except `conventions`, merged
 * key by key.
 *
 * @example
 * ```ts
 * mergeOptions({ grace: { periods: 2 }, conventions: { businessDays: 'MX' } }, { conventions: { commissionVat: false } });
 * // { grace: { periods: 2 }, conventions: { businessDays: 'MX', commissionVat: false } }
 * ```
 */
export function mergeOptions(...layers: readonly (CreditOptions | undefined)[]): CreditOptions {
  let out: CreditOptions = {};
  for (const layer of layers) {
    if (layer === undefined) continue;
    const conventions =
      out.conventions === undefined && layer.conventions === undefined ? undefined : { ...out.conventions, ...layer.conventions };
    out = { ...out, ...layer, ...(conventions === undefined ? {} : { conventions }) };
  }
  return out;
}

/** `12:50000.00[:reduceTerm]` → a prepayment. */
function prepayment(command: string, text: string): NonNullable<CreditOptions['prepayments']>[number] {
  const parts = text.split(':');
  const [period, amount, mode] = parts;
  if (parts.length < 2 || parts.length > 3 || !/^\d{1,6}$/.test(period ?? '') || amount === undefined || amount === '') {
    throw usageError('opcionForma', { option: 'prepay', shape: cliMessage('formaPrepago'), value: text }, command);
  }
  if (mode !== undefined && mode !== 'reduceTerm' && mode !== 'reducePayment') {
    throw usageError('opcionForma', { option: 'prepay', shape: cliMessage('formaPrepagoModo'), value: text }, command);
  }
  return { period: Number(period), amount, ...(mode === undefined ? {} : { mode }) };
}

/** `KEY=VALUE`: VALUE as JSON when it parses, else as text. */
function convention(command: string, text: string): [string, unknown] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw usageError('opcionForma', { option: 'convention', shape: cliMessage('formaConvencion'), value: text }, command);
  const raw = text.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    // Text, as typed (catTimeBasis=actual365).
  }
  return [text.slice(0, eq), value];
}

/**
 * The engine options of a command line: those of `--options FILE.json`, and the flags'.
 *
 * @example
 * ```ts
 * const options: EngineOptions = { file: undefined, flags: { grace: { periods: 2 } } };
 * optionsFor(options, { grace: { periods: 3 }, balloon: { percent: '30' } }); // { grace: { periods: 2 }, balloon: { percent: '30' } }
 * ```
 */
export interface EngineOptions {
  readonly file: CreditOptions | undefined;
  readonly flags: CreditOptions;
}

/**
 * The options one quote runs with: `--options FILE.json`, then the request file's own `options`,
 * then the flags, each layer over the one before ({@link mergeOptions}).
 *
 * @example
 * ```ts
 * optionsFor({ file: { grace: { periods: 2 } }, flags: {} }); // { grace: { periods: 2 } }
 * ```
 */
export function optionsFor(engine: EngineOptions, request?: CreditOptions): CreditOptions {
  return mergeOptions(engine.file, request, engine.flags);
}

/**
 * The engine options of a command line: `--options FILE.json` and the flags.
 *
 * @example
 * ```ts
 * engineOptions('credit', { prepay: ['12:50000.00:reduceTerm'], balloon: '30%', 'day-count': 'actual360', convention: ['commissionVat=false'] }).flags;
 * // { prepayments: [{ period: 12, amount: '50000.00', mode: 'reduceTerm' }], balloon: { percent: '30' },
 * //   conventions: { interestBasis: 'actual360', commissionVat: false } }
 * ```
 */
export function engineOptions(command: string, values: ParsedValues, read: ReadOptions = {}): EngineOptions {
  const file = stringOption(values, 'options');
  const fromFile = file === undefined ? undefined : optionsFromJson(readJson(file, read), file);
  const flags: Record<string, unknown> = {};
  const conventions: Record<string, unknown> = {};
  const prepays = stringList(values, 'prepay');
  if (prepays.length > 0) flags.prepayments = prepays.map((p) => prepayment(command, p));
  const balloon = stringOption(values, 'balloon');
  if (balloon !== undefined) flags.balloon = balloon.endsWith('%') ? { percent: balloon.slice(0, -1) } : { amount: balloon };
  const grace = stringOption(values, 'grace');
  if (grace !== undefined) {
    if (!/^\d{1,6}$/.test(grace)) throw usageError('opcionEntero', { option: 'grace', min: 1, value: grace }, command);
    flags.grace = { periods: Number(grace) };
  }
  const first = stringOption(values, 'first-payment');
  if (first !== undefined) flags.firstPaymentDate = first;
  const opening = stringOption(values, 'fecha-apertura');
  if (opening !== undefined) flags.fechaApertura = opening;
  const dayCount = stringOption(values, 'day-count');
  if (dayCount !== undefined) {
    if (!(DAY_COUNTS as readonly string[]).includes(dayCount)) {
      throw usageError('opcionUnaDe', { option: 'day-count', allowed: DAY_COUNTS.join(', '), value: dayCount }, command);
    }
    conventions.interestBasis = dayCount;
  }
  const businessDays = stringOption(values, 'business-days');
  if (businessDays !== undefined) {
    if (businessDays !== 'MX' && businessDays !== 'none') {
      throw usageError('opcionUnaDe', { option: 'business-days', allowed: 'MX, none', value: businessDays }, command);
    }
    conventions.businessDays = businessDays;
  }
  for (const text of stringList(values, 'convention')) {
    const [key, value] = convention(command, text);
    conventions[key] = value;
  }
  if (Object.keys(conventions).length > 0) flags.conventions = conventions;
  return { file: fromFile, flags: flags as CreditOptions };
}

/**
 * A credit request read from FILE with the command line's engine options: the solicitud and the
 * options its quote runs with (`--options`, the file's own `options`, the flags).
 *
 * @example
 * ```ts
 * import { processContext } from './context.js';
 * const { solicitud, options } = readCreditRequest('credit', 'examples/autoestrene.json', { grace: '2' }, processContext());
 * [solicitud.plazo, options]; // [36, { grace: { periods: 2 } }]
 * ```
 */
export function readCreditRequest(
  command: string,
  file: string,
  values: Parameters<typeof engineOptions>[1],
  context: CliContext,
): { solicitud: CreditRequest; options: CreditOptions } {
  const read = readOptionsOf(command, values, context);
  const engine = engineOptions(command, values, read);
  const request = requestFromJson(readJson(file, read), file);
  return { solicitud: request.solicitud as CreditRequest, options: optionsFor(engine, request.options) };
}
