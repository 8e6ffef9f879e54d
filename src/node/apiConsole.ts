/**
 * The API console at `/docs`: Swagger UI (swagger-ui-dist, Apache-2.0) over the service's own
 * OpenAPI document, with "Try it out" against the same server (the token flow, then the quotes).
 * Its prebuilt bundle and stylesheet are copied gzip-compressed into `dist/api-console/` at build
 * time (`scripts/build-console.mjs`), read and inflated once on the first request, and served
 * from this origin under a Content-Security-Policy without inline script, inline style or eval:
 * nothing comes from a CDN, so the console works offline. The page and its start-up script are
 * written here. `withApiConsole(service)` answers the console's paths and hands every other
 * request to the service, so the node:http server and the framework adapters serve it unchanged.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { splitTarget } from '../http/protocol.js';
import type { ServiceRequest, ServiceResponse } from '../http/types.js';
import type { Service } from '../service/service.js';

/**
 * Where the console is served (its files under `/docs/`).
 *
 * @example
 * ```ts
 * API_CONSOLE_PATH; // '/docs'
 * ```
 */
export const API_CONSOLE_PATH = '/docs';

/**
 * The console's Content-Security-Policy: everything from this origin only (no inline script or
 * style, no eval); images may also be `data:` URLs, which Swagger UI's stylesheet uses for its
 * icons. No frame may embed it, no form posts anywhere, no `<base>` re-points it.
 *
 * @example
 * ```ts
 * API_CONSOLE_CSP.startsWith("default-src 'self'"); // true
 * ```
 */
export const API_CONSOLE_CSP =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page: the stylesheet, the bundle and the start-up script, all from this origin. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cotizador · API console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${API_CONSOLE_PATH}/swagger-ui.css">
</head>
<body>
<main id="console"></main>
<script src="${API_CONSOLE_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_CONSOLE_PATH}/console.js"></script>
</body>
</html>
`;

/**
 * The start-up script (a file of its own: the policy forbids inline script). The document's
 * `servers` name the default `cotizador serve` address; the console replaces them with the page's
 * own origin, so "Try it out" and the token flow (its token URL is relative to the server) reach
 * the server that served the page, whatever its host and port.
 */
const START = `"use strict";
(function () {
  var here = window.location.origin;
  var root = document.getElementById("console");
  fetch("/openapi.json", { headers: { accept: "application/json" } })
    .then(function (response) {
      if (!response.ok) throw new Error("GET /openapi.json: " + response.status);
      return response.json();
    })
    .then(function (spec) {
      if (typeof window.SwaggerUIBundle !== "function") throw new Error("the console's bundle is missing from this installation (dist/api-console): run npm run build");
      spec.servers = [{ url: here, description: "this server" }];
      // Swagger UI reads only OpenAPI's default dialect and shows a warning for any other; the
      // document's (plain JSON Schema 2020-12) needs nothing the default lacks to be shown.
      delete spec.jsonSchemaDialect;
      window.ui = window.SwaggerUIBundle({
        spec: spec,
        domNode: root,
        layout: "BaseLayout",
        presets: [window.SwaggerUIBundle.presets.apis],
        deepLinking: true,
        docExpansion: "list",
        defaultModelsExpandDepth: -1,
        displayRequestDuration: true,
        validatorUrl: null
      });
    })
    .catch(function (error) {
      var message = document.createElement("p");
      message.setAttribute("role", "alert");
      message.textContent = "API console: " + error.message;
      root.appendChild(message);
    });
})();
`;

/** The files under `/docs/`: where each comes from, its type, how long a browser keeps it. */
interface ConsoleFile {
  readonly type: string;
  readonly cache: string;
  /** Its text; undefined when the build's file is missing. */
  readonly text: () => string | undefined;
}

/**
 * The directory of the built console files, as this module finds it: `dist/api-console` beside
 * the library's bundles (`dist/*.js`), above the command line's chunks (`dist/cli-chunks/`), or,
 * run from the sources (`src/node/`), in the repository's `dist/` after `npm run build`.
 */
function assetsDirectory(): string | undefined {
  const here = typeof __filename === 'string' ? dirname(__filename) : dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'api-console'), join(here, '..', 'api-console'), join(here, '..', '..', 'dist', 'api-console')];
  return candidates.find((dir) => existsSync(join(dir, 'swagger-ui-bundle.js.gz')));
}

/** A built file's text, inflated on first use and kept. */
function builtFile(name: string): () => string | undefined {
  let text: string | undefined;
  return () => {
    if (text !== undefined) return text;
    const dir = assetsDirectory();
    if (dir === undefined) return undefined;
    text = gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString('utf8');
    return text;
  };
}

function consoleFiles(): ReadonlyMap<string, ConsoleFile> {
  // The page and its script change with this package's code: revalidated each time. The library's
  // files change only with an upgrade: kept an hour, as /openapi.json is.
  const page: ConsoleFile = { type: 'text/html; charset=utf-8', cache: 'no-cache', text: () => PAGE };
  return new Map([
    [API_CONSOLE_PATH, page],
    [`${API_CONSOLE_PATH}/`, page],
    [`${API_CONSOLE_PATH}/console.js`, { type: 'text/javascript; charset=utf-8', cache: 'no-cache', text: () => START }],
    [
      `${API_CONSOLE_PATH}/swagger-ui-bundle.js`,
      { type: 'text/javascript; charset=utf-8', cache: 'max-age=3600', text: builtFile('swagger-ui-bundle.js') },
    ],
    [`${API_CONSOLE_PATH}/swagger-ui.css`, { type: 'text/css; charset=utf-8', cache: 'max-age=3600', text: builtFile('swagger-ui.css') }],
  ]);
}

/** The console's answer to `request`, or undefined when it is not a GET or HEAD of one of its files. */
function consoleAnswer(files: ReadonlyMap<string, ConsoleFile>, request: ServiceRequest): ServiceResponse | undefined {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const file = files.get(splitTarget(request.path).pathname);
  const body = file?.text();
  if (file === undefined || body === undefined) return undefined;
  return {
    status: 200,
    headers: {
      'Content-Type': file.type,
      'Cache-Control': file.cache,
      'Content-Security-Policy': API_CONSOLE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    },
    body,
  };
}

/**
 * The service with the API console at `/docs` (GET and HEAD of the page and its files); every
 * other request, and a console file missing from the build, goes to the service as before.
 * `cotizador serve` serves it; wrap the service the same way before `createNodeServer`,
 * `toNodeListener` or an adapter to serve it yourself. The console loads `/openapi.json` from the
 * same origin, so mount both at the root.
 *
 * @example
 * ```ts
 * const withConsole = withApiConsole(service);
 * const page = await withConsole.handle({ method: 'GET', path: '/docs', headers: {} });
 * [page.status, page.headers['Content-Security-Policy'] === API_CONSOLE_CSP]; // [200, true]
 * (await withConsole.handle({ method: 'GET', path: '/health', headers: {} })).body; // '{"status":"ok"}'
 * ```
 */
export function withApiConsole(service: Service): Service {
  const files = consoleFiles();
  return Object.freeze({
    ...service,
    handle(request: ServiceRequest): Promise<ServiceResponse> {
      const answer = consoleAnswer(files, request);
      return answer === undefined ? service.handle(request) : Promise.resolve(answer);
    },
    receive(head: ServiceRequest) {
      const answer = consoleAnswer(files, head);
      return answer === undefined ? service.receive(head) : Promise.resolve({ response: answer });
    },
  });
}
