/**
 * What an operator sees of the service, as hooks a transport or a host fills in (the service is
 * Web-standard; `cotizador/node` implements them with pino-shaped log lines and prom-client): an
 * event per answered request (route, status, duration, folio) and per internal error (with the
 * thrown value, for its stack); the metrics exposition answered at `GET /metrics`; the
 * transport's drain, read by `/ready`; CORS (`cors.ts`) and the trusted proxies (`proxy.ts`). The events never carry a header, a
 * token or a body.
 */
import { configError } from './configError.js';
import { resolveCors, type CorsConfig, type ResolvedCors } from './cors.js';
import { resolveTrustProxy } from './proxy.js';

/**
 * Why an answer was a refusal the metrics count apart: the rate limit (any 429: the client's
 * bucket, failed authentications, too many connections) or a switch (503 of an API switched off
 * or the bank link down). `answered` for everything else.
 *
 * @example
 * ```ts
 * const outcome: RequestOutcome = 'rateLimited';
 * ```
 */
export type RequestOutcome = 'answered' | 'rateLimited' | 'switchedOff';

/**
 * One answered request. `route` is the registry's name of the route (`autoEstrene`), `atm` for
 * another path under the ATM API, `unknown` for any other path, `-` when the transport could not
 * read a request line; `path` is the path without its query string (at most 200 characters).
 *
 * @example
 * ```ts
 * const done: RequestDone = { method: 'POST', route: 'autoEstrene', path: '/api/esb/Cotizador/v1/AutoEstrene', status: 200, durationMs: 2.1, folio: 'f-1', outcome: 'answered' };
 * ```
 */
export interface RequestDone {
  readonly method: string;
  readonly route: string;
  readonly path: string;
  readonly status: number;
  /** From the service receiving the head to its answer being ready (the body's reading included), ms. */
  readonly durationMs: number;
  readonly folio: string | undefined;
  readonly outcome: RequestOutcome;
}

/**
 * An exception the service turned into a 500 (ERRSER002): the client sees the folio only; the
 * operator gets the thrown value (`error.stack`) with the same folio.
 *
 * @example
 * ```ts
 * const failure: InternalError = { route: 'autoEstrene', path: '/api/esb/Cotizador/v1/AutoEstrene', folio: 'f-1', error: new Error('boom') };
 * ```
 */
export interface InternalError {
  readonly route: string;
  readonly path: string;
  readonly folio: string;
  readonly error: unknown;
}

/**
 * The hooks told about every answer and every internal error. A hook that throws is ignored
 * (observing never changes an answer).
 *
 * @example
 * ```ts
 * const seen: number[] = [];
 * const observer: ServiceObserver = { requestDone: (event) => seen.push(event.status) };
 * await createService({ clients, observer }).handle({ method: 'GET', path: '/health', headers: {} });
 * seen; // [200]
 * ```
 */
export interface ServiceObserver {
  readonly requestDone?: ((event: RequestDone) => void) | undefined;
  readonly internalError?: ((event: InternalError) => void) | undefined;
}

/**
 * The metrics exposition the service answers at `GET /metrics` (no token; not switched off; not
 * in the OpenAPI document): e.g. prom-client's registry (`cotizador/node`'s
 * `createPrometheusMetrics`). Without it `/metrics` is an unknown path.
 *
 * @example
 * ```ts
 * const metrics: MetricsEndpoint = { contentType: 'text/plain; version=0.0.4; charset=utf-8', render: async () => 'up 1\n' };
 * ```
 */
export interface MetricsEndpoint {
  readonly contentType: string;
  render(): Promise<string>;
}

/**
 * The service settings of this module (part of `ServiceConfig`).
 *
 * @example
 * ```ts
 * const observe: ObserveConfig = { cors: { allowedOrigins: ['https://app.example.com'] }, draining: () => false };
 * ```
 */
