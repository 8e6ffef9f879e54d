/**
 * The browser leg of the runtime smoke suite: the page's script is test/runtimes/program/page.mjs
 * bundled with the installed package by esbuild for the browser (split into chunks, as a page
 * would load them); a small static server on 127.0.0.1 serves it with `Content-Security-Policy:
 * default-src 'self'` (no inline script, no eval; 127.0.0.1 is a secure context, so Web Crypto is
 * there); Debian's Chromium, headless and driven by playwright-core (never a downloaded browser),
 * opens it with a fresh profile; the page posts its report back to the server.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it when missing). */
export const CHROMIUM = process.env['COTIZADOR_CHROMIUM'] ?? '/usr/bin/chromium';

/** The page's policy: scripts, connections, everything from the page's own origin only. */
export const CSP = "default-src 'self'";

/**
 * Headless, no sandbox (CI runs as root), and nothing that reaches out: this machine's network is
 * closed, and a browser that tries anyway fails many connections at every start. The browser
 * suites (test/browser, test/console) launch with them too.
 */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** What the page reported, and what the browser said on the way. */
export interface PageRun {
  readonly report: unknown;
  /** The policy the page was served with, as the browser received it. */
  readonly policy: string | undefined;
  /** Console messages and uncaught errors of the page (shown when the page posts no report). */
  readonly log: readonly string[];
}

/** Bundles `project/page.mjs` (which imports `cotizador` from the project's install) into `project/www`. */
export async function bundlePage(project: string): Promise<string> {
  const www = join(project, 'www');
  await build({
    absWorkingDir: project,
    entryPoints: { page: join(project, 'page.mjs') },
    bundle: true,
    splitting: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    outdir: www,
    logLevel: 'silent',
  });
  return www;
}

function serve(www: string, html: string, onReport: (body: string) => void) {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const headers = { 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
    const path = request.url?.split('?')[0] ?? '/';
    if (request.method === 'POST' && path === '/report') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(204, headers).end();
        onReport(Buffer.concat(chunks).toString('utf8'));
      });
      return;
    }
    // Only the page and the bundle's own files, by plain name.
    const file = path === '/' ? html : /^\/[\w.-]+\.js$/.test(path) ? join(www, path.slice(1)) : undefined;
    if (request.method !== 'GET' || file === undefined || !existsSync(file)) {
      response.writeHead(404, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
}

/** Serves `www` with `html` as its page, opens it in headless Chromium and returns the page's report. */
export async function runPage(www: string, html: string, timeoutMs: number): Promise<PageRun> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does it)`);
  }
  let received: (body: string) => void = () => {};
  const posted = new Promise<string>((resolve) => {
    received = resolve;
  });
  const server = serve(www, html, (body) => received(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const profile = mkdtempSync(join(tmpdir(), 'cotizador-chromium-'));
  const log: string[] = [];
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => log.push(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => log.push(`page error: ${error.stack ?? error.message}`));
    const response = await page.goto(`http://127.0.0.1:${port}/`, { timeout: timeoutMs });
    const policy = response?.headers()['content-security-policy'];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the page posted no report in ${timeoutMs} ms:\n${log.join('\n')}`)), timeoutMs);
    });
    const body = await Promise.race([posted, timeout]).finally(() => clearTimeout(timer));
    return { report: JSON.parse(body) as unknown, policy, log };
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(profile, { recursive: true, force: true });
  }
}
