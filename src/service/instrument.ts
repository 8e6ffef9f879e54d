/**
 * The observing layer around the service's dispatch (`observe.ts` holds its settings): takes the
 * client's address from trusted proxies, answers `GET /metrics` and CORS preflights itself, adds
 * the CORS headers to every answer, and tells the observer of each answer (route, status,
 * duration, folio, whether it was a rate limit or a switch) and of each internal error. With none of them configured the dispatch is returned as it
 * is: no answer changes and nothing is measured.
 */
import type { RequestBody, ServiceRequest, ServiceResponse } from '../http/types.js';
import { apiState } from './admission.js';
import type { ResolvedConfig } from './config.js';
import { preflight, withCors } from './cors.js';
import { pathLabel, type RequestOutcome } from './observe.js';
import { behindProxies } from './proxy.js';
import { DEFAULT_RESPONSE_HEADERS, failureResponse } from './respond.js';
import { ATM_MOUNT, isAtmPath, ROUTE_TABLE } from './routes.js';
import type { ApiName } from './switches.js';

/** What a dispatch's `receive` decides (the service's `Reception`). */
type Received =
  | { readonly response: ServiceResponse }
  | {
      readonly maxBodyBytes: number;
      complete(body: RequestBody): Promise<ServiceResponse>;
      fail(reason: 'timeout' | 'bodyTooLarge'): ServiceResponse;
    };

/** The two entry points the layer wraps; `transportFailure` takes the request's head second. */
interface Dispatch<Fail> {
  readonly receive: (head: ServiceRequest) => Promise<Received>;
  readonly transportFailure: Fail;
}

const BY_PATH: ReadonlyMap<string, { readonly name: string; readonly methods: readonly string[]; readonly api: ApiName | undefined }> =
  new Map(ROUTE_TABLE.map((route) => [route.path as string, { name: route.name, methods: route.methods, api: route.api }]));

const METRICS_PATH = '/metrics';
const READ = Object.freeze(['GET', 'HEAD']);

/**
 * The route's name for the events and the metrics' labels, a bounded set: the registry's names,
 * `atm` for another path under the ATM API, `unknown` for any other.
 *
 * @example
 * ```ts
 * routeLabel('/api/esb/Cotizador/v1/AutoEstrene?x=1'); // 'autoEstrene'
 * routeLabel('/open-banking/open-data/v2/nope'); // 'atm'
 * routeLabel('/wp-admin'); // 'unknown'
 * ```
 */
export function routeLabel(target: string): string {
  const path = pathLabel(target);
  return BY_PATH.get(path)?.name ?? (isAtmPath(path) ? 'atm' : 'unknown');
}

/**
 * Tells the observer, if any, of an exception the service turned into a 500.
 *
 * @example
 * ```ts
 * const errors: unknown[] = [];
 * const config = resolveConfig({ clients, observer: { internalError: (event) => errors.push(event.error) } });
 * reportInternal(config, 'f-1', '/api/esb/Cotizador/v1/AutoEstrene', new Error('boom'));
 * errors.length; // 1
 * ```
 */
export function reportInternal(config: ResolvedConfig, folio: string, target: string, error: unknown): void {
  config.observe.observer?.internalError({ route: routeLabel(target), path: pathLabel(target), folio, error });
}

/** Why the metrics count an answer apart. */
function outcomeOf(config: ResolvedConfig, path: string, status: number): RequestOutcome {
  if (status === 429) return 'rateLimited';
  if (status !== 503) return 'answered';
  const api = BY_PATH.get(path)?.api ?? (isAtmPath(path) ? ATM_MOUNT.api : undefined);
  try {
    return api !== undefined && apiState(config, api) !== undefined ? 'switchedOff' : 'answered';
  } catch {
    return 'answered';
  }
}

