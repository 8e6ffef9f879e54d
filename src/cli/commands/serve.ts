/**
 * `cotizador serve`: the whole interface on node:http (no HTTP dependency), one JSON log line
 * per request on stdout, graceful shutdown on SIGTERM and SIGINT, switches re-read on SIGHUP.
 */
import { randomBytes } from 'node:crypto';
import {
  createNodeServer,
  createRedisRateLimitStore,
  shutdownNodeServer,
  SIMULATOR_ROUTES,
  staticSite,
  withStaticSite,
  type RedisRateLimitStore,
  type RequestLogEntry,
} from '../../entry/node.js';
import {
  createService,
  isQuoteError,
  localizedMessage,
  type Lang,
  type ServiceConfig,
  type ServiceSwitches,
  type ServiceWarning,
} from '../../entry/service.js';
import { parseCommand, stringOption } from '../args.js';
import { processContext, type CliContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { cliMessage, cliText, type CliMessageId } from '../messages.js';
import { loadServeSettings, readSwitches, SERVE_RATE_LIMIT, SERVE_SETTINGS } from '../serveConfig.js';
import type { RateLimitStoreSetting } from '../serveLimits.js';
import { simulatorDir } from './simulator.js';

/**
 * The help of `cotizador serve`, in `lang`: its environment's table made from the settings' list.
 *
 * @example
 * ```ts
 * serveHelp('en').includes('COTIZADOR_REQUEST_TIMEOUT_MS'); // true
 * ```
 */
export function serveHelp(lang: Lang = 'es'): string {
  const settings = SERVE_SETTINGS.flatMap((s) => (s.help === undefined ? [] : [`  ${s.env.padEnd(35)}${helpText(s.help, lang)}`]));
  return helpText('serve', lang, {
    rateLimit: `${SERVE_RATE_LIMIT.capacity}/${SERVE_RATE_LIMIT.refillPerSecond}`,
    settings: settings.join('\n'),
  });
}

/**
 * A log line: the entry, with the time; never a header, a token or a body. The same text as
 * `JSON.stringify({ time, ...entry })`, written without building the object.
 */
function logLine(entry: RequestLogEntry): string {
  const folio = entry.folio === undefined ? '' : `,"folio":${JSON.stringify(entry.folio)}`;
  return `{"time":"${new Date().toISOString()}","method":${JSON.stringify(entry.method)},"path":${JSON.stringify(entry.path)},"status":${entry.status},"ms":${entry.ms}${folio}}\n`;
}

/** Lines held before a write, at most (characters). */
const LOG_BATCH_CHARS = 64 * 1024;

/**
 * The request log on `stdout`, one write per turn of the event loop instead of one per request
 * (a write to a pipe or a file is a system call): the lines of the requests answered in one turn
 * are written together when the turn ends (`setImmediate`), or at once past `LOG_BATCH_CHARS`.
 * `flush()` writes what is held.
 */
function requestLog(stdout: NodeJS.WritableStream): { readonly log: (entry: RequestLogEntry) => void; readonly flush: () => void } {
  let held = '';
  const flush = () => {
    if (held === '') return;
    const text = held;
    held = '';
    stdout.write(text);
  };
  return {
    log(entry) {
      if (held === '') setImmediate(flush);
      held += logLine(entry);
      if (held.length >= LOG_BATCH_CHARS) flush();
    },
    flush,
  };
}

/** The configuration error of a `QuoteError` the library threw for a setting (exit 2). */
function settingError(error: unknown): unknown {
  if (!isQuoteError(error)) return error;
  return new CliError((l) => cliText('configuracion', l, { detail: `${error.valorIncorrecto ?? ''}: ${localizedMessage(error, l)}` }), 2);
}

/**
 * The shared store the settings name (undefined: each limit keeps its default memory store), and
 * the service's limits put in it: the clients' rate limit and the failed authentications'.
 */
async function sharedLimits(
  setting: RateLimitStoreSetting,
  service: ServiceConfig,
  warn: (warning: ServiceWarning) => void,
): Promise<{ readonly store: RedisRateLimitStore | undefined; readonly service: ServiceConfig }> {
  if (setting.type === 'memory') return { store: undefined, service };
  let store: RedisRateLimitStore;
  try {
    store = await createRedisRateLimitStore({
      url: setting.url,
      keyPrefix: setting.keyPrefix,
      whenDown: setting.whenDown,
      onWarning: warn,
    });
  } catch (error) {
    throw settingError(error);
  }
  return {
    store,
    service: {
      ...service,
      rateLimit: service.rateLimit === undefined ? undefined : { ...service.rateLimit, store },
      authFailureLimit: service.authFailureLimit === false ? false : { ...service.authFailureLimit, store },
    },
  };
}

/** Where a Redis URL points, without its credentials (for the start-up line). */
function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * Runs `cotizador serve` until SIGTERM or SIGINT; resolves once the server has drained.
 *
 * @example
 * ```ts
 * await runServe(['--help']); // prints the usage (`await runServe(['--port', '8080'])` serves until SIGTERM)
 * ```
 */
export async function runServe(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const { stdout, stderr } = context;
  const lang = context.lang ?? 'es';
  const say = (id: CliMessageId, params?: Readonly<Record<string, string | number>>): string => cliText(id, lang, params);
  const { values, positionals } = parseCommand('serve', args, {
    port: { type: 'string' },
    host: { type: 'string' },
    config: { type: 'string' },
    dev: { type: 'boolean' },
    'no-log': { type: 'boolean' },
  });
  if (values.help === true) return void stdout.write(serveHelp(lang));
  if (positionals.length > 0) throw usageError('argumentoInesperado', { value: positionals[0] as string }, 'serve');
  const settings = loadServeSettings(
    {
      port: stringOption(values, 'port'),
      host: stringOption(values, 'host'),
      config: stringOption(values, 'config'),
      log: values['no-log'] !== true,
    },
    process.env,
  );
  let tokenSecret = settings.service.tokenSecret;
  if (settings.unsigned) {
    if (values.dev !== true) {
      throw new CliError(cliMessage('sinSecreto'), 2);
    }
    tokenSecret = randomBytes(32).toString('base64url');
    stderr.write(`cotizador serve: ${say('avisoDev')}\n`);
  }
  if (settings.service.clients.length === 0) stderr.write(`cotizador serve: ${say('avisoSinClientes')}\n`);

  let switches: ServiceSwitches = (settings.service.switches as ServiceSwitches | undefined) ?? {};
  const warn = (warning: ServiceWarning) => stderr.write(`cotizador serve: [${warning.code}] ${warning.message}\n`);
  const shared = await sharedLimits(settings.rateLimitStore, settings.service, warn);
  let service: ReturnType<typeof createService>;
  try {
    service = createService({ ...shared.service, tokenSecret, switches: () => switches });
  } catch (error) {
    await shared.store?.close();
    throw settingError(error);
  }
  const requests = requestLog(stdout);
  const server = createNodeServer(service, {
    keepAliveTimeoutMs: settings.keepAliveTimeoutMs,
    onResponse: settings.log ? requests.log : undefined,
  });
  // The static pages, in front of the service: the simulator at / and /simulador (docs/simulator.md).
  const simulator = simulatorDir();
  if (simulator === undefined) stderr.write(`cotizador serve: ${say('sinSimulador')}\n`);
  else withStaticSite(server, staticSite(simulator, SIMULATOR_ROUTES));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new CliError(cliMessage('noSePuedeEscuchar', { address: `${settings.host}:${settings.port}`, code: error.code ?? 'EIO' }))),
    );
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : settings.port;
  const limit = settings.service.rateLimit;
  const rate = limit === undefined ? 'off' : cliMessage('porCliente', { capacity: limit.capacity, refill: limit.refillPerSecond });
  const signing = settings.service.tokenKeys === undefined ? 'HS256' : 'RS256';
  stderr.write(`cotizador serve: ${cliText('escuchando', lang, { address: `${settings.host}:${port}`, signing, rate })}\n`);
  if (simulator !== undefined) stderr.write(`cotizador serve: ${say('simuladorEn', { address: `${settings.host}:${port}` })}\n`);
  if (settings.rateLimitStore.type === 'redis') {
    const where = redisAddress(settings.rateLimitStore.url);
    stderr.write(`cotizador serve: ${say('limitesEnRedis', { address: where, mode: settings.rateLimitStore.whenDown })}\n`);
  }

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      stderr.write(`cotizador serve: ${signal}: ${say('vaciando')}\n`);
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      process.off('SIGHUP', onHup);
      void shutdownNodeServer(server, settings.shutdownGraceMs).then(async () => {
        await shared.store?.close();
        requests.flush();
        stderr.write(`cotizador serve: ${say('detenido')}\n`);
        resolve();
      });
    };
    const onTerm = () => stop('SIGTERM');
    const onInt = () => stop('SIGINT');
    const onHup = () => {
      if (settings.configFile === undefined) return;
      try {
        switches = readSwitches(settings.configFile);
        stderr.write(`cotizador serve: SIGHUP: ${say('interruptores', { switches: JSON.stringify(switches) })}\n`);
      } catch (error) {
        const reason = error instanceof CliError ? error.render(lang) : (error as Error).message;
        stderr.write(`cotizador serve: SIGHUP: ${say('interruptoresConservados', { reason })}\n`);
      }
    };
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
    process.on('SIGHUP', onHup);
  });
}
