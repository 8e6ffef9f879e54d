/**
 * The service's log in pino's shape, without pino: one JSON line per event with `level` (pino's
 * numbers: 30 info, 40 warn, 50 error), `time` (epoch ms), `pid`, `hostname`, the request id
 * (`reqId`, the folio the client sees), then the event's fields and `msg` — the lines pino,
 * pino-pretty and the log tools that read pino take as they are. `pinoObserver(logger)` turns the
 * service's events into calls on any pino-compatible logger (pino itself, Fastify's `log`), and
 * `createLogWriter` writes the lines itself, a turn of the event loop's lines in one write. The
 * events carry no header, token or body, so neither does the log.
 */
import { hostname } from 'node:os';
import type { InternalError, RequestDone, ServiceObserver } from '../service/observe.js';

/**
 * What the observer needs of a logger: pino's `(object, message)` methods.
 *
 * @example
 * ```ts
 * const lines: string[] = [];
 * const logger: PinoLike = { info: (o, m) => lines.push(m), warn: (o, m) => lines.push(m), error: (o, m) => lines.push(m) };
 * ```
 */
export interface PinoLike {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/**
 * A thrown value as pino's `err` serializer writes it: `type`, `message`, `stack` (and `code`).
 *
 * @example
 * ```ts
 * serializeError(new RangeError('bad')).type; // 'RangeError'
 * serializeError('text').message; // 'text'
 * ```
 */
export function serializeError(error: unknown): {
  readonly type: string;
  readonly message: string;
  readonly stack?: string;
  readonly code?: string;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * The service's events as log calls: each answer at `info` (`error` for a 5xx, `warn` for a 429),
 * `request completed`, with `reqId` (the folio), `route`, `method`, `path` (no query string),
 * `status`, `durationMs` and `outcome`; each internal error at `error`, `internal error`, with
 * `reqId`, `route` and `err` (type, message, stack).
 *
 * @example
 * ```ts
 * const seen: string[] = [];
 * const log = (level: string) => (object: Record<string, unknown>, message: string) => seen.push(`${level} ${message} ${object['status']}`);
 * const observer = pinoObserver({ info: log('info'), warn: log('warn'), error: log('error') });
 * observer.requestDone?.({ method: 'GET', route: 'health', path: '/health', status: 200, durationMs: 0.4, folio: 'f-1', outcome: 'answered' });
 * seen; // ['info request completed 200']
 * ```
 */
export function pinoObserver(logger: PinoLike): ServiceObserver {
  return {
    requestDone(event: RequestDone) {
      const fields = {
        reqId: event.folio,
        route: event.route,
        method: event.method,
        path: event.path,
        status: event.status,
        durationMs: event.durationMs,
        outcome: event.outcome,
      };
      if (event.status >= 500) logger.error(fields, 'request completed');
      else if (event.status === 429) logger.warn(fields, 'request completed');
      else logger.info(fields, 'request completed');
    },
    internalError(event: InternalError) {
      // An Error as it is: pino's own `err` serializer writes it (type, message, stack), and so does createLogWriter.
      const err = event.error instanceof Error ? event.error : serializeError(event.error);
      logger.error({ reqId: event.folio, route: event.route, path: event.path, err }, 'internal error');
    },
  };
}

/**
 * The least level written: `info` (everything), `warn` (429s and errors), `error`, `silent`.
 *
 * @example
 * ```ts
 * const level: LogLevel = 'warn';
 * ```
 */
export type LogLevel = 'info' | 'warn' | 'error' | 'silent';

const LEVELS: Readonly<Record<Exclude<LogLevel, 'silent'>, number>> = { info: 30, warn: 40, error: 50 };

/**
 * Options of {@link createLogWriter}.
 *
 * @example
 * ```ts
 * const options: LogWriterOptions = { level: 'warn', now: () => 0 };
 * ```
 */
export interface LogWriterOptions {
  /** Default `info`. */
  readonly level?: LogLevel | undefined;
  /** The clock of the `time` field, epoch ms. Default `Date.now`. */
  readonly now?: (() => number) | undefined;
}

/** The most field names a log writer keeps the text of (the observer's are a dozen). */
const MAX_CACHED_KEYS = 64;

/** Text that `JSON.stringify` writes as it is between quotes: printable ASCII but `"` and `\`. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `JSON.stringify(value)` of a field's value (an Error as {@link serializeError} gives it). */
function valueText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}` : 'null';
  if (typeof value === 'string') return value.length <= 256 && PLAIN_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value instanceof Error ? serializeError(value) : value);
}

/** Lines held before a write, at most (characters). */
const LOG_BATCH_CHARS = 64 * 1024;

/**
 * A pino-compatible logger writing pino's lines to `stream`: the lines of one turn of the event
 * loop in one write (a write to a pipe or a file is a system call), at once past 64 KiB held;
 * `flush()` writes what is held (call it before the process exits).
 *
 * @example
 * ```ts
 * let text = '';
 * const log = createLogWriter({ write: (chunk: string) => { text += chunk; return true; } }, { now: () => 0 });
 * log.info({ reqId: 'f-1' }, 'request completed');
 * log.flush();
 * JSON.parse(text).msg; // 'request completed'
 * ```
 */
export function createLogWriter(
  stream: { write(chunk: string): unknown },
  options: LogWriterOptions = {},
): PinoLike & { readonly flush: () => void } {
  const least = options.level === 'silent' ? Number.POSITIVE_INFINITY : LEVELS[options.level ?? 'info'];
  const now = options.now ?? Date.now;
  // pino's base fields, written once.
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  let held = '';
  const flush = () => {
    if (held === '') return;
    const text = held;
    held = '';
    stream.write(text);
  };
  // Speed: a field's `,"key":` written once per key, and a number, a boolean or a plain-text string
  // written without `JSON.stringify`, instead of two `JSON.stringify` calls and an entries array a
  // field; buys 0.6 µs of 1.1–1.3 µs per request log line (A/B of the two writers on the observer's
  // seven fields, interleaved, 2026-11-26). The same text: `JSON.stringify` writes a finite number
  // as `String` does, and a string of printable ASCII but `"` and `\` between quotes (a property
  // test in test/node/observe.test.ts).
  const keys = new Map<string, string>();
  const keyText = (key: string): string => {
    let text = keys.get(key);
    if (text === undefined) {
      text = `,${JSON.stringify(key)}:`;
      if (keys.size < MAX_CACHED_KEYS) keys.set(key, text);
    }
    return text;
  };
  const line = (level: number) => (object: Record<string, unknown>, message: string) => {
    if (level < least) return;
    let fields = '';
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const value = object[key];
      if (value === undefined) continue;
      fields += keyText(key) + valueText(value);
    }
    if (held === '') setImmediate(flush);
    held += `{"level":${level},"time":${now()}${base}${fields},"msg":${JSON.stringify(message)}}\n`;
    if (held.length >= LOG_BATCH_CHARS) flush();
  };
  return { info: line(30), warn: line(40), error: line(50), flush };
}
