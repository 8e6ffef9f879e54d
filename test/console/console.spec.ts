/**
 * The API console at `/docs` (src/node/apiConsole.ts) as a user meets it: `cotizador serve` from
 * the build (`dist/cli.js`) on 127.0.0.1 with a port the system picks and one client; Debian's
 * Chromium, headless and driven by playwright-core, opens `/docs`, obtains a token through the
 * console's Authorize dialog (client credentials), then runs the document's AutoEstrene and
 * SegAutoVendor examples with "Try it out". Every exchange must reach the server that served the
 * page, the page must load without a single Content-Security-Policy violation or script error,
 * and what the console shows must be the library's answer to the same request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONSOLE_CSP, withApiConsole } from '../../src/entry/node.js';
import { createService, type Service } from '../../src/entry/service.js';
import { CHROMIUM, FLAGS } from '../runtimes/browser.js';

const CLI = 'dist/cli.js';
const ASSETS = 'dist/api-console/swagger-ui-bundle.js.gz';
const CLIENT = { clientId: 'demo', clientSecret: 'demo-console-secret', scopes: ['update', 'read'] };
const TOKEN_SECRET = 'the API console test secret, 32 bytes and more';
const TOKEN_PATH = '/api/esb/ValidaCredenciales/accesstoken';
const QUOTER = '/api/esb/Cotizador/v1';

/** Logs every Content-Security-Policy violation of the page to its console, where the test collects them. */
const VIOLATION_REPORTER =
  "document.addEventListener('securitypolicyviolation', (event) => console.log('csp-violation ' + event.violatedDirective + ' ' + event.blockedURI));";

/** The request body the document gives as the example of `operation` (what "Try it out" sends unchanged). */
function documentExample(operation: 'AutoEstrene' | 'SegAutoVendor'): unknown {
  const document = JSON.parse(readFileSync('openapi.json', 'utf8')) as {
    paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
  };
  return document.paths[`${QUOTER}/${operation}`]?.post.requestBody.content['application/json']?.example;
}

/** The library's own answer to `body` at `operation`: a token from an in-process service, then the quote. */
async function libraryAnswer(service: Service, operation: string, body: unknown): Promise<{ status: number; resultado: unknown }> {
  const granted = await service.handle({
    method: 'POST',
    path: TOKEN_PATH,
    headers: {
      authorization: `Basic ${btoa(`${CLIENT.clientId}:${CLIENT.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=update',
  });
  const token = (JSON.parse(granted.body) as { access_token: string }).access_token;
  const answer = await service.handle({
    method: 'POST',
    path: `${QUOTER}/${operation}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return JSON.parse(answer.body) as { status: number; resultado: unknown };
}

/** `cotizador serve` from the build, on 127.0.0.1 and a free port; resolves with its base URL once it listens. */
function startServe(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', '--no-log'], {
    env: { ...process.env, COTIZADOR_CLIENTS: JSON.stringify([CLIENT]), COTIZADOR_TOKEN_SECRET: TOKEN_SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in 30 s: ${said}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const match = /(?:escuchando en|listening on) (http:\/\/127\.0\.0\.1:\d+)/.exec(said);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, base: match[1] as string });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code}: ${said}`));
    });
  });
}

/** The operation's block in the console, found by its path. */
function operationBlock(page: Page, operation: string): Locator {
  return page
    .locator('.opblock')
    .filter({ hasText: `${QUOTER}/${operation}` })
    .first();
}

/** Runs `operation` with its example through "Try it out"; returns the status and body the console shows, and the network answer's URL. */
async function tryItOut(page: Page, base: string, operation: string): Promise<{ shownStatus: string; shown: unknown; url: string }> {
  const block = operationBlock(page, operation);
  await block.locator('.opblock-summary').click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse((response) => response.url().startsWith(`${base}${QUOTER}/${operation}`));
  await block.getByRole('button', { name: 'Execute' }).click();
  const url = (await answered).url();
  const status = block.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor();
  const body = block.locator('.live-responses-table .response-col_description .microlight').first();
  return { shownStatus: ((await status.textContent()) ?? '').trim(), shown: JSON.parse((await body.textContent()) ?? '') as unknown, url };
}

