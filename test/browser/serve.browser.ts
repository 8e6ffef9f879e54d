/**
 * `cotizador serve` serves the simulator (a process from the sources, as test/cli/serve.test.ts
 * runs it, with dist/simulator/ built by `npm run test:browser`): the page at `/` and
 * `/simulador`, its files with their types, the strict policy on each, HEAD, ETag revalidation and
 * gzip, while the API's own routes answer as before; and `cotizador simulator --out DIR` writes
 * the same files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processContext, type CliContext } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import { simulatorDir } from '../../src/cli/commands/simulator.js';

let child: ChildProcess;
let base = '';
let stderr = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--port', '0', '--dev', '--no-log'], {
    env: { ...process.env, COTIZADOR_LANG: 'es' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /simulador en (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
  });
});
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('cotizador serve and the simulator', () => {
  it('serves the page at / and /simulador, and its files, each with its type and default-src self', async () => {
    const dir = simulatorDir() as string;
    for (const [path, file, type] of [
      ['/', 'index.html', 'text/html; charset=utf-8'],
      ['/simulador', 'index.html', 'text/html; charset=utf-8'],
      ['/simulador.js', 'simulador.js', 'text/javascript; charset=utf-8'],
      ['/simulador.css', 'simulador.css', 'text/css; charset=utf-8'],
      ['/simulador-sw.js', 'simulador-sw.js', 'text/javascript; charset=utf-8'],
      ['/simulador.svg', 'simulador.svg', 'image/svg+xml'],
    ] as const) {
      const response = await fetch(`${base}${path}?x=1`, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'(;|$)/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(dir, file)))).toBe(true);
    }
  });

  it('answers HEAD, revalidates by ETag (304) and compresses for a client that accepts gzip', async () => {
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const etag = head.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetch(`${base}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // fetch asks for gzip and inflates: the page arrives whole.
    const gz = await fetch(`${base}/simulador.js`);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await gz.text()).length).toBe(readFileSync(join(simulatorDir() as string, 'simulador.js'), 'utf8').length);
  });

  it('leaves every other request to the API, as before', async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // A POST to the page's path is the API's to answer (not a static file).
    const post = await fetch(`${base}/`, { method: 'POST', body: '{}' });
    expect(post.headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${base}/nothing-here.js`)).headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('cotizador simulator --out DIR', () => {
  it('writes the five files, and refuses without --out (usage, exit 2)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'cotizador-site-')), 'site');
    const err: string[] = [];
    const context = {
      ...processContext(),
      stdout: { write: () => true },
      stderr: { write: (s: string) => err.push(s) > 0 },
      lang: 'en' as const,
    } as unknown as CliContext;
    expect(await main(['simulator', '--out', out], context)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['index.html', 'simulador-sw.js', 'simulador.css', 'simulador.js', 'simulador.svg']);
    expect(err.join('')).toBe(`cotizador simulator: 5 simulator files written to ${out}\n`);
    err.length = 0;
    expect(await main(['simulator'], context)).toBe(2);
    expect(err.join('')).toMatch(/^cotizador: missing --out DIR/);
  });
});