export interface ObserveConfig {
  /** Told each answered request and each internal error. Default: none (nothing is logged). */
  readonly observer?: ServiceObserver | undefined;
  /** Answered at `GET /metrics`. Default: none. */
  readonly metrics?: MetricsEndpoint | undefined;
  /** Whether the transport is shutting down: `/ready` answers 503 `draining` while it returns true. */
  readonly draining?: (() => boolean) | undefined;
  /** Cross-origin calls from browsers. Default: off (no CORS header, `OPTIONS` answers 405). */
  readonly cors?: CorsConfig | undefined;
  /**
   * The addresses of the proxies in front of the service (IP literals): a request from one of them
   * is counted under the client address `X-Forwarded-For` gives (`proxy.ts`). Default: none (the
   * socket's address).
   */
  readonly trustProxy?: readonly string[] | undefined;
}

/**
 * The checked form of {@link ObserveConfig}: hooks that cannot throw into the service.
 *
 * @example
 * ```ts
 * resolveObserve({}).cors; // undefined
 * ```
 */
export interface ResolvedObserve {
  readonly observer: Required<{ readonly [K in keyof ServiceObserver]: NonNullable<ServiceObserver[K]> }> | undefined;
  readonly metrics: MetricsEndpoint | undefined;
  readonly draining: () => boolean;
  readonly cors: ResolvedCors | undefined;
  readonly trustProxy: ReadonlySet<string> | undefined;
}

/** A hook wrapped so that its failure is ignored. */
function quiet<Event>(hook: ((event: Event) => void) | undefined, name: string): (event: Event) => void {
  if (hook === undefined) return () => {};
  if (typeof hook !== 'function') throw configError('configFuncion', `observer.${name}`, { name: `observer.${name}` });
  return (event) => {
    try {
      hook(event);
    } catch {
      // An observer must never change or lose an answer.
    }
  };
}

/**
 * Checks the observing settings; throws a `QuoteError` (ERRESQ005 naming `config.<key>`) for an
 * unusable one (a hook that is no function, a metrics endpoint without `render`, bad CORS).
 *
 * @example
 * ```ts
 * resolveObserve({ draining: () => true }).draining(); // true
 * resolveObserve({ metrics: {} as never }); // throws QuoteError ERRESQ005 'config.metrics'
 * ```
 */
export function resolveObserve(config: ObserveConfig): ResolvedObserve {
  const { observer, metrics, draining } = config;
  if (observer !== undefined && (typeof observer !== 'object' || observer === null))
    throw configError('configFuncion', 'observer', { name: 'observer.requestDone' });
  if (metrics !== undefined && (typeof metrics?.render !== 'function' || typeof metrics.contentType !== 'string'))
    throw configError('configMetricas', 'metrics');
  if (draining !== undefined && typeof draining !== 'function') throw configError('configFuncion', 'draining', { name: 'draining' });
  return Object.freeze({
    observer:
      observer === undefined
        ? undefined
        : Object.freeze({
            requestDone: quiet(observer.requestDone, 'requestDone'),
            internalError: quiet(observer.internalError, 'internalError'),
          }),
    metrics,
    draining: () => {
      try {
        return draining?.() === true;
      } catch {
        return false;
      }
    },
    cors: resolveCors(config.cors),
    trustProxy: resolveTrustProxy(config.trustProxy),
  });
}

/** Paths longer than this are cut in the events (a path is the client's text). */
const MAX_PATH_CHARS = 200;

/**
 * The path as the events carry it: without its query string, at most 200 characters.
 *
 * @example
 * ```ts
 * pathLabel('/health?token=x'); // '/health'
 * ```
 */
export function pathLabel(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  return path.length > MAX_PATH_CHARS ? path.slice(0, MAX_PATH_CHARS) : path;
}

/**
 * Several observers as one, each told every event in order (undefined ones are left out).
 *
 * @example
 * ```ts
 * const seen: string[] = [];
 * const observer = observers({ requestDone: () => seen.push('log') }, undefined, { requestDone: () => seen.push('metrics') });
 * await createService({ clients, observer }).handle({ method: 'GET', path: '/health', headers: {} });
 * seen; // ['log', 'metrics']
 * ```
 */
export function observers(...list: readonly (ServiceObserver | undefined)[]): ServiceObserver | undefined {
  const all = list.filter((observer): observer is ServiceObserver => observer !== undefined);
  if (all.length <= 1) return all[0];
  return {
    requestDone: (event) => {
      for (const observer of all) observer.requestDone?.(event);
    },
    internalError: (event) => {
      for (const observer of all) observer.internalError?.(event);
    },
  };
}
