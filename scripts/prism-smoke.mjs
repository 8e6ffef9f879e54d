/**
 * The OpenAPI contract checked on the wire: `cotizador serve` (the built `dist/cli.js`) on a free
 * loopback port, Stoplight Prism's validating proxy in front of it in errors mode with the
 * committed `openapi.json`, and the smoke flows driven through the proxy: tokens, AutoEstrene with
 * its table, SegAutoVendor, the taxpayer document, the ATM list (GET, HEAD, 304) and its version,
 * and error answers the document declares (400, 401, 403, 406, the ATM API's 400 and 401); HEAD
 * straight to serve (its headers equal the GET's, no body, no `Content-Length: 0`). Prism checks
 * every request and every answer against the document; any violation it reports (an
 * `sl-violations` header, its own 422/500 problem answer, a warning or error line in its log) or
 * an unexpected status fails the run (exit 1). All traffic stays on 127.0.0.1.
 *
 *   npm run build && node scripts/prism-smoke.mjs
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
// The document to hold serve to: the committed one, or another given as the first argument (to see the check fail).
const DOCUMENT = process.argv[2] ?? fileURLToPath(new URL('../openapi.json', import.meta.url));
const HOST = '127.0.0.1';
const CLIENT = { clientId: 'smoke', clientSecret: 'smoke-secret-value-1234', scopes: ['update', 'read'] };
const READER = { clientId: 'reader', clientSecret: 'reader-secret-value-5678', scopes: ['read'] };

if (!existsSync(CLI)) {
  console.error('prism-smoke: dist/cli.js is missing; run `npm run build` first');
  process.exit(2);
}

/** A port nobody listens on now (the kernel's choice on 127.0.0.1). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const children = [];
/** Starts a child process, keeping its output for the report. */
function start(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { name, text: '' };
  child.stdout.on('data', (chunk) => {
    output.text += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output.text += chunk;
  });
  children.push({ child, output });
  return output;
}

/** Stops every child and waits for it: SIGTERM (serve drains within its 1 s grace), SIGKILL after 10 s. */
async function stopAll() {
  await Promise.all(
    children.map(({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
        child.kill('SIGTERM');
      });
    }),
  );
}

