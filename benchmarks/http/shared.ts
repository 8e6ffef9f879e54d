/**
 * What the HTTP benchmarks share: the client, the legitimate request, a keep-alive load loop, a
 * child server and the medians. Everything runs on 127.0.0.1 and every loop is bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';

export const BENCH_CLIENT = { clientId: 'bench-app', clientSecret: 'bench-secret', scopes: ['update', 'read'] };
export const BENCH_SECRET = 'benchmark signing secret of at least 32 bytes';

/** A 60-payment AutoEstrene with its table: the request the issue measures. */
export const AUTOESTRENE_60 = JSON.stringify({
  solicitud: {
    montoSolicitado: '350000.00',
    valorFactura: '437500.00',
    tasa: '13.50',
    plazo: 60,
    periodicidad: 'M',
    iva: 16,
    comisiones: '2.00',
    generaTablaPagos: true,
  },
});

export interface Child {
  readonly port: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** How {@link startServe} runs `cotizador serve`. */
export interface ServeOptions {
  /** The bundled `dist/cli.js` instead of the sources through tsx. */
  readonly built?: boolean;
  /** The request log on (read and dropped, as a log collector would). Default true. */
  readonly log?: boolean;
  /** More environment (`COTIZADOR_*`); the benchmark client and secret are always set. */
  readonly env?: Readonly<Record<string, string>>;
  /** More clients besides {@link BENCH_CLIENT}. */
  readonly clients?: readonly { clientId: string; clientSecret: string; scopes: string[] }[];
  /** `ulimit -n` of the server's process (through `sh`), as in a container. */
  readonly maxFiles?: number;
  /** Node's own options for the server's process (`--cpu-prof`, which NODE_OPTIONS refuses). */
  readonly nodeArgs?: readonly string[];
}

/** `cotizador serve --port 0` from ROOT's sources (or its dist/cli.js); resolves once it listens. */
export async function startServe(root: string, options: ServeOptions = {}): Promise<Child> {
  const command = [
    process.execPath,
    ...(options.nodeArgs ?? []),
    ...(options.built === true ? [join(root, 'dist/cli.js')] : ['--import', 'tsx', join(root, 'src/cli/bin.ts')]),
    'serve',
    '--port',
    '0',
    ...(options.log === false ? ['--no-log'] : []),
  ];
  const env = {
    ...process.env,
    COTIZADOR_CLIENTS: JSON.stringify([BENCH_CLIENT, ...(options.clients ?? [])]),
    COTIZADOR_TOKEN_SECRET: BENCH_SECRET,
    ...options.env,
  };
  const quoted = command.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const child: ChildProcess =
    options.maxFiles === undefined
      ? spawn(command[0] as string, command.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('sh', ['-c', `ulimit -n ${options.maxFiles} && exec ${quoted}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.resume();
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /(?:listening on|escuchando en) http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (match !== null) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  return {
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts `child.ts MODE ROOT` and waits for its port. */
export async function startChild(mode: string, root: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./child.ts', import.meta.url).pathname, mode, root], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('child did not start in 30 s')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /PORT (\d+)/.exec(text);
      if (match !== null) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return {
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: IncomingHttpHeaders;
}

/** Where a request of {@link send} comes from, and how long it may wait for its answer. */
export interface SendOptions {
  /** The client's address (another loopback address, as another client's would be). */
  readonly localAddress?: string;
  /** Fails the request (its socket destroyed) when its socket stays idle this many ms before the answer is whole. */
  readonly timeoutMs?: number;
}

/** One request; resolves with the status, the body text and the headers. */
export function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer,
  agent: Agent | false,
  options: SendOptions = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = { host: '127.0.0.1', port, method, path, headers, agent, localAddress: options.localAddress };
    const req = httpRequest(target, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      req.setTimeout(ms, () => req.destroy(new Error(`no answer in ${ms} ms`)));
    }
    req.on('error', reject);
    req.end(body);
  });
}

/** A token for the benchmark client (or another registered one). */
export async function benchToken(port: number, client: { clientId: string; clientSecret: string } = BENCH_CLIENT): Promise<string> {
  const answer = await send(
    port,
    'POST',
    '/api/esb/ValidaCredenciales/accesstoken',
    {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    'grant_type=client_credentials&scope=update',
    false,
  );
  const token = (JSON.parse(answer.body) as { access_token?: string }).access_token;
  if (token === undefined) throw new Error(`no token: ${answer.body}`);
  return token;
}

export interface LoadResult {
  readonly completed: number;
  /** Requests answered with another status, or not answered at all. */
  readonly failed: number;
  /** Requests whose connection ended without an answer (a subset of `failed`). */
  readonly unanswered: number;
  readonly seconds: number;
  readonly latenciesMs: number[];
}

/**
 * `connections` keep-alive loops sending `make()` for `ms` milliseconds; counts 200s, other
 * answers and transport errors, and records each latency.
 */
export async function load(
  port: number,
  connections: number,
  ms: number,
  make: () => { method: string; path: string; headers: Record<string, string>; body: string },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latenciesMs: number[] = [];
  let completed = 0;
  let failed = 0;
  let unanswered = 0;
  const start = performance.now();
  const end = start + ms;
  async function loop(): Promise<void> {
    while (performance.now() < end) {
      const r = make();
      const t0 = performance.now();
      try {
        const answer = await send(port, r.method, r.path, r.headers, r.body, agent);
        if (answer.status === 200) {
          completed++;
          latenciesMs.push(performance.now() - t0);
        } else failed++;
      } catch {
        failed++;
        unanswered++;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { completed, failed, unanswered, seconds, latenciesMs };
}

/** The median of a list of numbers (NaN when empty). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The `q` quantile (0..1) of a list of numbers, nearest rank (NaN when empty). */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/**
 * CPU time per call (µs, medians) of async cases measured side by side: `warmup` rounds, then
 * `samples` rounds in which the order rotates; one sample is the CPU time (`process.cpuUsage`)
 * of `batch` awaited calls.
 */
export async function interleavedCpu(
  cases: Readonly<Record<string, () => unknown>>,
  options: { readonly samples: number; readonly batch: number; readonly warmup: number },
): Promise<Map<string, number>> {
  const names = Object.keys(cases);
  const sample = async (name: string): Promise<number> => {
    const run = cases[name] as () => unknown;
    const start = process.cpuUsage();
    for (let i = 0; i < options.batch; i++) await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / options.batch;
  };
  for (let i = 0; i < options.warmup; i++) for (const name of names) await sample(name);
  const times = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < options.samples; i++) {
    const shift = i % names.length;
    for (const name of [...names.slice(shift), ...names.slice(0, shift)]) times.get(name)?.push(await sample(name));
  }
  return new Map(names.map((name) => [name, median(times.get(name) ?? [])]));
}
