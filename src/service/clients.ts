/**
 * The client registry and client authentication for the token URLs: Basic credentials or form
 * fields, secrets compared in constant time over equal-length SHA-256 digests. A list of clients
 * is checked when the service is created (ids, secrets, scopes, dates: `ClientDirectory`); a
 * lookup function's records are checked each time one is looked up.
 */
import { sha256 } from '@noble/hashes/sha2';
import { decodeUtf8, fromBase64 } from '../util/bytes.js';
import { configError } from './configError.js';
import { serviceError } from './messages.js';
import { clientSecretWeakness, MIN_CLIENT_SECRET_BITS, MIN_CLIENT_SECRET_CHARS } from './secrets.js';

/**
 * A registered client application.
 *
 * @example
 * ```ts
 * const client: ClientRecord = { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'], secretChangedAt: '2026-01-31T18:00:00Z' };
 * createService({ clients: [client] }).limits.maxBodyBytes; // 1048576
 * ```
 */
export interface ClientRecord {
  /** 1–100 characters, no `:` (Basic credentials split at the first one) and no control character. */
  readonly clientId: string;
  /** At least 12 characters and 32 estimated bits (`clientSecretWeakness`): never empty. */
  readonly clientSecret: string;
  /** Scopes the client may be granted (`update` for the quoter and taxpayer APIs, `read`/`atms:read` for ATMs). */
  readonly scopes: readonly string[];
  /**
   * When the secret last changed (a `Date`, ISO 8601 text or epoch milliseconds): tokens issued
   * before that second are refused. Default: none (no token is refused for its age).
   */
  readonly secretChangedAt?: Date | string | number | undefined;
}

/**
 * The registry: a fixed list, or an async lookup by client id (e.g. a database query).
 *
 * @example
 * ```ts
 * const db = new Map([['app', { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'] }]]); // e.g. a database table
 * const registry: ClientRegistry = async (clientId) => db.get(clientId);
 * (await authenticateClient(registry, { clientId: 'app', clientSecret: 's3cret-value' }))?.scopes; // ['update']
 * ```
 */
export type ClientRegistry = readonly ClientRecord[] | ((clientId: string) => Promise<ClientRecord | undefined>);

/**
 * Credentials as a request presents them.
 *
 * @example
 * ```ts
 * const presented: PresentedCredentials | undefined = parseBasic(`Basic ${btoa('app:s3cret-value')}`);
 * presented; // { clientId: 'app', clientSecret: 's3cret-value' }
 * ```
 */
export interface PresentedCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * True when `a` and `b` hold the same bytes, in time that depends only on their length (every
 * byte is compared, whatever the first difference; no early exit, no branch on the data).
 *
 * @example
 * ```ts
 * bytesEqualConstantTime(new Uint8Array([1, 2]), new Uint8Array([1, 2])); // true
 * bytesEqualConstantTime(new Uint8Array([1, 2]), new Uint8Array([1, 3])); // false
 * ```
 */
export function bytesEqualConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

/**
 * True when `given` equals `expected`, in time independent of where they differ (both are
 * hashed first, so the comparison always runs over two 32-byte digests).
 *
 * @example
 * ```ts
 * secretsMatch('s3cret', 's3cret'); // true
 * ```
 */
export function secretsMatch(given: string, expected: string): boolean {
  return bytesEqualConstantTime(sha256(given), sha256(expected));
}

/** A secret nobody has, compared against when the client id is unknown (same work either way). */
const UNKNOWN_CLIENT_SECRET = 'unknown-client-\u0000';

/**
 * A client as the service checks it: its record, its scopes as a set, and the second its secret
 * last changed.
 *
 * @example
 * ```ts
 * const known = await clientDirectory(clients).find('app');
 * known?.scopes.has('update'); // true
 * known?.secretChangedAt; // undefined
 * ```
 */
export interface KnownClient {
  readonly record: ClientRecord;
  readonly scopes: ReadonlySet<string>;
  /** `secretChangedAt` in whole seconds since the epoch (rounded down), or undefined. */
  readonly secretChangedAt: number | undefined;
}

/**
 * The registry as the service reads it: a list checked once (a map lookup, synchronous), or a
 * lookup function whose every answer is checked.
 *
 * @example
 * ```ts
 * const directory: ClientDirectory = clientDirectory(clients);
 * directory.find('nobody'); // undefined
 * ```
 */
export interface ClientDirectory {
  find(clientId: string): KnownClient | undefined | Promise<KnownClient | undefined>;
}

