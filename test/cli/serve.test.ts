/**
 * `cotizador serve` as a process (the CLI bundle that test/cli/bundle.ts builds once per run, as
 * the Redis suite runs it, not the sources through tsx at every start), on 127.0.0.1 with a free
 * port: configuration from a file, the environment and flags, refusing to start unsigned without
 * --dev, the request log, the rate limit it turns on, SIGHUP switches and the graceful shutdown
 * on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';

const SECRET = 'serve test secret of at least 32 bytes';
const CLIENTS = JSON.stringify([{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] }]);
const BASIC = `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`;

interface Running {
  readonly child: ChildProcess;
  readonly base: string;
  stdout(): string;
  stderr(): string;
  exit(): Promise<number | null>;
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `cotizador serve --port 0 …` and waits (at most 20 s) for its "listening" line. */
function serve(args: string[], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [inject('cliBundle'), 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /(?:escuchando en|listening on) (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, base: match[1] as string, stdout: () => out, stderr: () => err, exit: () => exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`serve exited ${code}: ${err}`), { code, stderr: err }));
    });
  });
}

/** Waits (at most 10 s) until `ready` holds: for what the server says once it has done it. */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 10_000) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function token(base: string, scope = 'update'): Promise<string> {
  const res = await fetch(`${base}/api/esb/ValidaCredenciales/accesstoken`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=${scope}`,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const CREDIT = JSON.stringify({ solicitud: { montoSolicitado: '100000.00', valorFactura: '150000.00', plazo: 12, tasa: '12.00' } });

describe('cotizador serve', () => {
  it('refuses to start without a signing secret or key unless --dev, which says so loudly', async () => {
    const refused = await serve([], { COTIZADOR_CLIENTS: CLIENTS }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toMatch(/no hay secreto ni llave de firma/);

    const dev = await serve(['--dev'], { COTIZADOR_CLIENTS: CLIENTS });
    expect(dev.stderr()).toMatch(/AVISO --dev: .*no sobreviven a un reinicio/);
    expect((await fetch(`${dev.base}/health`)).status).toBe(200);
    dev.child.kill('SIGTERM');
    expect(await dev.exit()).toBe(0);
  });

  it('serves the interface from environment settings; one JSON log line per request, no secrets; SIGTERM drains and exits 0', async () => {
    const s = await serve([], { COTIZADOR_CLIENTS: CLIENTS, COTIZADOR_TOKEN_SECRET: SECRET });
    const bearer = await token(s.base);
    const quote = await fetch(`${s.base}/api/esb/Cotizador/v1/AutoEstrene`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'accept-language': 'en_US' },
      body: CREDIT,
    });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { mensaje: string }).mensaje).toBe('Successful operation');
    expect((await fetch(`${s.base}/openapi.json`)).status).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer.
    const slow = fetch(`${s.base}/api/esb/Cotizador/v1/AutoEstrene`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(CREDIT.slice(0, 10)));
          await new Promise((resolve) => setTimeout(resolve, 400));
          controller.enqueue(new TextEncoder().encode(CREDIT.slice(10)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 150));
    s.child.kill('SIGTERM');
    expect((await slow).status).toBe(200);
    expect(await s.exit()).toBe(0);
    expect(s.stderr()).toMatch(/SIGTERM: vaciando/);

    const lines = s
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line['method'], line['path'], line['status']])).toEqual([
      ['POST', '/api/esb/ValidaCredenciales/accesstoken', 200],
      ['POST', '/api/esb/Cotizador/v1/AutoEstrene', 200],
      ['GET', '/openapi.json', 200],
      ['POST', '/api/esb/Cotizador/v1/AutoEstrene', 200],
    ]);
    // pino's shape: level, time (epoch ms), pid, hostname, the request id (the folio), msg.
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual([
        'durationMs',
        'hostname',
        'level',
        'method',
        'msg',
        'outcome',
        'path',
        'pid',
        'reqId',
        'route',
        'status',
        'time',
      ]);
      expect([line['level'], line['msg'], line['pid']]).toEqual([30, 'request completed', s.child.pid]);
      expect(typeof line['durationMs']).toBe('number');
      expect(Math.abs((line['time'] as number) - Date.now())).toBeLessThan(60_000);
    }
    expect(lines.map((line) => line['route'])).toEqual(['token', 'autoEstrene', 'openApi', 'autoEstrene']);
    expect(s.stdout()).not.toContain(bearer.slice(0, 20));
    expect(s.stdout()).not.toContain(SECRET);
    expect(s.stdout()).not.toContain('s3cret');
  });

  it('logs a full run through every route with real credentials without a token, a secret or a body; /metrics counts it; /ready', async () => {
    const s = await serve(['--metrics'], { COTIZADOR_CLIENTS: CLIENTS, COTIZADOR_TOKEN_SECRET: SECRET, COTIZADOR_RATE_LIMIT: '100/1' });
    await until(() => s.stderr().includes(`${s.base}/metrics`));
    const bearer = await token(s.base, 'update read');
    const auth = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const form = await fetch(`${s.base}/open-banking/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=app&client_secret=s3cret-value&scope=read',
    });
    expect(form.status).toBe(200);
    const formToken = ((await form.json()) as { access_token: string }).access_token;
    const marker = '100003.00';
    const calls: [string, RequestInit | undefined, number][] = [
      ['/api/esb/Cotizador/v1/AutoEstrene', { method: 'POST', headers: auth, body: CREDIT.replace('100000.00', marker) }, 200],
      [
        '/api/esb/Cotizador/v1/SegAutoVendor',
        {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            solicitud: {
              cveEntidadFederativa: 9,
              idTipoUnidad: 1,
              idUsoAutomovil: 1,
              idClaveVehiculo: 1001,
              modelo: 2025,
              idAgencia: 10,
              montoSumaAsegurada: '350000.00',
              enganche: '70000.00',
              plazoFinanciado: 36,
              codigoPostal: '03100',
            },
          }),
        },
        200,
      ],
      [
        '/api/esb/ServiciosContribuyentes/obtenerDocumento',
        { method: 'POST', headers: auth, body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}' },
        200,
      ],
      ['/open-banking/open-data/v2/atms', { headers: { authorization: `Bearer ${formToken}` } }, 200],
      ['/open-banking/open-data/v2/atms/api-version', { headers: { authorization: `Bearer ${formToken}` } }, 200],
      ['/openapi.json', undefined, 200],
      ['/.well-known/jwks.json', undefined, 200],
      ['/health?token=query-secret', undefined, 200],
      ['/ready', undefined, 200],
      [
        '/api/esb/Cotizador/v1/AutoEstrene',
        { method: 'POST', headers: { ...auth, authorization: `Bearer ${bearer}x` }, body: CREDIT },
        401,
      ],
    ];
    for (const [path, init, status] of calls) expect((await fetch(`${s.base}${path}`, init)).status, path).toBe(status);
    const metrics = await fetch(`${s.base}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toContain('cotizador_http_requests_total{route="autoEstrene",method="POST",status="200"} 1');
    expect(text).toContain('cotizador_http_requests_total{route="autoEstrene",method="POST",status="401"} 1');
    expect(text).toContain('cotizador_http_requests_total{route="atmList",method="GET",status="200"} 1');
    expect(text).toMatch(
      /cotizador_http_request_duration_seconds_bucket\{le="\+Inf",route="obtenerDocumento",method="POST",status="200"\} 1/,
    );
    expect(text).toContain('cotizador_pool_queue_depth 0');
    expect(text).toContain('cotizador_draining 0');
    expect(text).toContain('process_cpu_user_seconds_total');
    s.child.kill('SIGTERM');
    expect(await s.exit()).toBe(0);

    const log = s.stdout();
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line['route'])).toEqual([
      'token',
      'atmToken',
      'autoEstrene',
      'segAutoVendor',
      'obtenerDocumento',
      'atmList',
      'atmApiVersion',
      'openApi',
      'jwks',
      'health',
      'ready',
      'autoEstrene',
      'unknown',
    ]);
    expect(lines.every((line) => typeof line['reqId'] === 'string' && line['reqId'] !== '')).toBe(true);
    const basic = BASIC.slice('Basic '.length);
    for (const secret of [
      bearer,
      bearer.split('.')[2] as string,
      formToken,
      SECRET,
      's3cret',
      basic,
      marker,
      'query-secret',
      'lineaCaptura',
      '0124ABCD',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('--dev without clients creates a demo client and prints curl lines that work as pasted', async () => {
    const s = await serve(['--dev', '--metrics-port', '0']);
    await until(() => s.stderr().includes('/AutoEstrene'));
    const lines = s
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^TOKEN=\$\(curl -s -u 'demo:[A-Za-z0-9_-]{32}' /);
    const quote = spawnSync('bash', ['-c', lines.join('\n')], { encoding: 'utf8', timeout: 20_000 });
    expect(quote.status).toBe(0);
    expect((JSON.parse(quote.stdout) as { status: number }).status).toBe(200);
    // The metrics on their own port, not on the public one.
    const where = /(http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(s.stderr())?.[1] as string;
    expect(where).not.toContain(s.base);
    expect(await (await fetch(where)).text()).toContain('cotizador_http_requests_total{route="autoEstrene",method="POST",status="200"} 1');
    expect((await fetch(`${s.base}/metrics`)).status).toBe(400);
    s.child.kill('SIGTERM');
    expect(await s.exit()).toBe(0);
  });

  it('takes a configuration file (RS256 keys from files, switches, a rate limit) and re-reads its switches on SIGHUP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cotizador-serve-'));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'signing.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const config = (off: string[]) => ({
      clients: JSON.parse(CLIENTS) as unknown,
      tokenKeys: [{ kid: 'k2026', privateKeyFile: 'signing.pem' }],
      rateLimit: { capacity: 3, refillPerSecond: 0.01 },
      switches: { off },
      requestTimeoutMs: 5000,
    });
    const file = join(dir, 'cotizador.json');
    writeFileSync(file, JSON.stringify(config([])));
    const s = await serve(['--config', file, '--no-log']);
    expect(s.stderr()).toMatch(/RS256, rate limit 3\/0.01 por cliente/);
    const jwks = (await (await fetch(`${s.base}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(['k2026']);

    const bearer = await token(s.base);
    const call = () =>
      fetch(`${s.base}/api/esb/Cotizador/v1/AutoEstrene`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: CREDIT,
      });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    writeFileSync(file, JSON.stringify(config(['atm'])));
    s.child.kill('SIGHUP');
    await until(() => s.stderr().includes('SIGHUP: interruptores {"off":["atm"]}'));
    const atm = await fetch(`${s.base}/open-banking/open-data/v2/atms`);
    expect(atm.status).toBe(503);
    expect(s.stdout()).toBe('');
    s.child.kill('SIGINT');
    expect(await s.exit()).toBe(0);
  });

  it("the Dockerfile: Node 20 slim, a non-root user, the package's own command and peers, a health check that works", async () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      bin: { cotizador: string };
      peerDependencies: Record<string, string>;
    };
    expect(dockerfile.match(/^FROM .*/gm)).toEqual(['FROM node:20-slim AS build', 'FROM node:20-slim']);
    const lines = dockerfile.split('\n');
    const user = lines.findIndex((line) => /^USER /.test(line));
    expect(lines[user]).toBe('USER node');
    expect(user).toBeLessThan(lines.findIndex((line) => line.startsWith('ENTRYPOINT')));
    const entry = JSON.parse(/^ENTRYPOINT (.*)$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(entry).toEqual(['node', `/app/node_modules/cotizador/${pkg.bin.cotizador.replace('./', '')}`, 'serve']);
    // Every optional peer is in the image (metrics, Redis, receipts).
    const install = /RUN npm install [^\n]*\n[^\n]*/.exec(dockerfile)?.[0] ?? '';
    for (const peer of Object.keys(pkg.peerDependencies)) expect(install, peer).toContain(` ${peer}@`);
    // The health check, run as Docker would, against a real server and after it stopped.
    const check = JSON.parse(/HEALTHCHECK [^\n]*\\\n\s+CMD (.*)$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(check[0]).toBe('node');
    const s = await serve([], { COTIZADOR_CLIENTS: CLIENTS, COTIZADOR_TOKEN_SECRET: SECRET });
    const port = new URL(s.base).port;
    const probe = () =>
      spawnSync(process.execPath, check.slice(1), { env: { ...process.env, COTIZADOR_PORT: port }, timeout: 10_000 }).status;
    expect(probe()).toBe(0);
    s.child.kill('SIGTERM');
    expect(await s.exit()).toBe(0);
    expect(probe()).toBe(1);
  });

  it('a second signal during the drain: SIGHUP keeps re-reading switches, SIGINT answers what is owed with 503 and exits 0', async () => {
    const s = await serve([], {
      COTIZADOR_CLIENTS: CLIENTS,
      COTIZADOR_TOKEN_SECRET: SECRET,
      COTIZADOR_SHUTDOWN_GRACE_MS: '600000',
      COTIZADOR_WORKER_THREADS: '1',
      COTIZADOR_MAX_CONNECTIONS_PER_ADDRESS: '50',
    });
    const bearer = await token(s.base);
    // A body that never finishes: only the end of the grace answers it.
    const { port } = new URL(s.base);
    const socket = connect(Number(port), '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/esb/Cotizador/v1/AutoEstrene HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bearer}\r\nContent-Type: application/json\r\nContent-Length: ${CREDIT.length}\r\n\r\n${CREDIT.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    s.child.kill('SIGTERM');
    await until(() => s.stderr().includes('SIGTERM: vaciando'));
    s.child.kill('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.child.exitCode).toBeNull();
    expect(raw).toBe('');
    s.child.kill('SIGINT');
    await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw).toContain('"codigoError":"ERRSER003"');
    expect(raw).toContain('Connection: close');
    expect(await s.exit()).toBe(0);
    expect(s.stderr()).toMatch(/SIGINT: segunda se\u00f1al: lo pendiente recibe 503/);
  });

  it('names a bad setting and exits 2', async () => {
    const error = await serve([], { COTIZADOR_CLIENTS: CLIENTS, COTIZADOR_TOKEN_SECRET: 'short' }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toMatch(/config\.tokenSecret/);
  });
});
