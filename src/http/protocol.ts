/**
 * The protocol checks every API of the interface makes before it looks at a body, in one order:
 * header size (431), a known path (404, or 400 in the envelope APIs), the method (405) and the
 * `Accept` header (406). Each API maps the violation to its own error body.
 */
import { acceptsJson, headerField, headersExceed } from './headers.js';
import type { ServiceRequest } from './types.js';

/**
 * Default limit on the request headers' size, bytes (name and value bytes of every header).
 *
 * @example
 * ```ts
 * DEFAULT_MAX_HEADER_BYTES; // 8192
 * ```
 */
export const DEFAULT_MAX_HEADER_BYTES = 8 * 1024;

/**
 * A request target split into its path and its query (the fragment, never sent by a conforming
 * client, is dropped).
 *
 * @example
 * ```ts
 * splitTarget('/atms?brand=X#top'); // { pathname: '/atms', query: 'brand=X' }
 * ```
 */
export function splitTarget(target: string): { readonly pathname: string; readonly query: string } {
  const hash = target.indexOf('#');
  const withoutFragment = hash < 0 ? target : target.slice(0, hash);
  const mark = withoutFragment.indexOf('?');
  return mark < 0
    ? { pathname: withoutFragment, query: '' }
    : { pathname: withoutFragment.slice(0, mark), query: withoutFragment.slice(mark + 1) };
}

/**
 * What a request breaks, in the order the checks run.
 *
 * @example
 * ```ts
 * const violation: ProtocolViolation = 'methodNotAllowed';
 * ```
 */
export type ProtocolViolation = 'headersTooLarge' | 'notFound' | 'methodNotAllowed' | 'notAcceptable';

/**
 * What {@link protocolViolation} checks against.
 *
 * @example
 * ```ts
 * const rules: ProtocolRules = { maxHeaderBytes: 8192, known: true, methods: ['POST'], checkAccept: true };
 * ```
 */
export interface ProtocolRules {
  /** Larger headers (UTF-8 bytes of every name and value) are `headersTooLarge`. */
  readonly maxHeaderBytes: number;
  /** Whether the path names a resource of the API. */
  readonly known: boolean;
  /** Methods the resource accepts (upper case). */
  readonly methods: readonly string[];
  /** Whether to check `Accept` here (an API that authenticates first checks it afterwards). */
  readonly checkAccept: boolean;
}

/**
 * The first protocol rule the request breaks, or undefined.
 *
 * @example
 * ```ts
 * protocolViolation({ method: 'GET', path: '/x', headers: {} }, { maxHeaderBytes: 8192, known: true, methods: ['POST'], checkAccept: true });
 * // 'methodNotAllowed'
 * ```
 */
export function protocolViolation(request: ServiceRequest, rules: ProtocolRules): ProtocolViolation | undefined {
  if (headersExceed(request, rules.maxHeaderBytes)) return 'headersTooLarge';
  if (!rules.known) return 'notFound';
  if (!rules.methods.includes(String(request.method).toUpperCase())) return 'methodNotAllowed';
  if (rules.checkAccept && !acceptsJson(headerField(request, 'accept'))) return 'notAcceptable';
  return undefined;
}