/** An RFC 6749 §3.3 scope token. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** Whether a client id can travel in Basic credentials: 1–100 characters, no colon, no control character. */
function isClientId(id: unknown): boolean {
  if (typeof id !== 'string' || id.length < 1 || id.length > 100 || id.includes(':')) return false;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The instant as epoch milliseconds, or undefined when it is not one. */
function instantMs(value: unknown): number | undefined {
  const ms =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : typeof value === 'string' && ISO_INSTANT.test(value)
          ? Date.parse(value)
          : Number.NaN;
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : undefined;
}

/**
 * The first problem of a client record, as a message id and the field it names, or undefined.
 * `strength`: also refuse a short or predictable secret (a list, checked at creation).
 */
function recordProblem(
  record: ClientRecord,
  nowMs: number,
  strength: boolean,
): { id: Parameters<typeof configError>[0]; field: string } | undefined {
  if (typeof record !== 'object' || record === null) return { id: 'configCliente', field: '' };
  if (!isClientId(record.clientId)) return { id: 'configClienteId', field: '.clientId' };
  if (typeof record.clientSecret !== 'string' || record.clientSecret === '')
    return { id: 'configClienteSecretoVacio', field: '.clientSecret' };
  if (strength) {
    const weakness = clientSecretWeakness(record.clientSecret);
    if (weakness === 'short') return { id: 'configClienteSecretoCorto', field: '.clientSecret' };
    if (weakness === 'predictable') return { id: 'configClienteSecretoDebil', field: '.clientSecret' };
  }
  if (!Array.isArray(record.scopes) || !record.scopes.every((scope) => typeof scope === 'string' && SCOPE_TOKEN.test(scope)))
    return { id: 'configClienteScopes', field: '.scopes' };
  if (record.secretChangedAt !== undefined) {
    const ms = instantMs(record.secretChangedAt);
    if (ms === undefined) return { id: 'configClienteFecha', field: '.secretChangedAt' };
    if (ms > nowMs) return { id: 'configClienteFechaFutura', field: '.secretChangedAt' };
  }
  return undefined;
}

function known(record: ClientRecord): KnownClient {
  const ms = record.secretChangedAt === undefined ? undefined : instantMs(record.secretChangedAt);
  return Object.freeze({
    record,
    scopes: new Set(record.scopes),
    secretChangedAt: ms === undefined ? undefined : Math.floor(ms / 1000),
  });
}

const STRENGTH = { chars: MIN_CLIENT_SECRET_CHARS, bits: MIN_CLIENT_SECRET_BITS };

/**
 * Checks the registry and returns its directory. A list is checked now: each record's
 * `clientId` (1–100 characters, no `:`, unique), `clientSecret` (never empty; at least 12
 * characters and 32 estimated bits, `clientSecretWeakness`), `scopes` (RFC 6749 scope tokens) and
 * `secretChangedAt` (an instant, not after `nowMs`); a problem throws a `QuoteError` `ERRESQ005`
 * naming it (`config.clients[2].clientSecret`). A lookup function's answers are checked on every
 * lookup, but for the secret's strength (the registry's own business): a malformed record is
 * the registry's error, a `QuoteError` `ERRSER002` (a 500 for the request).
 *
 * @example
 * ```ts
 * clientDirectory([{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'] }]).find('app')?.record.clientId; // 'app'
 * clientDirectory([{ clientId: 'app', clientSecret: '', scopes: ['update'] }]); // throws QuoteError ERRESQ005 'config.clients[0].clientSecret'
 * ```
 */
export function clientDirectory(registry: ClientRegistry, now: () => number = Date.now): ClientDirectory {
  if (typeof registry === 'function') {
    return {
      async find(clientId) {
        const record = await registry(clientId);
        if (record === undefined || record?.clientId !== clientId) return undefined;
        const problem = recordProblem(record, now(), false);
        if (problem !== undefined) throw serviceError('ERRSER002', problem.id, `clients${problem.field}`, STRENGTH);
        return known(record);
      },
    };
  }
  const byId = new Map<string, KnownClient>();
  // The clock is read only when a date needs it (a broken clock must not stop a creation that needs none).
  const dated = registry.some((record) => record?.secretChangedAt !== undefined);
  const nowMs = dated ? now() : 0;
  registry.forEach((record, index) => {
    const problem = recordProblem(record, nowMs, true);
    if (problem !== undefined) throw configError(problem.id, `clients[${index}]${problem.field}`, STRENGTH);
    if (byId.has(record.clientId)) throw configError('configClienteRepetido', `clients[${index}].clientId`, { id: record.clientId });
    byId.set(record.clientId, known(record));
  });
  return { find: (clientId) => byId.get(clientId) };
}

function isDirectory(clients: ClientRegistry | ClientDirectory): clients is ClientDirectory {
  return typeof clients === 'object' && !Array.isArray(clients);
}

/**
 * Authenticates presented credentials against the registry (or its checked directory); undefined
 * when the client is unknown or the secret is wrong (indistinguishable, by design).
 *
 * @example
 * ```ts
 * const registry = [{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'] }];
 * await authenticateClient(registry, { clientId: 'app', clientSecret: 's3cret-value' }); // { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'] }
 * await authenticateClient(registry, { clientId: 'app', clientSecret: 'wrong' }); // undefined
 * ```
 */
export async function authenticateClient(
  clients: ClientRegistry | ClientDirectory,
  presented: PresentedCredentials,
): Promise<ClientRecord | undefined> {
  const directory = isDirectory(clients) ? clients : clientDirectory(clients);
  const found = await directory.find(presented.clientId);
  const client = found?.record;
  const matches = secretsMatch(presented.clientSecret, client?.clientSecret ?? UNKNOWN_CLIENT_SECRET);
  return client !== undefined && client.clientId === presented.clientId && client.clientSecret !== '' && matches ? client : undefined;
}

/**
 * Decodes `Authorization: Basic …` into credentials (RFC 7617: `id:secret`, split at the first
 * colon, taken as is; RFC 6749's extra form-encoding is not undone, as most clients skip it).
 * Undefined when the header is not Basic or has no colon.
 *
 * @example
 * ```ts
 * parseBasic(`Basic ${btoa('app:s3cret')}`); // { clientId: 'app', clientSecret: 's3cret' }
 * ```
 */
export function parseBasic(header: string): PresentedCredentials | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (match === null || match[1] === undefined) return undefined;
  const bytes = fromBase64(match[1]);
  if (bytes === undefined) return undefined;
  const decoded = decodeUtf8(bytes);
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}
