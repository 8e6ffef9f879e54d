/**
 * Whether a request may go on: the switches (503), the client's rate limit (429) and the server's
 * own capacity (503), as failures of the envelope APIs; the ATM API and the ATM token URL turn the
 * same answers into their own bodies.
 */
import { headerField } from '../http/headers.js';
import type { ServiceRequest } from '../http/types.js';
import type { ResolvedConfig } from './config.js';
import { serviceMessage } from './messages.js';
import type { Failure } from './respond.js';
import { unavailability, type ApiName, type Unavailability } from './switches.js';

/**
 * Seconds to wait when the client's bucket is empty; undefined when the request may pass (or no
 * limit is configured). Takes one token from the client's bucket.
 *
 * @example
 * ```ts
 * const config = resolveConfig({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', rateLimit: { capacity: 1, refillPerSecond: 1 }, now: () => new Date(0) });
 * await retryAfter(config, 'app'); // undefined
 * await retryAfter(config, 'app'); // 1
 * ```
 */
export async function retryAfter(config: ResolvedConfig, clientId: string): Promise<number | undefined> {
  if (config.rateLimit === undefined) return undefined;
  const decision = await config.rateLimit.store.take(`client:${clientId}`, config.rateLimit.policy, config.now().getTime());
  return decision.allowed ? undefined : Math.max(1, Math.ceil(decision.retryAfterSeconds));
}

/**
 * The 429 failure: ERRSEG006 (the interface's code for "resource called too frequently") with
 * `Retry-After`.
 *
 * @example
 * ```ts
 * tooManyRequests(2).headers; // { 'Retry-After': '2' }
 * ```
 */
export function tooManyRequests(seconds: number): Failure {
  return {
    status: 429,
    codigoError: 'ERRSEG006',
    propiedad: serviceMessage('demasiadasPeticiones', { seconds }),
    headers: { 'Retry-After': String(seconds) },
  };
}

/**
 * The 503 failure of a server that cannot take the request now: its pool of heavy work is full
 * (`busy`), or it is shutting down (`stopping`). ERRSER003 (the interface's 503 for the bank's
 * systems being out of reach) with `Retry-After`: the overload is the server's, not the client's
 * pace, so it is not a 429.
 *
 * @example
 * ```ts
 * serverBusy(2).headers; // { 'Retry-After': '2' }
 * serverBusy(1, 'stopping').codigoError; // 'ERRSER003'
 * ```
 */
export function serverBusy(seconds: number, why: 'busy' | 'stopping' = 'busy'): Failure {
  return {
    status: 503,
    codigoError: 'ERRSER003',
    propiedad: serviceMessage(why === 'busy' ? 'servidorOcupado' : 'servidorDeteniendose', { seconds }),
    headers: { 'Retry-After': String(seconds) },
  };
}

/**
 * The 503 failure of an unavailable API: ERROFF001 (this API is off), ERROFF002 (all are off) or
 * ERRSER003 (no connection to the bank).
 *
 * @example
 * ```ts
 * unavailableFailure('oneOff', 'quoter').codigoError; // 'ERROFF001'
 * ```
 */
export function unavailableFailure(state: Unavailability, api: ApiName): Failure {
  switch (state) {
    case 'oneOff':
      return { status: 503, codigoError: 'ERROFF001', propiedad: serviceMessage('apiApagada', { api }) };
    case 'allOff':
      return { status: 503, codigoError: 'ERROFF002', propiedad: 'apisApagadas' };
    case 'bankOffline':
      return { status: 503, codigoError: 'ERRSER003', propiedad: 'sinConexionBanco' };
  }
}

/**
 * What the switches say about `api` now (undefined: it answers).
 *
 * @example
 * ```ts
 * apiState(resolveConfig({ clients, switches: { off: 'all' } }), 'atm'); // 'allOff'
 * ```
 */
export function apiState(config: ResolvedConfig, api: ApiName): Unavailability | undefined {
  return unavailability(config.switches(), api);
}

/**
 * The body length a request declares in `Content-Length` (undefined when absent or not a
 * single decimal number; chunked bodies declare none).
 *
 * @example
 * ```ts
 * declaredLength({ method: 'POST', path: '/', headers: { 'content-length': '42' } }); // 42
 * ```
 */
export function declaredLength(request: Pick<ServiceRequest, 'headers'>): number | undefined {
  const field = headerField(request as ServiceRequest, 'content-length');
  if (field === undefined || !/^\s*\d{1,15}\s*$/.test(field)) return undefined;
  return Number(field);
}

/**
 * Whether a request says it has a body (a positive `Content-Length`, or `Transfer-Encoding`).
 *
 * @example
 * ```ts
 * declaresBody({ method: 'GET', path: '/', headers: {} }); // false
 * ```
 */
export function declaresBody(request: Pick<ServiceRequest, 'headers'>): boolean {
  const length = declaredLength(request);
  return (length !== undefined && length > 0) || headerField(request as ServiceRequest, 'transfer-encoding') !== undefined;
}
