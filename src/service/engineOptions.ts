/**
 * The engines' options a service is created with (`config.engineOptions`, `config.tariff`),
 * checked once, key by key, when the service is created: a misconfigured convention is the
 * operator's error, refused at start-up with `ERRESQ005` naming `config.engineOptions.<path>`,
 * never a 400 or a 500 on every request.
 */
import { parseIsoDate } from '../dates/civil.js';
import { QuoteError } from '../errors/quoteError.js';
import { resolveConventions } from '../credit/conventions.js';
import type { Tariff } from '../insurance/tariff.js';
import type { CreditOptions } from '../quotes/quoteCredit.js';
import { policySettings, type PolicyOptions } from '../quotes/policy/settings.js';
import { configError } from './configError.js';

/**
 * What `config.engineOptions` holds: the credit quote's options and the policy quote's, without
 * what the service sets itself (today's date; the tariff is `config.tariff`).
 *
 * @example
 * ```ts
 * const engineOptions: EngineOptions = { credit: { conventions: { businessDays: 'MX' } }, policy: { lifeBalance: 'flat' } };
 * createService({ clients, engineOptions }).limits.maxBodyBytes; // 1048576
 * ```
 */
export interface EngineOptions {
  readonly credit?: Omit<CreditOptions, 'fechaApertura'> | undefined;
  readonly policy?: Omit<PolicyOptions, 'fechaInicio' | 'tariff'> | undefined;
}

/** The options checked, as the operations pass them to the engines. */
interface CheckedEngineOptions {
  readonly credit: Omit<CreditOptions, 'fechaApertura'>;
  readonly policy: Omit<PolicyOptions, 'fechaInicio'>;
}

/** The keys of `engineOptions.credit`: `quoteCredit`'s options but the opening date (today's). */
const CREDIT_KEYS: readonly (keyof Omit<CreditOptions, 'fechaApertura'>)[] = [
  'conventions',
  'fechaInicio',
  'tariff',
  'policy',
  'firstPaymentDate',
  'prepayments',
  'balloon',
  'grace',
  'anualidades',
  'promotions',
  'deferral',
  'periodicCharges',
  'balanceInsurance',
];

/** The credit's loan features: their shape is checked here, their values against each request's loan. */
const LIST_FEATURES = ['prepayments', 'anualidades', 'promotions', 'periodicCharges'] as const;
const OBJECT_FEATURES = ['balloon', 'grace', 'deferral', 'balanceInsurance'] as const;

/** The keys of `engineOptions.policy`: `quotePolicy`'s options but the start (today's) and the tariff (`config.tariff`). */
const POLICY_KEYS: readonly (keyof Omit<PolicyOptions, 'fechaInicio' | 'tariff'>)[] = [
  'urlTemplate',
  'lifeBalance',
  'lifeBalances',
  'conventions',
];

/** A start date for checking the policy options alone (the service passes today's on each request). */
const ANY_START = '2000-01-01';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` is an object whose keys are all in `keys`; throws `ERRESQ005` naming `config.<path>` (or the unknown key under it). */
function checkKeys(value: unknown, path: string, keys: readonly string[]): asserts value is Record<string, unknown> {
  if (!isRecord(value)) throw configError('configObjeto', path, { name: path });
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) throw configError('configDesconocida', `${path}.${key}`, { name: `${path}.${key}`, keys: keys.join(', ') });
  }
}

/**
 * Runs an engine's own check, its refusal re-coded as the configuration's: `ERRESQ005` with the
 * engine's message (and translation), blamed on `config.` + `rename(the engine's field)`.
 */
function asConfig<T>(check: () => T, rename: (field: string) => string): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof QuoteError)) throw error;
    throw new QuoteError('ERRESQ005', error.mensaje, `config.${rename(error.valorIncorrecto ?? '')}`, error.messageRef);
  }
}

/** Checks policy options (`quotePolicy`'s, or a credit's `policy`) with the tariff they are priced with. */
function checkPolicy(
  options: Record<string, unknown>,
  path: string,
  start: { readonly text: string; readonly path: string } | undefined,
  tariff: { readonly value: Tariff | undefined; readonly path: string },
): void {
  checkKeys(options, path, POLICY_KEYS);
  asConfig(
    () => policySettings({ ...(options as PolicyOptions), fechaInicio: start?.text ?? ANY_START, tariff: tariff.value }),
    (field) => {
      if (field === 'fechaInicio' && start !== undefined) return start.path;
      if (field === 'tariff' || field.startsWith('tariff.') || field.startsWith('tariff[')) return `${tariff.path}${field.slice(6)}`;
      return `${path}.${field}`;
    },
  );
}

