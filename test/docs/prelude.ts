/**
 * What a documentation example may use without defining it.
 *
 * 1. Every value the package exports, from any entry (`cotizador`, `cotizador/credit`, ...), as
 *    if imported: a TSDoc example reads like a line of user code. A Markdown example imports
 *    what it uses, as a reader would copy it.
 * 2. In a TSDoc example, the exports of the file it documents (internal helpers are shown on
 *    their own names).
 * 3. The fixtures below, the only variables a TSDoc example may use without defining them. Each
 *    example gets fresh copies. A Markdown example gets none of them: a reader copies a fence
 *    alone, so it defines what it uses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Service, ServiceConfig } from '../../src/entry/service.js';
import { type DocExample, ROOT } from './extract.js';

/**
 * The names `example` may use without importing or defining them: for a TSDoc example (`src/`)
 * the package's exports (`api`), its own file's and the fixtures; for a guide's fence none (the
 * reader copies it alone).
 */
export async function exampleScope(example: DocExample, api: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
  if (!example.file.startsWith('src/')) return {};
  // No documented module runs anything when imported (the CLI's binary, src/cli/bin.ts, documents nothing).
  const own = (await import(/* @vite-ignore */ join(ROOT, example.file))) as Record<string, unknown>;
  return { ...api, ...own, ...(await fixtures(api)) };
}

/**
 * The fixtures, all of them:
 *
 * - `solicitud`: the AutoEstrene solicitud of `examples/autoestrene.json` (280,000.00 of a
 *   350,000.00 car, 13.50 % over 36 months from 2026-01-31, 2 % opening fee, a financed warranty
 *   of 12,000.00, life insurance of 2,800.00 paid up front, `generaTablaPagos: true`).
 * - `policySolicitud`: the SegAutoVendor solicitud of `examples/segautovendor.json` (every
 *   package of every insurer for a 2025 sedán of 420,000.00, monthly receipts, 48 months financed).
 * - `clients`: one client, `{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] }`.
 * - `service`: `createService({ clients, tokenSecret: EXAMPLE_ENV.TOKEN_SECRET, now, folio })` with
 *   the clock fixed at 2026-01-31T18:00:00Z (noon in Mexico City) and folios `folio-1`, `folio-2`, ...
 * - `token`: an access token with scopes `update read`, issued by `service` through its token route.
 */
export async function fixtures(api: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const read = (name: string): unknown =>
    (JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')) as { solicitud: unknown }).solicitud;
  const clients = [{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] }];
  let folios = 0;
  const service = (api['createService'] as (config: ServiceConfig) => Service)({
    clients,
    tokenSecret: EXAMPLE_ENV['TOKEN_SECRET'],
    now: () => new Date('2026-01-31T18:00:00Z'),
    folio: () => `folio-${++folios}`,
  });
  const granted = await service.handle({
    method: 'POST',
    path: '/api/esb/ValidaCredenciales/accesstoken',
    headers: {
      authorization: `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const token = (JSON.parse(granted.body) as { access_token: string }).access_token;
  return { solicitud: read('autoestrene.json'), policySolicitud: read('segautovendor.json'), clients, service, token };
}

/** The environment the server examples read (`process.env.CLIENT_SECRET!`, `process.env.TOKEN_SECRET`). */
export const EXAMPLE_ENV: Readonly<Record<string, string>> = {
  CLIENT_SECRET: 's3cret-value',
  TOKEN_SECRET: 'a shared secret of at least 32 bytes!!',
};

/** Every value exported by the entries, by name; a name two entries export must be one value. */
export function publicScope(entries: ReadonlyMap<string, Record<string, unknown>>): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  for (const [specifier, module] of entries) {
    for (const [name, value] of Object.entries(module)) {
      if (name in scope && !Object.is(scope[name], value)) throw new Error(`${specifier} exports another '${name}'`);
      scope[name] = value;
    }
  }
  return scope;
}
