/**
 * `cotizador serve`: the whole interface on node:http (no HTTP dependency), one JSON log line
 * per request on stdout, graceful shutdown on SIGTERM and SIGINT, switches re-read on SIGHUP.
 */
import { randomBytes } from 'node:crypto';
import {
  createNodeServer,
  createService,
  isQuoteError,
  localizedMessage,
  shutdownNodeServer,
  type RequestLogEntry,
  type ServiceSwitches,
} from '../../entry/service.js';
import { parseCommand, stringOption } from '../args.js';
import { processContext, type CliContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import type { Help } from '../help.js';
import { cliMessage, cliText, type CliMessageId } from '../messages.js';
import { loadServeSettings, readSwitches, SERVE_RATE_LIMIT, SERVE_SETTINGS } from '../serveConfig.js';

const SETTING_MEANINGS_ES: Readonly<Record<string, string>> = {
  tokenTtlSeconds: 'vida del token de acceso (3600)',
  tokenIssuer: 'iss de los tokens (cotizador)',
  tokenAudience: 'aud de los tokens (cotizador-api)',
  clockSkewSeconds: 'tolerancia del reloj en nbf/iat/exp (30)',
  helpUrl: 'base de detalles.enlace',
  maxHeaderBytes: 'encabezados más grandes reciben 431 (8192)',
  maxBodyBytes: 'cuerpos JSON más grandes reciben 400 (1048576)',
  maxFormBytes: 'formularios de token más grandes reciben 400 (4096)',
  maxFormFields: 'formularios de token con más campos reciben 400 (8)',
  requestTimeoutMs: 'encabezados y cuerpo deben llegar en (30000)',
  atmsPublic: 'la API de cajeros no pide token (false)',
  keepAliveTimeoutMs: 'las conexiones keep-alive ociosas se cierran tras (5000)',
  shutdownGraceMs: 'las peticiones en curso tienen este tiempo tras SIGTERM (10000)',
};

export const SERVE_HELP: Help = {
  es: `Uso: cotizador serve [--port N] [--host DIRECCIÓN] [--config ARCHIVO.json] [--dev] [--no-log]

Sirve toda la interfaz (URLs de token, cotizador, documentos del contribuyente, datos
abiertos de cajeros) y /openapi.json, /.well-known/jwks.json y /health sobre node:http.

Opciones:
  --port N          puerto TCP (por omisión 8080; 0 elige uno libre)
  --host DIRECCIÓN  dirección donde escuchar (por omisión 127.0.0.1; 0.0.0.0 para todas)
  --config ARCHIVO  configuración en JSON (docs/server.md muestra su formato)
  --dev             arranca sin secreto ni llave de firma: los tokens se firman con un
                    secreto aleatorio de este proceso y dejan de servir al reiniciar
  --no-log          sin bitácora de peticiones
  --lang es|en      idioma de la ayuda, los mensajes y los errores
  -h, --help        esta ayuda

Cada ajuste viene, de menor a mayor precedencia, de su valor por omisión, el archivo de
configuración, el entorno y la línea de comandos. Entorno:
  COTIZADOR_CONFIG                   el archivo de configuración (como --config)
  COTIZADOR_CLIENTS                  JSON: [{"clientId":…,"clientSecret":…,"scopes":["update","read"]}]
  COTIZADOR_TOKEN_SECRET             secreto HS256 (≥ 32 bytes) que firma los tokens
  COTIZADOR_PREVIOUS_TOKEN_SECRETS   lista JSON de secretos anteriores aún aceptados (rotación)
  COTIZADOR_TOKEN_KEY, _KEY_FILE     llave privada RS256 (texto PEM o archivo), en vez de un secreto
  COTIZADOR_TOKEN_KEY_ID             su kid (por omisión: la huella RFC 7638 de la llave)
  COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES  archivos PEM, separados por comas, de llaves públicas anteriores
  COTIZADOR_RATE_LIMIT               CAPACIDAD/POR_SEGUNDO por cliente, u off (por omisión ${SERVE_RATE_LIMIT.capacity}/${SERVE_RATE_LIMIT.refillPerSecond})
  COTIZADOR_SWITCHES_OFF             all, o las APIs apagadas: token,quoter,taxpayer,atm
  COTIZADOR_BANK_OFFLINE             true: toda API responde 503 ERRSER003
  COTIZADOR_ATMS_FILE                el conjunto de datos de cajeros a servir (JSON)
${SERVE_SETTINGS.filter((s) => s.key !== 'port' && s.key !== 'host')
  .map((s) => `  ${s.env.padEnd(35)}${SETTING_MEANINGS_ES[s.key] ?? s.meaning}`)
  .join('\n')}

Señales: SIGTERM y SIGINT dejan de aceptar conexiones, dejan terminar las peticiones en curso
y salen con 0; SIGHUP vuelve a leer los interruptores del archivo de configuración.
`,
  en: `Usage: cotizador serve [--port N] [--host ADDR] [--config FILE.json] [--dev] [--no-log]

Serves the whole interface (token URLs, quoter, taxpayer documents, ATM open data) and
/openapi.json, /.well-known/jwks.json and /health on node:http.

Options:
  --port N          TCP port (default 8080; 0 picks a free one)
  --host ADDR       address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --config FILE     JSON configuration (docs/server.md shows its format)
  --dev             start without a signing secret or key: tokens are signed with a random
                    secret of this process and stop working after a restart
  --no-log          no request log
  --lang es|en      language of help, messages and errors
  -h, --help        this help

Every setting comes, by increasing precedence, from its default, the configuration file, the
environment and the command line. Environment:
  COTIZADOR_CONFIG                   the configuration file (like --config)
  COTIZADOR_CLIENTS                  JSON: [{"clientId":…,"clientSecret":…,"scopes":["update","read"]}]
  COTIZADOR_TOKEN_SECRET             HS256 secret (≥ 32 bytes) that signs the tokens
  COTIZADOR_PREVIOUS_TOKEN_SECRETS   JSON list of earlier secrets still accepted (rotation)
  COTIZADOR_TOKEN_KEY, _KEY_FILE     RS256 private key (PEM text or file), instead of a secret
  COTIZADOR_TOKEN_KEY_ID             its kid (default: the key's RFC 7638 thumbprint)
  COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES  comma-separated PEM files of earlier public keys
  COTIZADOR_RATE_LIMIT               CAPACITY/PER_SECOND per client, or off (default ${SERVE_RATE_LIMIT.capacity}/${SERVE_RATE_LIMIT.refillPerSecond})
  COTIZADOR_SWITCHES_OFF             all, or APIs switched off: token,quoter,taxpayer,atm
  COTIZADOR_BANK_OFFLINE             true: every API answers 503 ERRSER003
  COTIZADOR_ATMS_FILE                the ATM data set to serve (JSON)
${SERVE_SETTINGS.filter((s) => s.key !== 'port' && s.key !== 'host')
  .map((s) => `  ${s.env.padEnd(35)}${s.meaning}`)
  .join('\n')}

Signals: SIGTERM and SIGINT stop accepting connections, let requests in flight finish and
exit 0; SIGHUP re-reads the configuration file's switches.
`,
};

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
  if (values.help === true) return void stdout.write(SERVE_HELP[lang]);
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
  let service: ReturnType<typeof createService>;
  try {
    service = createService({ ...settings.service, tokenSecret, switches: () => switches });
  } catch (error) {
    if (isQuoteError(error)) {
      throw new CliError(
        (l) => cliText('configuracion', l, { detail: `${error.valorIncorrecto ?? ''}: ${localizedMessage(error, l)}` }),
        2,
      );
    }
    throw error;
  }
  const requests = requestLog(stdout);
  const server = createNodeServer(service, {
    keepAliveTimeoutMs: settings.keepAliveTimeoutMs,
    onResponse: settings.log ? requests.log : undefined,
  });
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

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      stderr.write(`cotizador serve: ${signal}: ${say('vaciando')}\n`);
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      process.off('SIGHUP', onHup);
      void shutdownNodeServer(server, settings.shutdownGraceMs).then(() => {
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