/** Checks `engineOptions.credit`: its keys, its conventions, its policy options, the shape of its loan features. */
function checkCredit(credit: unknown, tariff: Tariff | undefined): void {
  const path = 'engineOptions.credit';
  checkKeys(credit, path, CREDIT_KEYS);
  if (credit['conventions'] !== undefined) {
    asConfig(
      () => resolveConventions(credit['conventions'] as CreditOptions['conventions']),
      (field) => `${path}.${field}`,
    );
  }
  const start = credit['fechaInicio'];
  if (start !== undefined && (typeof start !== 'string' || parseIsoDate(start) === undefined))
    throw configError('configFecha', `${path}.fechaInicio`, { name: `${path}.fechaInicio` });
  const ownTariff = credit['tariff'] as Tariff | undefined;
  checkPolicy(
    (credit['policy'] ?? {}) as Record<string, unknown>,
    `${path}.policy`,
    typeof start === 'string' ? { text: start, path: `${path}.fechaInicio` } : undefined,
    ownTariff === undefined ? { value: tariff, path: 'tariff' } : { value: ownTariff, path: `${path}.tariff` },
  );
  const first = credit['firstPaymentDate'];
  if (first !== undefined && (typeof first !== 'string' || parseIsoDate(first) === undefined))
    throw configError('configFecha', `${path}.firstPaymentDate`, { name: `${path}.firstPaymentDate` });
  for (const key of LIST_FEATURES) {
    if (credit[key] !== undefined && !Array.isArray(credit[key]))
      throw configError('configLista', `${path}.${key}`, { name: `${path}.${key}` });
  }
  for (const key of OBJECT_FEATURES) {
    if (credit[key] !== undefined && !isRecord(credit[key]))
      throw configError('configObjeto', `${path}.${key}`, { name: `${path}.${key}` });
  }
}

/**
 * Checks `config.engineOptions` and `config.tariff` and returns the options the operations pass
 * to the engines: the credit quote's (with `config.tariff` for its insured packages unless it names
 * its own) and the policy quote's (with `config.tariff`). Refuses with `ERRESQ005` naming
 * `config.<path>`: an unknown key at any level, every credit and policy convention key by key (the
 * engines' own checks), the policy options (`urlTemplate`, `lifeBalance`, `lifeBalances`), dates, the
 * tariff, and the shape of the credit's loan features (whose values depend on each request's loan).
 *
 * @example
 * ```ts
 * checkedEngineOptions({ credit: { conventions: { businessDays: 'MX' } } }, undefined).credit.conventions; // { businessDays: 'MX' }
 * checkedEngineOptions({ policy: { conventions: { idLength: 4 } } }, undefined); // throws QuoteError ERRESQ005 'config.engineOptions.policy.conventions.idLength'
 * checkedEngineOptions({ credit: { conventions: { interestBase: 'days360' } } } as never, undefined); // throws QuoteError ERRESQ005 'config.engineOptions.credit.conventions.interestBase'
 * ```
 */
export function checkedEngineOptions(engineOptions: EngineOptions | undefined, tariff: Tariff | undefined): CheckedEngineOptions {
  const options: EngineOptions = engineOptions ?? {};
  checkKeys(options, 'engineOptions', ['credit', 'policy']);
  checkCredit(options.credit ?? {}, tariff);
  checkPolicy((options.policy ?? {}) as Record<string, unknown>, 'engineOptions.policy', undefined, { value: tariff, path: 'tariff' });
  const credit: Omit<CreditOptions, 'fechaApertura'> = options.credit ?? {};
  const policy: Omit<PolicyOptions, 'fechaInicio' | 'tariff'> = options.policy ?? {};
  return {
    credit: tariff === undefined || credit.tariff !== undefined ? credit : { ...credit, tariff },
    policy: tariff === undefined ? policy : { ...policy, tariff },
  };
}
