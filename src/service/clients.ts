/**
 * The client registry and client authentication for the token URLs: Basic credentials or form
 * fields, secrets compared in constant time over equal-length SHA-256 digests.
 */
import { sha256 } from '@noble/hashes/sha2';
import { decodeUtf8, fromBase64 } from '../util/bytes.js';

/**
 * A registered client application.
 *
 * @example
 * ```ts
 * const client: ClientRecord = { clientId: 'app', clientSecret: 's3cret', scopes: ['update'] };
 * createService({ clients: [client] }).limits.maxBodyBytes; // 1048576
 * ```
 */
export interface ClientRecord {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Scopes the client may be granted (`update` for the quoter and taxpayer APIs, `read`/`atms:read` for ATMs). */
  readonly scopes: readonly string[];
}

/**
 * The registry: a fixed list, or an async lookup by client id (e.g. a database query).
 *
 * @example
 * ```ts
 * const db = new Map([['app', { clientId: 'app', clientSecret: 's3cret', scopes: ['update'] }]]); // e.g. a database table
 * const registry: ClientRegistry = async (clientId) => db.get(clientId);
 * (await authenticateClient(registry, { clientId: 'app', clientSecret: 's3cret' }))?.scopes; // ['update']
 * ```
 */
export type ClientRegistry = readonly ClientRecord[] | ((clientId: string) => Promise<ClientRecord | undefined>);

/**
 * Credentials as a request presents them.
 *
 * @example
 * ```ts
 * const presented: PresentedCredentials | undefined = parseBasic('Basic YXBwOnMzY3JldA==');
 * presented; // { clientId: 'app', clientSecret: 's3cret' }
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
 * Authenticates presented credentials against the registry; undefined when the client is
 * unknown or the secret is wrong (indistinguishable, by design).
 *
 * @example
 * ```ts
 * const registry = [{ clientId: 'app', clientSecret: 's3cret', scopes: ['update'] }];
 * await authenticateClient(registry, { clientId: 'app', clientSecret: 's3cret' }); // { clientId: 'app', clientSecret: 's3cret', scopes: ['update'] }
 * await authenticateClient(registry, { clientId: 'app', clientSecret: 'wrong' }); // undefined
 * ```
 */
export async function authenticateClient(registry: ClientRegistry, presented: PresentedCredentials): Promise<ClientRecord | undefined> {
  const client =
    typeof registry === 'function'
      ? await registry(presented.clientId)
      : registry.find((candidate) => candidate.clientId === presented.clientId);
  const matches = secretsMatch(presented.clientSecret, client?.clientSecret ?? UNKNOWN_CLIENT_SECRET);
  return client !== undefined && client.clientId === presented.clientId && matches ? client : undefined;
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
