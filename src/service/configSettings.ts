/**
 * The configuration's keys and the kind of each setting `resolveConfig` does not check on its
 * own: an unknown key (a typo such as `tokenTTLSeconds`, silently ignored before) and a setting of
 * the wrong kind are refused when the service is created, with `ERRESQ005` naming `config.<key>`.
 */
import { LINEA_CAPTURA_FORMATS } from '../documents/lineaCaptura.js';
import { configError } from './configError.js';

/**
 * Every key of the service's configuration (`ServiceConfig`); a test holds the two together, so a
 * setting added to one and not the other fails it.
 *
 * @example
 * ```ts
 * SETTING_KEYS.includes('engineOptions'); // true
 * ```
 */
export const SETTING_KEYS: readonly string[] = Object.freeze([
  'clients',
  'tokenSecret',
  'tokenKeys',
  'tokenIssuer',
  'tokenAudience',
  'clockSkewSeconds',
  'tokenTtlSeconds',
  'maxTokenTtlSeconds',
  'now',
  'folio',
  'helpUrl',
  'maxHeaderBytes',
  'maxBodyBytes',
  'maxFormBytes',
  'maxFormFields',
  'requestTimeoutMs',
  'rateLimit',
  'authFailureLimit',
  'switches',
  'engineOptions',
  'tariff',
  'atms',
  'atmsPublic',
  'documents',
  'receiptIssuer',
  'lineaCaptura',
  'onWarning',
  'observer',
  'metrics',
  'draining',
  'cors',
  'trustProxy',
]);

/** What {@link checkSettings} reads of the configuration (its other settings are checked where they are resolved). */
interface Settings {
  readonly now?: unknown;
  readonly folio?: unknown;
  readonly documents?: unknown;
  readonly atmsPublic?: unknown;
  readonly receiptIssuer?: unknown;
  readonly lineaCaptura?: unknown;
}

/** The settings that are functions (`onWarning` is checked where its warnings are gathered). */
const FUNCTIONS = ['now', 'folio', 'documents'] as const;

/** The longest text of the receipt's issuer block (a longer one does not fit the page). */
const ISSUER_TEXT_MAX = 200;

const isText = (value: unknown): boolean => typeof value === 'string' && value.length >= 1 && value.length <= ISSUER_TEXT_MAX;

/**
 * Checks the configuration's keys and the kinds of `now`, `folio`, `documents` (functions),
 * `atmsPublic` (a boolean), `lineaCaptura` (one of {@link LINEA_CAPTURA_FORMATS}) and
 * `receiptIssuer` (`{ nombre, rfc, domicilio?, leyenda? }`); throws
 * `ERRESQ005` naming `config.<key>`.
 *
 * @example
 * ```ts
 * checkSettings({ atmsPublic: true }); // passes
 * checkSettings({ tokenTTLSeconds: 60 } as never); // throws QuoteError ERRESQ005 'config.tokenTTLSeconds'
 * checkSettings({ atmsPublic: 'yes' }); // throws QuoteError ERRESQ005 'config.atmsPublic'
 * ```
 */
export function checkSettings(config: Settings): void {
  for (const key of Object.keys(config)) {
    if (!SETTING_KEYS.includes(key)) throw configError('configDesconocida', key, { name: key, keys: SETTING_KEYS.join(', ') });
  }
  for (const key of FUNCTIONS) {
    if (config[key] !== undefined && typeof config[key] !== 'function') throw configError('configFuncion', key, { name: key });
  }
  if (config.atmsPublic !== undefined && typeof config.atmsPublic !== 'boolean')
    throw configError('configBooleano', 'atmsPublic', { name: 'atmsPublic' });
  if (config.lineaCaptura !== undefined && !(LINEA_CAPTURA_FORMATS as readonly unknown[]).includes(config.lineaCaptura))
    throw configError('configUnoDe', 'lineaCaptura', { name: 'lineaCaptura', values: LINEA_CAPTURA_FORMATS.join(', ') });
  const issuer = config.receiptIssuer as Record<string, unknown> | undefined;
  if (issuer !== undefined) {
    const fields = ['nombre', 'rfc', 'domicilio', 'leyenda'];
    if (
      typeof issuer !== 'object' ||
      issuer === null ||
      !isText(issuer['nombre']) ||
      !isText(issuer['rfc']) ||
      (issuer['domicilio'] !== undefined && !isText(issuer['domicilio'])) ||
      (issuer['leyenda'] !== undefined && !isText(issuer['leyenda'])) ||
      Object.keys(issuer).some((key) => !fields.includes(key))
    ) {
      throw configError('configEmisor', 'receiptIssuer');
    }
  }
}