/**
 * The dispatch with the observing layer: `/metrics` and preflights answered first, CORS headers
 * on every answer, the observer told of each. The dispatch itself when none is configured.
 *
 * @example
 * ```ts
 * const seen: string[] = [];
 * const config = resolveConfig({ clients, observer: { requestDone: (event) => seen.push(`${event.route} ${event.status}`) } });
 * const dispatch = { receive: async () => ({ response: { status: 200, headers: {}, body: '{}' } }), transportFailure: () => ({ status: 408, headers: {}, body: '{}' }) };
 * await observeDispatch(config, dispatch).receive({ method: 'GET', path: '/health', headers: {} });
 * seen; // ['health 200']
 * ```
 */
export function observeDispatch<Fail extends (reason: never, head?: ServiceRequest, ...rest: never[]) => ServiceResponse>(
  config: ResolvedConfig,
  dispatch: Dispatch<Fail>,
): Dispatch<Fail> {
  const { observer, cors, metrics, trustProxy } = config.observe;
  if (observer === undefined && cors === undefined && metrics === undefined && trustProxy === undefined) return dispatch;
  const client = (head: ServiceRequest) => (trustProxy === undefined ? head : behindProxies(trustProxy, head));

  const finish = (head: ServiceRequest | undefined, response: ServiceResponse, start: number): ServiceResponse => {
    const answer = cors === undefined ? response : withCors(cors, head, response);
    if (observer !== undefined) {
      const target = head === undefined ? undefined : String(head.path);
      const path = target === undefined ? '-' : pathLabel(target);
      observer.requestDone({
        method: head === undefined ? '-' : String(head.method),
        route: target === undefined ? '-' : routeLabel(target),
        path,
        status: answer.status,
        durationMs: Math.round((performance.now() - start) * 100) / 100,
        folio: answer.folio,
        outcome: outcomeOf(config, path, answer.status),
      });
    }
    return answer;
  };

  /** The answers of this layer itself: the metrics, a preflight. */
  const own = async (head: ServiceRequest, path: string): Promise<ServiceResponse | undefined> => {
    const method = String(head.method).toUpperCase();
    if (metrics !== undefined && path === METRICS_PATH) {
      if (cors !== undefined && method === 'OPTIONS') return preflight(cors, head, READ);
      if (method !== 'GET' && method !== 'HEAD') return undefined;
      const folio = config.folio();
      try {
        const text = await metrics.render();
        const { 'Content-Type': _json, ...security } = DEFAULT_RESPONSE_HEADERS;
        const headers = { ...security, 'Content-Type': metrics.contentType };
        return { status: 200, headers, body: method === 'HEAD' ? '' : text, folio };
      } catch (error) {
        reportInternal(config, folio, path, error);
        return failureResponse({ status: 500, codigoError: 'ERRSER002' }, folio, config.helpUrl);
      }
    }
    const methods = BY_PATH.get(path)?.methods;
    return cors === undefined || methods === undefined ? undefined : preflight(cors, head, methods);
  };

  async function receive(request: ServiceRequest): Promise<Received> {
    const start = performance.now();
    const head = client(request);
    let early: ServiceResponse | undefined;
    try {
      early = await own(head, pathLabel(String(head.path)));
    } catch {
      early = undefined;
    }
    if (early !== undefined) return { response: finish(head, early, start) };
    const reception = await dispatch.receive(head);
    if ('response' in reception) return { response: finish(head, reception.response, start) };
    return {
      maxBodyBytes: reception.maxBodyBytes,
      complete: async (body) => finish(head, await reception.complete(body), start),
      fail: (reason) => finish(head, reception.fail(reason), start),
    };
  }

  const transportFailure = ((...args: Parameters<Fail>) => {
    const start = performance.now();
    if (args[1] !== undefined) args[1] = client(args[1]);
    const answer = (dispatch.transportFailure as (...given: Parameters<Fail>) => ServiceResponse)(...args);
    return finish(args[1], answer, start);
  }) as Fail;

  return { receive, transportFailure };
}
