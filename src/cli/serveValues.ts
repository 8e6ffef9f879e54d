/**
 * The values of `cotizador serve`'s settings as the configuration file and the environment give
 * them: texts read from files, clients, RSA keys, secrets, a rate limit and the switches, each
 * checked with a CLI error naming where it came from (`./serveConfig.ts` puts them together).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  API_NAMES,
  checkedSwitches,
  type ApiName,
  type ClientRecord,
  type RateLimitConfig,
  type RsaSigningKey,
  type ServiceSwitches,
} from '../entry/service.js';
import { readJson } from './io.js';
import { fail } from './serveLimits.js';

/**
 * A file's text; a file that cannot be read is a configuration error naming `what` and the path.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('key.pem', 'PEM');
 * readText('key.pem', 'tokenKeys[0].privateKeyFile'); // 'PEM'
 * ```
 */
export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return fail('ajusteIlegible', { what, path, code });
  }
}

const CLIENT_FIELDS = ['clientId', 'clientSecret', 'scopes', 'secretChangedAt'];

/**
 * The clients as a list of records (`clientId`, `clientSecret`, `scopes`, `secretChangedAt?`);
 * anything else, or another field, is a configuration error naming `where`.
 *
 * @example
 * ```ts
 * clientsOf([{ clientId: 'demo', clientSecret: 's3cret-value', scopes: ['update'] }], 'COTIZADOR_CLIENTS')[0]?.clientId; // 'demo'
 * ```
 */
export function clientsOf(value: unknown, where: string): ClientRecord[] {
  if (!Array.isArray(value)) fail('ajusteClientes', { where });
  return value.map((client, i) => {
    const c = client as Partial<ClientRecord>;
    if (
      typeof c?.clientId !== 'string' ||
      typeof c.clientSecret !== 'string' ||
      !Array.isArray(c.scopes) ||
      !c.scopes.every((s) => typeof s === 'string') ||
      (c.secretChangedAt !== undefined && typeof c.secretChangedAt !== 'string' && typeof c.secretChangedAt !== 'number')
    ) {
      fail('ajusteCliente', { where: `${where}[${i}]` });
    }
    const unknown = Object.keys(c).find((key) => !CLIENT_FIELDS.includes(key));
    if (unknown !== undefined) fail('ajusteClienteCampo', { where: `${where}[${i}]`, key: unknown, fields: CLIENT_FIELDS.join(', ') });
    const record = { clientId: c.clientId, clientSecret: c.clientSecret, scopes: [...c.scopes] };
    return c.secretChangedAt === undefined ? record : { ...record, secretChangedAt: c.secretChangedAt };
  });
}

/**
 * RS256 signing keys, one or a list, each as PEM text or files relative to `base`.
 *
 * @example
 * ```ts
 * keysOf({ kid: 'k1', privateKey: 'PEM' }, '.', 'tokenKeys')[0]?.kid; // 'k1'
 * ```
 */
export function keysOf(value: unknown, base: string, where: string): RsaSigningKey[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry, i) => {
    const k = entry as Record<string, unknown>;
    if (typeof k !== 'object' || k === null) fail('ajusteObjeto', { where: `${where}[${i}]` });
    const pem = (text: string, file: string) => {
      if (typeof k[text] === 'string') return k[text] as string;
      if (typeof k[file] === 'string') return readText(resolve(base, k[file] as string), `${where}[${i}].${file}`);
      return undefined;
    };
    const kid = k['kid'];
    if (kid !== undefined && typeof kid !== 'string') fail('ajusteKid', { where: `${where}[${i}].kid` });
    return { kid, privateKey: pem('privateKey', 'privateKeyFile'), publicKey: pem('publicKey', 'publicKeyFile') };
  });
}

/**
 * A token secret or a non-empty list of them.
 *
 * @example
 * ```ts
 * secretsOf(['old secret', 'older secret'], 'tokenSecret'); // ['old secret', 'older secret']
 * ```
 */
export function secretsOf(value: unknown, where: string): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string')) return value as string[];
  return fail('ajusteSecretos', { where });
}

/**
 * COTIZADOR_PREVIOUS_TOKEN_SECRETS as JSON; text that is not JSON is a configuration error that
 * never echoes it (the secrets).
 *
 * @example
 * ```ts
 * secretsJson('["an old secret"]'); // ['an old secret']
 * ```
 */
export function secretsJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail('ajusteSecretos', { where: 'COTIZADOR_PREVIOUS_TOKEN_SECRETS' });
  }
}

/**
 * A rate limit as `capacity/refillPerSecond` text or object; `off` or `false` turns it off.
 *
 * @example
 * ```ts
 * rateLimitOf('60/20', 'COTIZADOR_RATE_LIMIT'); // { capacity: 60, refillPerSecond: 20 }
 * rateLimitOf('off', 'COTIZADOR_RATE_LIMIT'); // undefined
 * ```
 */
export function rateLimitOf(value: unknown, where: string): RateLimitConfig | undefined {
  if (value === false || value === 'off') return undefined;
  if (typeof value === 'string') {
    const match = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(value);
    if (match === null) fail('ajusteLimiteForma', { where });
    return { capacity: Number(match[1]), refillPerSecond: Number(match[2]) };
  }
  const r = value as Partial<RateLimitConfig>;
  if (typeof r !== 'object' || r === null || typeof r.capacity !== 'number' || typeof r.refillPerSecond !== 'number') {
    fail('ajusteLimiteObjeto', { where });
  }
  return { capacity: r.capacity, refillPerSecond: r.refillPerSecond };
}

/**
 * The service's switches as the service checks them; a bad shape is a configuration error that
 * says the shape.
 *
 * @example
 * ```ts
 * switchesOf({ off: ['quoter'] }, 'switches'); // { off: ['quoter'] }
 * ```
 */
export function switchesOf(value: unknown, where: string): ServiceSwitches {
  try {
    return checkedSwitches(value as ServiceSwitches);
  } catch {
    return fail('ajusteInterruptores', { where, shape: `{ off: "all" | [${API_NAMES.join(', ')}], bankOffline: boolean }` });
  }
}

/**
 * `COTIZADOR_OFF`'s text: `all`, or API names separated by commas.
 *
 * @example
 * ```ts
 * offOf('quoter, atm'); // ['quoter', 'atm']
 * offOf('all'); // 'all'
 * ```
 */
export function offOf(text: string): ServiceSwitches['off'] {
  if (text === 'all') return 'all';
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const name of names) if (!API_NAMES.includes(name as ApiName)) fail('ajusteApiDesconocida', { name, apis: API_NAMES.join(', ') });
  return names as ApiName[];
}

/**
 * Reads a configuration file's switches (for SIGHUP): the file's `switches`, or none.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('cotizador.json', JSON.stringify({ switches: { off: ['quoter'] } }));
 * readSwitches('cotizador.json'); // { off: ['quoter'] }
 * ```
 */
export function readSwitches(file: string): ServiceSwitches {
  const json = readJson(file) as Record<string, unknown>;
  return json['switches'] === undefined ? {} : switchesOf(json['switches'], `${file}: switches`);
}
