/**
 * `GET /ready`: whether a load balancer should send this instance traffic now. Not ready (503)
 * while the transport drains, while every API is off (switched off, or the bank link down), or
 * while a shared rate-limit store cannot answer; `/health` stays the liveness answer.
 */
import type { ResolvedConfig } from './config.js';
import type { Begin } from './handlers.js';
import { documentPath } from './openapiPaths.js';
import type { Json } from './openapiResponses.js';
import { sharedStoresHealthy } from './rateLimit.js';
import { DEFAULT_RESPONSE_HEADERS } from './respond.js';
import { API_NAMES, unavailability } from './switches.js';

/**
 * Why an instance is not ready: shutting down, every API off, a shared store unreachable.
 *
 * @example
 * ```ts
 * const reason: NotReadyReason = 'sharedStoreDown';
 * ```
 */
export type NotReadyReason = 'draining' | 'apisOff' | 'sharedStoreDown';

/**
 * The reasons the instance is not ready now (empty: ready).
 *
 * @example
 * ```ts
 * notReadyReasons(resolveConfig({ clients })); // []
 * notReadyReasons(resolveConfig({ clients, switches: { off: 'all' }, draining: () => true })); // ['draining', 'apisOff']
 * ```
 */
export function notReadyReasons(config: ResolvedConfig): NotReadyReason[] {
  const reasons: NotReadyReason[] = [];
  if (config.observe.draining()) reasons.push('draining');
  const switches = config.switches();
  if (API_NAMES.every((api) => unavailability(switches, api) !== undefined)) reasons.push('apisOff');
  if (!sharedStoresHealthy(config)) reasons.push('sharedStoreDown');
  return reasons;
}

/**
 * The `/ready` route's handler: 200 `{"status":"ready"}`, or 503 `{"status":"notReady","reasons":[…]}`.
 *
 * @example
 * ```ts
 * const step = await readyHandler({ config: resolveConfig({ clients }), openApiText: () => '{}' }, { method: 'GET', path: '/ready', headers: {} }, 'f-1', 'es');
 * 'response' in step && step.response.body; // '{"status":"ready"}'
 * ```
 */
export const readyHandler: Begin = (context, head, folio) => {
  let reasons: NotReadyReason[];
  try {
    reasons = notReadyReasons(context.config);
  } catch {
    // A switches function that throws leaves the APIs' state unknown: not ready.
    reasons = ['apisOff'];
  }
  const body = reasons.length === 0 ? '{"status":"ready"}' : JSON.stringify({ status: 'notReady', reasons });
  return {
    response: {
      status: reasons.length === 0 ? 200 : 503,
      headers: { ...DEFAULT_RESPONSE_HEADERS, 'Cache-Control': 'no-store' },
      body: String(head.method).toUpperCase() === 'HEAD' ? '' : body,
      folio,
    },
  };
};

/**
 * The `/ready` path item of the OpenAPI document: 200 ready, 503 with the reasons.
 *
 * @example
 * ```ts
 * Object.keys(readyPathItem()); // ['get', 'head']
 * ```
 */
export function readyPathItem(): Json {
  const about = { id: 'ready', tags: ['service'], summary: 'Readiness: "ready", or 503 "notReady" with its reasons' };
  const item = documentPath(about, undefined, { status: 'ready' }, 'no-store');
  const get = item.get as { readonly responses: Json };
  const reasons = { type: 'array', items: { type: 'string', enum: ['draining', 'apisOff', 'sharedStoreDown'] } };
  const notReady = {
    description: 'Not ready: the server is draining, every API is off, or a shared rate-limit store does not answer',
    content: {
      'application/json': {
        schema: { type: 'object', required: ['status', 'reasons'], properties: { status: { const: 'notReady' }, reasons } },
        example: { status: 'notReady', reasons: ['draining'] },
      },
    },
  };
  return { ...item, get: { ...item.get, responses: { ...get.responses, 503: notReady } } };
}
