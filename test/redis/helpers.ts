/**
 * The real-Redis suite's helpers: the Redis `.ci/run` (or scripts/with-redis.mjs) started, named by
 * `COTIZADOR_TEST_REDIS_URL` (the suite fails at once without it); a client to look inside; a key
 * prefix of each test's own; a private redis-server to stop and start again; and `cotizador serve`
 * processes from the CLI bundle. All traffic stays on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createClient } from '@redis/client';
import { afterAll, afterEach, inject } from 'vitest';

/** The suite's Redis. */
export const REDIS_URL = (() => {
  const url = process.env['COTIZADOR_TEST_REDIS_URL'];
  if (url === undefined || !/^redis:\/\/127\.0\.0\.1:\d+/.test(url))
    throw new Error('COTIZADOR_TEST_REDIS_URL must name a redis-server on 127.0.0.1 (node scripts/with-redis.mjs runs the suite with one)');
  return url;
})();

export const SECRET = 'redis suite signing secret of at least 32 bytes';
export const CLIENTS = JSON.stringify([{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] }]);
export const BASIC = `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`;

let prefixes = 0;
/** A key prefix no other test uses. */
export function freshPrefix(): string {
  return `cotizador-test:${process.pid}:${++prefixes}:`;
}

/** A client of the suite's Redis, to look inside (closed after the file). */
export async function inspector() {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  afterAll(() => client.close());
  return client;
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Waits (at most `ms`) until `ready` holds. */
export async function until(ready: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  for (const start = Date.now(); !(await ready()); ) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A redis-server of the test's own on `port` (stopped with `stop()`, or after the test). */
export async function privateRedis(port: number): Promise<{ stop(): Promise<void> }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  children.push(child);
  const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  await until(async () => {
    try {
      await client.connect();
      await client.close();
      return true;
    } catch {
      return false;
    }
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A running `cotizador serve`. */
export interface Serving {
  readonly base: string;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** Starts `cotizador serve --port 0` from the CLI bundle with `env` and waits for its "listening" line. */
export function serve(env: Record<string, string>, args: string[] = []): Promise<Serving> {
  const child = spawn(process.execPath, [inject('cliBundle'), 'serve', '--port', '0', '--no-log', ...args], {
    env: { ...process.env, COTIZADOR_LANG: 'en', COTIZADOR_CLIENTS: CLIENTS, COTIZADOR_TOKEN_SECRET: SECRET, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (match !== null) {
        clearTimeout(timer);
        resolve({
          base: match[1] as string,
          stderr: () => err,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code}: ${err}`));
    });
  });
}

/** A token request with Basic credentials. */
export function tokenRequest(base: string, authorization = BASIC): Promise<Response> {
  return fetch(`${base}/api/esb/ValidaCredenciales/accesstoken`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: 'grant_type=client_credentials&scope=update%20read',
  });
}
