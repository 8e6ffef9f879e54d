/**
 * Replays a corpus case through the public API and returns its output as one JSON text: the
 * engine's result, or the coded error it threw, or the service's whole response.
 */
import { createHash } from 'node:crypto';
import { computeCat, createService, isQuoteError, quoteCredit, quotePolicy } from '../../src/entry/index.js';
import type { CorpusCase, ServiceCase } from './cases.js';

/** The instant every service case runs at (the service reads its clock only through `now`). */
export const CORPUS_NOW = new Date('2026-03-10T18:30:00Z');
/** The service's signing secret and clients (exported for the runtime smoke suite, test/runtimes/). */
export const CORPUS_SECRET = 'corpus signing secret of at least 32 bytes';
export const CORPUS_CLIENTS = [
  { clientId: 'corpus-app', clientSecret: 'corpus-secret', scopes: ['update', 'read'] },
  { clientId: 'corpus-reader', clientSecret: 'reader-secret', scopes: ['read'] },
];
/** The folio of every token request, and how the `valid` token is asked for (client, secret, scope as sent). */
export const TOKEN_FOLIO = 'corpus-token';
export const VALID_TOKEN = { clientId: 'corpus-app', clientSecret: 'corpus-secret', scope: 'update%20read' } as const;

function errorOutput(error: unknown): { error: Record<string, unknown> } {
  if (isQuoteError(error)) {
    return { error: { codigoError: error.codigoError, valorIncorrecto: error.valorIncorrecto ?? null, mensaje: error.mensaje } };
  }
  return { error: { untyped: String(error) } };
}

function engine(run: () => unknown): string {
  try {
    return JSON.stringify({ ok: run() });
  } catch (error) {
    return JSON.stringify(errorOutput(error));
  }
}

/** The service cases' context: one service, its tokens, and the folio of the current case. */
export interface ServiceContext {
  readonly handle: (request: ServiceCase, folio: string) => Promise<string>;
}

async function tokenFrom(now: Date, clientId: string, secret: string, scope: string): Promise<string> {
  const service = createService({ clients: CORPUS_CLIENTS, tokenSecret: CORPUS_SECRET, now: () => now, folio: () => TOKEN_FOLIO });
  const response = await service.handle({
    method: 'POST',
    path: '/api/esb/ValidaCredenciales/accesstoken',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `grant_type=client_credentials&scope=${scope}`,
  });
  const token = (JSON.parse(response.body) as { access_token?: string }).access_token;
  if (token === undefined) throw new Error(`corpus: no token (${response.body})`);
  return token;
}

/** Builds the service every service case runs against. */
export async function serviceContext(): Promise<ServiceContext> {
  let folio = '';
  const service = createService({ clients: CORPUS_CLIENTS, tokenSecret: CORPUS_SECRET, now: () => CORPUS_NOW, folio: () => folio });
  const valid = await tokenFrom(CORPUS_NOW, VALID_TOKEN.clientId, VALID_TOKEN.clientSecret, VALID_TOKEN.scope);
  const tokens: Record<NonNullable<ServiceCase['token']>, string> = {
    valid,
    expired: await tokenFrom(new Date(CORPUS_NOW.getTime() - 2 * 3600_000), 'corpus-app', 'corpus-secret', 'update'),
    readOnly: await tokenFrom(CORPUS_NOW, 'corpus-reader', 'reader-secret', 'read'),
    // A payload character changed: the signature no longer matches.
    tampered: valid.replace(/\.(.)/, (_, c: string) => `.${c === 'e' ? 'f' : 'e'}`),
  };
  return {
    async handle(request, caseFolio) {
      folio = caseFolio;
      const headers: Record<string, string> = { ...request.headers };
      if (request.token !== undefined) headers['authorization'] = `Bearer ${tokens[request.token]}`;
      const response = await service.handle({ method: request.method, path: request.path, headers, body: request.body });
      // Access tokens are signatures over the case's own claims; they are compared by digest.
      const body = response.body.replace(
        /"access_token":"([^"]+)"/,
        (_, t: string) => `"access_token":"sha256:${createHash('sha256').update(t).digest('hex')}"`,
      );
      return JSON.stringify({ status: response.status, headers: response.headers, body });
    },
  };
}

/** The output of one case. */
export async function runCase(c: CorpusCase, service: ServiceContext): Promise<string> {
  switch (c.kind) {
    case 'credit':
      return engine(() => quoteCredit(c.solicitud as never, c.options as never));
    case 'policy':
      return engine(() => quotePolicy(c.solicitud as never, c.options as never));
    case 'cat':
      return engine(() => computeCat(c.flows as never, c.options as never));
    case 'service':
      return service.handle(c.request, `corpus-${c.id}`);
  }
}