describe('the API console (/docs)', () => {
  const built = existsSync(CLI) && existsSync(ASSETS);

  it('is built: the command line and the console files are in dist/ (run npm run build first)', () => {
    expect({ cli: existsSync(CLI), assets: existsSync(ASSETS) }).toEqual({ cli: true, assets: true });
  });

  it('answers its page and files itself, under its policy, and hands every other request to the service', async () => {
    const service = withApiConsole(createService({ clients: [CLIENT], tokenSecret: TOKEN_SECRET }));
    const page = await service.handle({ method: 'GET', path: '/docs', headers: {} });
    expect(page.status).toBe(200);
    expect(page.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(page.headers['Content-Security-Policy']).toBe(API_CONSOLE_CSP);
    // Everything the page loads comes from this origin's /docs/ (no CDN): no http(s) URL in it.
    expect(page.body).not.toMatch(/https?:/);
    for (const src of page.body.match(/(?:src|href)="[^"]*"/g) ?? []) expect(src).toMatch(/^(?:src|href)="(?:\/docs\/|data:)/);
    const bundle = await service.handle({ method: 'GET', path: '/docs/swagger-ui-bundle.js', headers: {} });
    expect([bundle.status, bundle.headers['Content-Type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(bundle.body).toContain('SwaggerUIBundle');
    const head = await service.receive({ method: 'HEAD', path: '/docs/swagger-ui.css?v=1', headers: {} });
    expect('response' in head && head.response.status).toBe(200);
    // Not the console's: the service answers (an unknown path, a method the console does not serve, its own routes).
    const unknown = await service.handle({ method: 'GET', path: '/docs/nothing.js', headers: {} });
    expect(JSON.parse(unknown.body)).toMatchObject({ status: 400, codigoError: 'ERRNEG001' });
    const posted = await service.handle({ method: 'POST', path: '/docs', headers: {}, body: '' });
    expect(posted.status).not.toBe(200);
    expect((await service.handle({ method: 'GET', path: '/health', headers: {} })).body).toBe('{"status":"ok"}');
  });

  describe('in Chromium, against cotizador serve', () => {
    let serve: { child: ChildProcess; base: string } | undefined;
    let context: BrowserContext | undefined;
    let profile: string | undefined;

    beforeAll(async () => {
      if (!built) return;
      serve = await startServe();
      profile = mkdtempSync(join(tmpdir(), 'cotizador-console-'));
      context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
    });

    afterAll(async () => {
      await context?.close();
      serve?.child.kill('SIGTERM');
      if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
    });

    it('obtains a token through the console, then an AutoEstrene and a SegAutoVendor come back as the library answers them', async () => {
      expect(existsSync(CHROMIUM), `no browser at ${CHROMIUM}: apt-get install -y chromium`).toBe(true);
      if (serve === undefined || context === undefined) throw new Error('not built: npm run build');
      const { base } = serve;
      const page = context.pages()[0] ?? (await context.newPage());
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.text().startsWith('csp-violation')) problems.push(message.text());
      });
      page.on('request', (request) => {
        if (!request.url().startsWith(`${base}/`) && !request.url().startsWith('data:'))
          problems.push(`request elsewhere: ${request.url()}`);
      });
      // Runs in the page (a string: this file is compiled without the DOM's types).
      await page.addInitScript({ content: VIOLATION_REPORTER });

      const opened = await page.goto(`${base}/docs`);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()['content-security-policy']).toBe(API_CONSOLE_CSP);
      // The document's servers are replaced by this server.
      await expect.poll(() => page.locator('.servers select').inputValue()).toBe(base);

      // The token: the Authorize dialog's client-credentials flow (Basic credentials to the token URL).
      await page.locator('.auth-wrapper button.authorize').click();
      const flow = page.locator('.auth-container').filter({ hasText: 'ValidaCredenciales' });
      await flow.locator('input[data-name="clientId"]').fill(CLIENT.clientId);
      await flow.locator('input[data-name="clientSecret"]').fill(CLIENT.clientSecret);
      await flow.locator('label[for="update-clientCredentials-checkbox-ValidaCredenciales"]').click();
      const granted = page.waitForResponse((response) => response.url() === `${base}${TOKEN_PATH}`);
      await flow.getByRole('button', { name: 'Apply given OAuth2 credentials' }).click();
      const token = await granted;
      expect(token.status()).toBe(200);
      expect(await token.json()).toMatchObject({ codigoRespuesta: '1', token_type: 'Bearer', scope: 'update' });
      await expect.poll(() => flow.textContent()).toContain('Authorized');
      await flow.getByRole('button', { name: 'Close' }).click();

      const library = createService({ clients: [CLIENT], tokenSecret: TOKEN_SECRET });
      const credit = await tryItOut(page, base, 'AutoEstrene');
      expect(credit.url).toBe(`${base}${QUOTER}/AutoEstrene`);
      expect(credit.shownStatus).toBe('200');
      const creditExpected = await libraryAnswer(library, 'AutoEstrene', documentExample('AutoEstrene'));
      expect(creditExpected.status).toBe(200);
      expect(credit.shown).toMatchObject({ status: 200, codigoRespuesta: '1', resultado: creditExpected.resultado });

      const policy = await tryItOut(page, base, 'SegAutoVendor');
      expect(policy.url).toBe(`${base}${QUOTER}/SegAutoVendor`);
      expect(policy.shownStatus).toBe('200');
      const policyExpected = (await libraryAnswer(library, 'SegAutoVendor', documentExample('SegAutoVendor'))) as {
        status: number;
        resultado: { listaSeguroAuto: { aseguradora: string; paquete: string; primaTotal: string }[] };
      };
      expect(policyExpected.status).toBe(200);
      const offers = (answer: typeof policyExpected) =>
        answer.resultado.listaSeguroAuto.map((o) => [o.aseguradora, o.paquete, o.primaTotal]);
      expect(offers(policy.shown as typeof policyExpected)).toEqual(offers(policyExpected));
      expect(offers(policyExpected).length).toBeGreaterThan(0);

      expect(problems).toEqual([]);
    });
  });
});
