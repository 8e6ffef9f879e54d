/**
 * The browser suite's harness: the simulator built into a temporary directory by
 * scripts/build-simulator.mjs, served on 127.0.0.1 by the same code as `cotizador serve` (the
 * service's node:http server with the static site in front, `withStaticSite`), and opened in
 * Debian's headless Chromium driven by playwright-core, launched as the runtime suite launches it
 * (test/runtimes/browser.ts: a fresh profile, nothing that reaches out). Every page records its
 * console errors and Content-Security-Policy violations, which the tests require to be none.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildSimulator } from '../../scripts/build-simulator.mjs';
import { createNodeServer, SIMULATOR_ROUTES, shutdownNodeServer, staticSite, withStaticSite } from '../../src/entry/node.js';
import { createService } from '../../src/entry/service.js';
import { CHROMIUM, FLAGS } from '../runtimes/browser.js';

/** The two widths the page must read well at. */
export const WIDTHS = { phone: 360, desktop: 1280 } as const;

/** A served simulator and a browser. */
export interface Simulator {
  readonly url: string;
  readonly dir: string;
  readonly browser: Browser;
  /** A fresh context's page at `width`, its problems recorded in `problems`. */
  open(
    width: number,
    options?: { readonly serviceWorkers?: 'allow' | 'block' },
  ): Promise<{ page: Page; context: BrowserContext; problems: string[] }>;
  close(): Promise<void>;
}

/** Builds, serves and launches; `close()` undoes all three. */
export async function startSimulator(): Promise<Simulator> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does it)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'cotizador-simulator-'));
  await buildSimulator(dir);
  const service = createService({ clients: [], tokenSecret: 'a test secret of at least thirty-two bytes' });
  const server: Server = withStaticSite(createNodeServer(service), staticSite(dir, SIMULATOR_ROUTES));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const contexts: BrowserContext[] = [];
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    browser,
    async open(width, options = {}) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        serviceWorkers: options.serviceWorkers ?? 'block',
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
      return { page, context, problems };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await shutdownNodeServer(server, 1000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An amount as the page shows it ("$1,234.56", "−$3.00") back to the engine's text ("1234.56"). */
export function shownAmount(text: string): string {
  return text
    .trim()
    .replace(/^−/, '-')
    .replace(/[$,\s]/g, '');
}
