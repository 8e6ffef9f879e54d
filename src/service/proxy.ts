/**
 * The client's address behind trusted proxies: when a request comes from an address the operator
 * named (a load balancer, a TLS-terminating proxy), the client is the last address of
 * `X-Forwarded-For` that is not itself a trusted proxy. Any other request keeps its socket's
 * address, so a client cannot choose its own address by sending the header. The address is what
 * the failed-authentication limit counts per address.
 */
import { headerField } from '../http/headers.js';
import type { ServiceRequest } from '../http/types.js';
import { configError } from './configError.js';

/** An IPv4 or IPv6 literal (the forms a socket reports), without a port or a zone. */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:.]{0,40})$/;

/** An IPv4 address as an IPv6 socket reports it (`::ffff:10.0.0.1`) is the IPv4 one. */
function plain(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/**
 * Checks the trusted proxies' addresses; throws a `QuoteError` (ERRESQ005 naming
 * `config.trustProxy`) for anything that is not an IP address. Undefined: trust none.
 *
 * @example
 * ```ts
 * resolveTrustProxy(['10.0.0.1', '::ffff:10.0.0.2'])?.has('10.0.0.2'); // true
 * resolveTrustProxy(['proxy.internal']); // throws QuoteError ERRESQ005 'config.trustProxy'
 * ```
 */
export function resolveTrustProxy(addresses: readonly string[] | undefined): ReadonlySet<string> | undefined {
  if (addresses === undefined) return undefined;
  if (!Array.isArray(addresses) || addresses.length === 0) throw configError('configProxy', 'trustProxy', { value: String(addresses) });
  for (const address of addresses) {
    if (typeof address !== 'string' || !ADDRESS.test(address.trim()))
      throw configError('configProxy', 'trustProxy', { value: String(address) });
  }
  return new Set(addresses.map(plain));
}

/**
 * The request with the client's address in `remoteAddress`: taken from `X-Forwarded-For` when
 * the request comes from a trusted proxy, the request as it is otherwise.
 *
 * @example
 * ```ts
 * const trusted = resolveTrustProxy(['10.0.0.1'])!;
 * const head = { method: 'GET', path: '/', headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }, remoteAddress: '10.0.0.1' };
 * behindProxies(trusted, head).remoteAddress; // '203.0.113.7'
 * behindProxies(trusted, { ...head, remoteAddress: '198.51.100.9' }).remoteAddress; // '198.51.100.9'
 * ```
 */
export function behindProxies(trusted: ReadonlySet<string>, request: ServiceRequest): ServiceRequest {
  const socket = request.remoteAddress;
  if (socket === undefined || !trusted.has(plain(socket))) return request;
  const forwarded = headerField(request, 'x-forwarded-for');
  if (forwarded === undefined) return request;
  const hops = forwarded.split(',').map(plain);
  // From the nearest hop back: the first address no trusted proxy holds is the client.
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!ADDRESS.test(hop)) return request;
    if (!trusted.has(hop)) return { ...request, remoteAddress: hop };
  }
  return { ...request, remoteAddress: hops[0] };
}
