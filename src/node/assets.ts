/**
 * Static pages beside the API on node:http: a site's files, read once when the site is made and
 * kept in memory (raw and gzip), answered for GET and HEAD at their paths with their media type,
 * a strict Content-Security-Policy (`default-src 'self'`: no inline script or style, no eval),
 * `nosniff`, an ETag (304 on a match) and `Cache-Control: no-cache` (the names are not hashed, so
 * a browser revalidates). Every other request falls through to the server's own listener
 * (`withStaticSite`), so the API answers byte for byte as before. `cotizador serve` puts the
 * simulator at `/` and `/simulador` this way; another site (the API console) composes the same.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The policy every static page is served with.
 *
 * @example
 * ```ts
 * STATIC_CSP.startsWith("default-src 'self'"); // true
 * ```
 */
export const STATIC_CSP = "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** Media types by extension, for the files a static site holds. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface Asset {
  readonly type: string;
  readonly raw: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

/**
 * A static site: its files by URL path, answered from memory.
 *
 * @example
 * ```ts
 * const site = staticSite('examples', { '/': 'autoestrene.json', '/request.json': 'autoestrene.json' });
 * site.paths; // ['/', '/request.json']
 * ```
 */
export interface StaticSite {
  /** The URL paths it answers. */
  readonly paths: readonly string[];
  /** Answers the exchange when it is a GET or HEAD of one of its paths; false otherwise (nothing written). */
  readonly answer: (message: IncomingMessage, response: ServerResponse) => boolean;
}

/**
 * The site of `routes` (URL path → file name in `dir`), every file read now: a missing file
 * throws here, at start, not at the first request.
 *
 * @example
 * ```ts
 * // cotizador serve: staticSite('dist/simulator', SIMULATOR_ROUTES)
 * const site = staticSite('examples', { '/request.json': 'autoestrene.json' });
 * site.paths.length; // 1
 * ```
 */
export function staticSite(dir: string, routes: Readonly<Record<string, string>>): StaticSite {
  const assets = new Map<string, Asset>();
  const byFile = new Map<string, Asset>();
  for (const [path, file] of Object.entries(routes)) {
    let asset = byFile.get(file);
    if (asset === undefined) {
      const raw = readFileSync(join(dir, file));
      asset = {
        type: TYPES[extname(file)] ?? 'application/octet-stream',
        raw,
        gzip: gzipSync(raw, { level: 9 }),
        etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`,
      };
      byFile.set(file, asset);
    }
    assets.set(path, asset);
  }
  return {
    paths: [...assets.keys()],
    answer(message, response) {
      const method = message.method ?? 'GET';
      if (method !== 'GET' && method !== 'HEAD') return false;
      const target = message.url ?? '/';
      const query = target.indexOf('?');
      const asset = assets.get(query < 0 ? target : target.slice(0, query));
      if (asset === undefined) return false;
      const headers: Record<string, string | number> = {
        'Content-Type': asset.type,
        'Content-Security-Policy': STATIC_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-cache',
        ETag: asset.etag,
        Vary: 'Accept-Encoding',
      };
      if (message.headers['if-none-match'] === asset.etag) {
        response.writeHead(304, headers).end();
        return true;
      }
      const gzip = /\bgzip\b/.test(String(message.headers['accept-encoding'] ?? ''));
      const body = gzip ? asset.gzip : asset.raw;
      if (gzip) headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = body.length;
      response.writeHead(200, headers).end(method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}

/**
 * Puts `site` in front of `server`'s request listeners: its paths are answered from memory, every
 * other request goes to the listeners the server had (the service) unchanged.
 *
 * @example
 * ```ts
 * const server = createNodeServer(service);
 * withStaticSite(server, staticSite('examples', { '/request.json': 'autoestrene.json' }));
 * server.listeners('request').length; // 1
 * ```
 */
export function withStaticSite(server: Server, site: StaticSite): Server {
  const listeners = server.listeners('request') as ((message: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (message: IncomingMessage, response: ServerResponse) => {
    if (site.answer(message, response)) return;
    for (const listener of listeners) listener.call(server, message, response);
  });
  return server;
}

/**
 * The simulator's routes: the page at `/` and `/simulador`, its script, stylesheet, icon and
 * service worker beside it (relative names, so the page works from either path and from any directory of a
 * static host).
 *
 * @example
 * ```ts
 * SIMULATOR_ROUTES['/simulador']; // 'index.html'
 * ```
 */
export const SIMULATOR_ROUTES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/simulador': 'index.html',
  '/simulador.js': 'simulador.js',
  '/simulador.css': 'simulador.css',
  '/simulador-sw.js': 'simulador-sw.js',
  '/simulador.svg': 'simulador.svg',
};
