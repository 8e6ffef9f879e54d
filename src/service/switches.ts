/**
 * The interface's "switched off" and "no connection to the bank" answers, from configuration:
 * an operator turns one API (ERROFF001), every API (ERROFF002) or the bank link (503 ERRSER003)
 * off without a deploy. The switches are read on every request, so a function can flip them.
 */

/**
 * The interface's APIs, as the switches name them. `token` covers both token URLs; `atm` the
 * ATM open-data routes.
 *
 * @example
 * ```ts
 * const api: ApiName = 'quoter';
 * ```
 */
export type ApiName = 'token' | 'quoter' | 'taxpayer' | 'atm';

/**
 * Every {@link ApiName}.
 *
 * @example
 * ```ts
 * API_NAMES.includes('atm'); // true
 * ```
 */
export const API_NAMES: readonly ApiName[] = Object.freeze(['token', 'quoter', 'taxpayer', 'atm']);

/**
 * The switches. `off: 'all'` answers ERROFF002 on every API; a list answers ERROFF001 on the
 * APIs it names; `bankOffline: true` answers 503 ERRSER003 on every API. All answer 503.
 *
 * @example
 * ```ts
 * const switches: ServiceSwitches = { off: ['quoter'] };
 * ```
 */
export interface ServiceSwitches {
  readonly off?: 'all' | readonly ApiName[] | undefined;
  readonly bankOffline?: boolean | undefined;
}

/**
 * Why an API does not answer now: switched off alone (ERROFF001), all switched off (ERROFF002),
 * or the bank is unreachable (ERRSER003).
 *
 * @example
 * ```ts
 * const state: Unavailability = 'oneOff';
 * ```
 */
export type Unavailability = 'oneOff' | 'allOff' | 'bankOffline';

/**
 * What the switches say about `api`: undefined when it answers. All-off wins over one-off, and
 * both over the bank link (a switched-off API is off whatever the bank does).
 *
 * @example
 * ```ts
 * unavailability({ off: ['quoter'] }, 'quoter'); // 'oneOff'
 * unavailability({ off: ['quoter'] }, 'atm'); // undefined
 * unavailability({ off: 'all' }, 'atm'); // 'allOff'
 * unavailability({ bankOffline: true }, 'token'); // 'bankOffline'
 * ```
 */
export function unavailability(switches: ServiceSwitches, api: ApiName): Unavailability | undefined {
  if (switches.off === 'all') return 'allOff';
  if (switches.off?.includes(api) === true) return 'oneOff';
  if (switches.bankOffline === true) return 'bankOffline';
  return undefined;
}