async function waitFor(url, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const failures = [];
let exchanges = 0;

/** One exchange through the proxy: the status expected, and no violation Prism reports. */
async function call(proxy, label, expected, path, init = {}) {
  exchanges++;
  const response = await fetch(`${proxy}${path}`, { redirect: 'manual', ...init });
  const body = await response.text();
  const violations = response.headers.get('sl-violations');
  const problems = [];
  if (violations !== null) problems.push(`sl-violations: ${violations}`);
  if (response.status !== expected) problems.push(`status ${response.status}, expected ${expected}: ${body.slice(0, 400)}`);
  if (problems.length > 0) failures.push(`${label}: ${problems.join('; ')}`);
  else console.log(`ok   ${label} (${response.status})`);
  return { response, body };
}

const form = (fields) => new URLSearchParams(fields).toString();
const basic = (client) => `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
const jsonPost = (token, body, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, ...headers },
  body: JSON.stringify(body),
});

async function flows(proxy) {
  const tokenUrl = '/api/esb/ValidaCredenciales/accesstoken';
  const tokenInit = (client, scope) => ({
    method: 'POST',
    headers: { authorization: basic(client), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form({ grant_type: 'client_credentials', scope }),
  });
  const issued = await call(proxy, 'token (Basic)', 200, tokenUrl, tokenInit(CLIENT, 'update'));
  const token = JSON.parse(issued.body).access_token;
  const readOnly = JSON.parse((await call(proxy, 'token with scope read', 200, tokenUrl, tokenInit(READER, 'read'))).body).access_token;
  await call(proxy, 'token, wrong secret (401)', 401, tokenUrl, tokenInit({ ...CLIENT, clientSecret: 'not-the-secret-value' }, 'update'));

  const credit = {
    solicitud: {
      montoSolicitado: '280000.00',
      tasa: '13.50',
      plazo: 12,
      periodicidad: 'M',
      comisiones: '2.00',
      valorFactura: '350000.00',
      generaTablaPagos: true,
    },
  };
  const auto = '/api/esb/Cotizador/v1/AutoEstrene';
  const quoted = await call(proxy, 'AutoEstrene with its table', 200, auto, jsonPost(token, credit));
  if (JSON.parse(quoted.body).resultado?.registros?.length !== 12) failures.push('AutoEstrene: the table does not have 12 rows');
  await call(proxy, 'AutoEstrene in English', 200, auto, jsonPost(token, credit, { 'accept-language': 'en_US' }));
  await call(
    proxy,
    'AutoEstrene business error (400)',
    400,
    auto,
    jsonPost(token, { solicitud: { ...credit.solicitud, montoSolicitado: '999999.00' } }),
  );
  await call(proxy, 'AutoEstrene, invalid token (401)', 401, auto, jsonPost('not-a-token', credit));
  await call(proxy, 'AutoEstrene, token without update (403)', 403, auto, jsonPost(readOnly, credit));
  await call(proxy, 'AutoEstrene, Accept text/html (406)', 406, auto, jsonPost(token, credit, { accept: 'text/html' }));

  const policy = {
    solicitud: {
      cveEntidadFederativa: 9,
      idTipoUnidad: 1,
      idUsoAutomovil: 1,
      idClaveVehiculo: 1001,
      modelo: 2025,
      idAgencia: 10,
      montoSumaAsegurada: '350000.00',
      enganche: '70000.00',
      plazoFinanciado: 12,
      codigoPostal: '03100',
    },
  };
  await call(proxy, 'SegAutoVendor', 200, '/api/esb/Cotizador/v1/SegAutoVendor', jsonPost(token, policy));

  const documento = '/api/esb/ServiciosContribuyentes/obtenerDocumento';
  await call(proxy, 'taxpayer document', 200, documento, jsonPost(token, { lineaCaptura: '0124ABCD5678EFGH9012' }));
  await call(proxy, 'taxpayer document, unknown line (400)', 400, documento, jsonPost(token, { lineaCaptura: '9999ZZZZ9999ZZZZ9999' }));

  const atmToken = JSON.parse(
    (
      await call(proxy, 'ATM token', 200, '/open-banking/oauth2/v1/token', {
        method: 'POST',
        headers: { authorization: basic(CLIENT), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form({ grant_type: 'client_credentials', scope: 'read' }),
      })
    ).body,
  ).access_token;
  const atms = '/open-banking/open-data/v2/atms';
  const bearer = { authorization: `Bearer ${atmToken}`, accept: 'application/json' };
  const list = await call(proxy, 'ATM list', 200, atms, { headers: bearer });
  const etag = list.response.headers.get('etag');
  if (etag === null) failures.push('ATM list: no Etag');
  await call(proxy, 'ATM list filtered', 200, `${atms}?service=ATBA&limit=3&lat=19.4326&lon=-99.1332`, { headers: bearer });
  await call(proxy, 'ATM list, If-None-Match (304)', 304, atms, { headers: { ...bearer, 'if-none-match': etag ?? '"x"' } });
  await call(proxy, 'ATM list, bad If-Modified-Since (400)', 400, atms, { headers: { ...bearer, 'if-modified-since': 'yesterday' } });
  await call(proxy, 'ATM list, invalid token (401)', 401, atms, { headers: { ...bearer, authorization: 'Bearer nope' } });
  await call(proxy, 'ATM API version', 200, `${atms}/api-version`, { headers: bearer });

  await call(proxy, 'health', 200, '/health');
  return bearer;
}

/**
 * HEAD, straight to serve: Prism parses a JSON body on every answer but a 204 whatever the
 * method (prism-http's parseResponse), so a HEAD answer with the GET's `Content-Type` cannot go
 * through it. Checked here instead: the GET's status and headers, no body, no `Content-Length: 0`.
 */
async function head(origin, headers) {
  for (const path of ['/open-banking/open-data/v2/atms', '/open-banking/open-data/v2/atms/api-version', '/health', '/openapi.json']) {
    exchanges++;
    const got = await fetch(`${origin}${path}`, { headers });
    await got.arrayBuffer();
    const headed = await fetch(`${origin}${path}`, { method: 'HEAD', headers });
    const body = await headed.text();
    const problems = [];
    const named = (response) =>
      [...response.headers].filter(([name]) => !['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name));
    if (headed.status !== got.status) problems.push(`status ${headed.status}, GET ${got.status}`);
    if (JSON.stringify(named(headed)) !== JSON.stringify(named(got))) {
      problems.push(`headers ${JSON.stringify(named(headed))} differ from GET's ${JSON.stringify(named(got))}`);
    }
    const length = headed.headers.get('content-length');
    if (length !== null && length !== got.headers.get('content-length'))
      problems.push(`Content-Length ${length}, GET's ${got.headers.get('content-length')}`);
    if (headed.headers.get('transfer-encoding') !== null) problems.push('Transfer-Encoding on a HEAD answer');
    if (body !== '') problems.push('a body');
    if (problems.length > 0) failures.push(`HEAD ${path}: ${problems.join('; ')}`);
    else console.log(`ok   HEAD ${path} (${headed.status}, the GET's headers${length === null ? ', no Content-Length' : ''})`);
  }
}

let code = 0;
try {
  const servePort = await freePort();
  const proxyPort = await freePort();
  const serve = start('serve', process.execPath, [CLI, 'serve', '--host', HOST, '--port', String(servePort), '--no-log'], {
    COTIZADOR_TOKEN_SECRET: 'prism smoke: a signing secret of at least 32 bytes, not a real one',
    COTIZADOR_CLIENTS: JSON.stringify([CLIENT, READER]),
    COTIZADOR_RATE_LIMIT: 'off',
    COTIZADOR_SHUTDOWN_GRACE_MS: '1000',
  });
  await waitFor(`http://${HOST}:${servePort}/health`, 'serve');
  const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const prism = start('prism', process.execPath, [
    prismCli,
    'proxy',
    DOCUMENT,
    `http://${HOST}:${servePort}`,
    '--host',
    HOST,
    '--port',
    String(proxyPort),
    '--errors',
  ]);
  await waitFor(`http://${HOST}:${proxyPort}/health`, 'prism');
  const bearer = await flows(`http://${HOST}:${proxyPort}`);
  await head(`http://${HOST}:${servePort}`, bearer);
  // Prism logs what it found too; a warning or an error there is a violation whatever the answer.
  const logged = prism.text.split('\n').filter((line) => /\b(warning|error|violation)\b/i.test(line) && !/^\s*$/.test(line));
  for (const line of logged) failures.push(`prism: ${line.trim()}`);
  if (serve.text.trim() !== '' && /error/i.test(serve.text)) console.log(`serve said:\n${serve.text}`);
  if (failures.length > 0) {
    console.error(`\nprism-smoke: ${failures.length} problem(s) in ${exchanges} exchanges:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    code = 1;
  } else console.log(`\nprism-smoke: ${exchanges} exchanges through Prism ${'(errors mode)'}, no violation`);
} catch (error) {
  console.error(`prism-smoke: ${error instanceof Error ? error.message : String(error)}`);
  for (const { output } of children) console.error(`--- ${output.name}:\n${output.text.slice(-4000)}`);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
