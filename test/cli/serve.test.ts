/**
 * `cotizador serve` as a process (run from the sources with tsx, so no build is needed), on
 * 127.0.0.1 with a free port: configuration from a file, the environment and flags, refusing to
 * start unsigned without --dev, the request log, the rate limit it turns on, SIGHUP switches
 * and the graceful shutdown on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--port', '0', ...args], {
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
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['folio', 'method', 'ms', 'path', 'status', 'time']);
      expect(typeof line['ms']).toBe('number');
    }
    expect(s.stdout()).not.toContain(bearer.slice(0, 20));
    expect(s.stdout()).not.toContain(SECRET);
    expect(s.stdout()).not.toContain('s3cret');
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

  it('names a bad setting and exits 2', async () => {
    const error = await serve([], { COTIZADOR_CLIENTS: CLIENTS, COTIZADOR_TOKEN_SECRET: 'short' }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toMatch(/config\.tokenSecret/);
  });
});
