/**
 * The simulator's service worker: the page's files (the page, its script, stylesheet and icon) are
 * fetched from the network first and kept; offline, the kept copy answers. It answers only for
 * those files: every other request of the origin (the API, /docs) goes to the network untouched.
 */
/** The worker's global scope, typed (the lib's `self` is the generic worker's). */
const sw = self as unknown as ServiceWorkerGlobalScope;

const CACHE = 'cotizador-simulador-v1';
const FILES = ['./', 'simulador.js', 'simulador.css', 'simulador.svg'];
const scope = new URL(sw.registration.scope);
/** The paths this worker answers: its files, and the page under its other names. */
const PAGE_PATHS = new Set([scope.pathname, `${scope.pathname}index.html`, `${scope.pathname}simulador`]);
const ASSET_PATHS = new Set(FILES.slice(1).map((file) => `${scope.pathname}${file}`));

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('cotizador-simulador-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== scope.origin) return;
  const page = PAGE_PATHS.has(url.pathname);
  if (!page && !ASSET_PATHS.has(url.pathname)) return;
  const key = page ? './' : url.pathname;
  event.respondWith(
    fetch(event.request)
      .then(async (response) => {
        if (response.ok) {
          const cache = await caches.open(CACHE);
          await cache.put(page ? new URL('./', scope).href : event.request, response.clone());
        }
        return response;
      })
      .catch(async () => (await caches.match(page ? new URL(key, scope).href : event.request)) ?? Response.error()),
  );
});
