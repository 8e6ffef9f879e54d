/**
 * The service's types: what `createService` returns (`Service`), what its `receive(head)` decides
 * (`Reception`) and why a transport refuses a request itself (`TransportFailure`).
 */
import type { RequestBody, ServiceRequest, ServiceResponse } from '../http/types.js';

/**
 * Why a transport could not hand a whole request over, or refuses it before the service sees it:
 * its headers or body did not arrive in time (408), its headers exceed the transport's limit
 * (431), its body exceeds the route's limit (400 ERRESQ004), it is not HTTP the transport can
 * parse (400), it lacks `Host` (400 ERRESQ006), it expects something other than `100-continue`
 * (400 ERRESQ005); or the server cannot take it now: too many bodies or connections in flight
 * (`busy`, 503 ERRSER003), too many connections from its address (`tooManyConnections`, 429
 * ERRSEG006), shutting down (`stopping`, 503 ERRSER003) — these three with `Retry-After`.
 *
 * @example
 * ```ts
 * const reason: TransportFailure = 'timeout';
 * ```
 */
export type TransportFailure =
  | 'timeout'
  | 'headersTooLarge'
  | 'bodyTooLarge'
  | 'malformed'
  | 'missingHost'
  | 'badExpectation'
  | 'busy'
  | 'tooManyConnections'
  | 'stopping';

/**
 * What `receive(head)` decided: an answer (the body, if any, is not needed), or the body limit
 * and what to do with the body once it is read (`complete`) or could not be (`fail`).
 *
 * @example
 * ```ts
 * const reception = await service.receive({ method: 'GET', path: '/health', headers: {} });
 * 'response' in reception; // true
 * ```
 */
export type Reception =
  | { readonly response: ServiceResponse }
  | {
      readonly maxBodyBytes: number;
      complete(body: RequestBody): Promise<ServiceResponse>;
      fail(reason: 'timeout' | 'bodyTooLarge'): ServiceResponse;
    };

/**
 * The service `createService` returns.
 *
 * @example
 * ```ts
 * const service: Service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * service.limits.maxBodyBytes; // 1048576
 * ```
 */
export interface Service {
  /** Answers one request whose body is at hand (bytes, text or a framework's parsed value); never rejects. */
  handle(request: ServiceRequest): Promise<ServiceResponse>;
  /** The first step for a transport that streams the body: decides what it can from the head. Never rejects. */
  receive(head: ServiceRequest): Promise<Reception>;
  /**
   * The answer to a request the transport could not read or refuses, in the shape of its path's
   * API (the generic envelope when the path is unknown); `retryAfterSeconds` for `busy`,
   * `tooManyConnections` and `stopping` (default 1).
   */
  transportFailure(reason: TransportFailure, head?: ServiceRequest, retryAfterSeconds?: number): ServiceResponse;
  /** The limits a transport enforces while reading: header and body bytes, the token form's bytes, the time to read a request. */
  readonly limits: {
    readonly maxHeaderBytes: number;
    readonly maxBodyBytes: number;
    readonly maxFormBytes: number;
    readonly requestTimeoutMs: number;
  };
}
