/**
 * The route registry drives everything that names a route: the dispatch (each route's methods,
 * its family's error bodies), the switches (its API) and the OpenAPI document's paths (each path,
 * its methods and its schemas), in the registry's order.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument, ROUTES } from '../../src/entry/service.js';
import { ATM_MOUNT, ROUTE_TABLE, routeAt } from '../../src/service/routes.js';
import { json, testService } from './helpers.js';

const paths = openApiDocument()['paths'] as Record<string, Record<string, Record<string, unknown>>>;

describe('the route registry', () => {
  it('is the OpenAPI paths, in its order, each with its methods and schemas', () => {
    expect(Object.keys(paths)).toEqual(ROUTE_TABLE.map((route) => route.path));
    for (const route of ROUTE_TABLE) {
      const item = paths[route.path] ?? {};
      expect(Object.keys(item), route.name).toEqual(route.methods.map((method) => method.toLowerCase()));
      const text = JSON.stringify(item);
      for (const schema of [route.schemas.request, route.schemas.response]) {
        if (schema !== undefined) expect(text, `${route.name}: ${schema}`).toContain(`"#/components/schemas/${schema}"`);
      }
    }
  });

  it('is ROUTES: the routes the service answers itself, the ATM API answering under its mount', () => {
    const own = ROUTE_TABLE.filter((route) => !route.path.startsWith(`${ATM_MOUNT.base}/`));
    expect(Object.entries(ROUTES)).toEqual(own.map((route) => [route.name, route.path]));
    for (const route of ROUTE_TABLE) expect(routeAt(route.path)?.name, route.path).toBe(own.includes(route) ? route.name : undefined);
  });

  it("dispatches each route by its methods: another one is a 405 naming them, in its family's shape", async () => {
    const service = testService();
    for (const route of ROUTE_TABLE) {
      const res = await service.handle({ method: 'PUT', path: route.path, headers: {}, body: '' });
      expect(res.status, route.name).toBe(405);
      const body = json(res);
      if (route.family === 'envelope')
        expect([body['codigoError'], res.headers['Allow']], route.name).toEqual(['ERRSEG006', route.methods.join(', ')]);
      if (route.family === 'oauth') expect(body['error'], route.name).toBe('invalid_request');
      if (route.family === 'atm') expect(body['status'], route.name).toBe('405');
    }
  });

  it("switches each route off by its API; the service's own documents never", async () => {
    for (const route of ROUTE_TABLE) {
      const method = route.methods[0] as string;
      const on = testService({ switches: { off: [] } });
      const res = await testService({ switches: { off: route.api === undefined ? 'all' : [route.api] } }).handle({
        method,
        path: route.path,
        headers: {},
        body: '',
      });
      if (route.api === undefined) {
        // /ready is never switched off either: it answers that, with every API off, the instance is not ready.
        if (route.name === 'ready') expect(JSON.parse(res.body), route.name).toEqual({ status: 'notReady', reasons: ['apisOff'] });
        else expect(res.status, route.name).toBe(200);
        continue;
      }
      expect(res.status, route.name).toBe(503);
      // The same request with every API on is not refused for being off.
      expect((await on.handle({ method, path: route.path, headers: {}, body: '' })).status, route.name).not.toBe(503);
    }
  });
});
