/**
 * `cotizador serve`: the whole interface on node:http (no HTTP dependency), heavy work on a pool
 * of worker threads, one JSON log line per request on stdout in pino's shape, metrics on demand,
 * `--dev`'s demo client (`serveObserve.ts`), graceful shutdown on SIGTERM and SIGINT (a second one
 * cuts the grace to zero), switches re-read on SIGHUP (also while draining).
 */
import { randomBytes } from 'node:crypto';
import {
  createNodeServer,
  createRedisRateLimitStore,
  createWorkerPool,
  shutdownNodeServer,
  withApiConsole,
  SIMULATOR_ROUTES,
  staticSite,
  withStaticSite,
  type RedisRateLimitStore,
  type WorkerPool,
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
import { leaveRunScope } from '../runScope.js';
import { CliError, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { cliMessage, cliText, type CliMessageId } from '../messages.js';
import { loadServeSettings, readSwitches, SERVE_RATE_LIMIT, SERVE_SETTINGS } from '../serveConfig.js';
import type { RateLimitStoreSetting } from '../serveLimits.js';
import { devClient, localBase, observing, tryLines } from '../serveObserve.js';
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
  // A server writes no file and reads no run: no promise of its requests pays for the runs' scope.
  leaveRunScope();
  const { stdout, stderr } = context;
  const lang = context.lang ?? 'es';
  const say = (id: CliMessageId, params?: Readonly<Record<string, string | number>>): string => cliText(id, lang, params);
  const { values, positionals } = parseCommand('serve', args, {
    port: { type: 'string' },
    host: { type: 'string' },
    config: { type: 'string' },
    dev: { type: 'boolean' },
    'no-log': { type: 'boolean' },
    metrics: { type: 'boolean' },
    'metrics-port': { type: 'string' },
  });
  if (values.help === true) return void stdout.write(serveHelp(lang));
  if (positionals.length > 0) throw usageError('argumentoInesperado', { value: positionals[0] as string }, 'serve');
  const settings = loadServeSettings(
    {
      port: stringOption(values, 'port'),
      host: stringOption(values, 'host'),
      config: stringOption(values, 'config'),
      log: values['no-log'] !== true,
      metrics: values.metrics === true,
      metricsPort: stringOption(values, 'metrics-port'),
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
  // --dev without clients: a demo client, so the server can be tried at once (its curl lines follow the start).
  const demo = values.dev === true && settings.service.clients.length === 0 ? devClient() : undefined;
  if (settings.service.clients.length === 0 && demo === undefined) stderr.write(`cotizador serve: ${say('avisoSinClientes')}\n`);

  let switches: ServiceSwitches = (settings.service.switches as ServiceSwitches | undefined) ?? {};
  const warn = (warning: ServiceWarning) => stderr.write(`cotizador serve: [${warning.code}] ${warning.message}\n`);
  const shared = await sharedLimits(settings.rateLimitStore, settings.service, warn);
  let service: ReturnType<typeof createService>;
  // Receipts and large bodies on worker threads (started on the first such request); 0: on the main thread.
  const pool: WorkerPool | undefined =
    settings.workerThreads === 0 ? undefined : createWorkerPool({ threads: settings.workerThreads, queue: settings.workerQueue });
  // Read by /ready and the metrics; set by the first SIGTERM or SIGINT.
  let draining = false;
  const observe = await observing(settings.observe, stdout, { draining: () => draining, queueDepth: () => pool?.waiting ?? 0 });
  try {
    service = createService({
      ...shared.service,
      ...observe.config,
      clients: demo === undefined ? shared.service.clients : [demo],
      tokenSecret,
      switches: () => switches,
      executor: pool,
      receiptCacheBytes: settings.receiptCacheBytes,
      heavyPerClient: settings.heavyPerClient,
      heavyPerSecond: settings.heavyPerSecond,
    });
  } catch (error) {
    await pool?.close();
    await shared.store?.close();
    throw settingError(error);
  }
  // The API console at /docs (src/node/apiConsole.ts) in front of the interface.
  const server = createNodeServer(withApiConsole(service), {
    keepAliveTimeoutMs: settings.keepAliveTimeoutMs,
    maxConnections: settings.maxConnections,
    maxConnectionsPerAddress: settings.maxConnectionsPerAddress,
    maxBodiesInFlight: settings.maxBodiesInFlight,
  });
  // The static pages, in front of the service: the simulator at / and /simulador (docs/simulator.md).
  const simulator = simulatorDir();
  if (simulator === undefined) stderr.write(`cotizador serve: ${say('sinSimulador')}\n`);
  else withStaticSite(server, staticSite(simulator, SIMULATOR_ROUTES));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(new CliError(cliMessage('noSePuedeEscuchar', { address: `${settings.host}:${settings.port}`, code: error.code ?? 'EIO' }))),
      );
      server.listen(settings.port, settings.host, () => resolve());
    });
  } catch (error) {
    await pool?.close();
    await shared.store?.close();
    throw error;
  }
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
  const metricsServer = observe.metricsServer;
  if (metricsServer !== undefined) {
    const metricsPort = settings.observe.metricsPort ?? 0;
    await new Promise<void>((resolve, reject) => {
      metricsServer.once('error', (error: NodeJS.ErrnoException) =>
        reject(new CliError(cliMessage('noSePuedeEscuchar', { address: `${settings.host}:${metricsPort}`, code: error.code ?? 'EIO' }))),
      );
      metricsServer.listen(metricsPort, settings.host, () => resolve());
    });
    const bound = metricsServer.address();
    const url = `${localBase(settings.host, typeof bound === 'object' && bound !== null ? bound.port : metricsPort)}/metrics`;
    stderr.write(`cotizador serve: ${cliText('metricasEn', lang, { url })}\n`);
  } else if (settings.observe.metrics)
    stderr.write(`cotizador serve: ${cliText('metricasEn', lang, { url: `${localBase(settings.host, port)}/metrics` })}\n`);
  if (demo !== undefined) {
    const lines = tryLines(localBase(settings.host, port), demo).map((line) => `  ${line}\n`);
    stderr.write(`cotizador serve: ${say('demoCliente', { client: demo.clientId })}\n${lines.join('')}`);
  }

  await new Promise<void>((resolve) => {
    // The listeners stay until the end: without one, a second signal would kill the process at once.
    const stop = (signal: string) => {
      if (draining) {
        // A second signal: what is still owed is answered 503 now, then the connections close.
        stderr.write(`cotizador serve: ${signal}: ${say('apurando')}\n`);
        void shutdownNodeServer(server, 0);
        return;
      }
      draining = true;
      stderr.write(`cotizador serve: ${signal}: ${say('vaciando')}\n`);
      void shutdownNodeServer(server, settings.shutdownGraceMs)
        .then(() => pool?.close())
        .then(async () => {
          process.off('SIGTERM', onTerm);
          process.off('SIGINT', onInt);
          process.off('SIGHUP', onHup);
          await shared.store?.close();
          metricsServer?.close();
          metricsServer?.closeAllConnections();
          observe.flush();
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
