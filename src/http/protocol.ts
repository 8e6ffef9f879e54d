/**
 * The protocol checks every API of the interface makes before it looks at a body, in one order:
 * header size (431), a known path (404, or 400 in the envelope APIs), the method (405) and the
 * `Accept` header (406). Each API maps the violation to its own error body. Also the head of a
 * request read back from raw bytes, for a refusal from a parser that gave up on it.
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

/** Bytes of a raw head read for {@link rawRequestHead}: the request line and headers any server accepts fit. */
const RAW_HEAD_BYTES = 64 * 1024;

/** `token SP request-target SP HTTP-version`, the method a token (RFC 9110 §5.6.2). */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) +(\S+)(?: +HTTP\/\d(?:\.\d)?)? *$/;

/** The path of a request target; an absolute-form one (`http://host/path`) reduced to its path. */
function originPath(target: string): string {
  if (target.startsWith('/')) return target;
  const scheme = target.indexOf('://');
  if (scheme < 0) return target;
  const slash = target.indexOf('/', scheme + 3);
  return slash < 0 ? '/' : target.slice(slash);
}

/**
 * The head of a request a server refused to parse (a malformed framing, a header too large), read
 * back from the bytes it received: its method, its path (an absolute-form target reduced to its
 * path) and its headers (names in lower case, the first of a repeated one), so the refusal is
 * said in the shape and language of the API the request was for. Undefined when not even the
 * request line can be read. Bytes are read as Latin-1, at most the first 64 KiB.
 *
 * @example
 * ```ts
 * const raw = new TextEncoder().encode('GET /open-banking/open-data/v2/atms HTTP/1.1\r\nAccept-Language: en_US\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
 * const head = rawRequestHead(raw);
 * [head?.method, head?.path, head?.headers['accept-language']]; // ['GET', '/open-banking/open-data/v2/atms', 'en_US']
 * rawRequestHead(new TextEncoder().encode('\u0016\u0003\u0001')); // undefined
 * ```
 */
export function rawRequestHead(bytes: Uint8Array | undefined): ServiceRequest | undefined {
  if (bytes === undefined || bytes.length === 0) return undefined;
  const end = Math.min(bytes.length, RAW_HEAD_BYTES);
  let text = '';
  for (let start = 0; start < end; start += 4096) {
    text += String.fromCharCode(...bytes.subarray(start, Math.min(end, start + 4096)));
  }
  const lines = text.split('\n');
  let first = 0;
  // RFC 9112 §2.2: empty lines before the request line are ignored.
  while (first < lines.length - 1 && (lines[first] === '' || lines[first] === '\r')) first++;
  const requestLine = REQUEST_LINE.exec((lines[first] ?? '').replace(/\r$/, ''));
  if (requestLine === null) return undefined;
  const path = originPath(requestLine[2] ?? '/');
  // No prototype: a header named `__proto__` is a field like any other.
  const headers = Object.create(null) as Record<string, string>;
  for (const line of lines.slice(first + 1)) {
    const field = line.replace(/\r$/, '');
    if (field === '') break;
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const name = field.slice(0, colon).trim().toLowerCase();
    if (!Object.hasOwn(headers, name)) headers[name] = field.slice(colon + 1).trim();
  }
  return { method: requestLine[1] ?? 'GET', path, headers };
}
