/**
 * What the framework adapters need to share a host's app: the paths the service answers (its own
 * routes and everything under the ATM API's base), so a request for any other path is left to the
 * host's own routes, and a mount prefix taken off the request's target.
 */
import { splitTarget } from '../http/protocol.js';
import { ATM_MOUNT, isAtmPath, ROUTE_TABLE, routeAt } from '../service/routes.js';

/**
 * Whether the service answers `target` (a path, with or without its query string): one of its
 * routes, or a path under the ATM API's base (refused there in the ATM API's own shape).
 *
 * @example
 * ```ts
 * servesPath('/api/esb/Cotizador/v1/AutoEstrene?x=1'); // true
 * servesPath('/open-banking/open-data/v2/otra'); // true
 * servesPath('/pedidos'); // false
 * ```
 */
export function servesPath(target: string): boolean {
  const { pathname } = splitTarget(target);
  return routeAt(pathname) !== undefined || isAtmPath(pathname);
}

/**
 * The route patterns a router registers to send the service's paths to it (Fastify's syntax,
 * `*` for everything under a base): each own route's path, the ATM API's base and `base/*`.
 *
 * @example
 * ```ts
 * servicePatterns().includes('/open-banking/open-data/v2/*'); // true
 * servicePatterns().includes('/health'); // true
 * ```
 */
export function servicePatterns(): string[] {
  const own = ROUTE_TABLE.filter((route) => route.begin !== undefined && !isAtmPath(route.path)).map((route) => route.path);
  return [...own, ATM_MOUNT.base, `${ATM_MOUNT.base}/*`];
}

/**
 * `target` without the mount `prefix` (`/cotizador/health?x` → `/health?x`), the way Express
 * gives a mounted handler its `url`; `target` itself when the prefix is empty or not its start.
 *
 * @example
 * ```ts
 * withoutPrefix('/cotizador/health?full=1', '/cotizador'); // '/health?full=1'
 * withoutPrefix('/cotizador', '/cotizador'); // '/'
 * withoutPrefix('/cotizadores/health', '/cotizador'); // '/cotizadores/health'
 * ```
 */
export function withoutPrefix(target: string, prefix: string): string {
  const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (base === '' || !target.startsWith(base)) return target;
  const rest = target.slice(base.length);
  if (rest === '') return '/';
  if (rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : target;
}
