/**
 * The Node-only names live on `cotizador/node` and nowhere else: the root and
 * `cotizador/service` stay Web-standard (docs/server.md, Runtimes; CHANGELOG 0.2.0).
 */
import { describe, expect, it } from 'vitest';
import * as root from '../../src/entry/index.js';
import * as node from '../../src/entry/node.js';
import * as service from '../../src/entry/service.js';

const NODE_ONLY = ['toNodeListener', 'createNodeServer', 'shutdownNodeServer', 'toFastifyPlugin', 'toExpressHandler'];

describe('cotizador/node', () => {
  it('exports the node:http server and the adapters, with the error class every entry shares', () => {
    for (const name of NODE_ONLY) expect(typeof (node as Record<string, unknown>)[name], name).toBe('function');
    expect(node.QuoteError).toBe(root.QuoteError);
  });

  it('is the only entry that does: neither the root nor cotizador/service exports them', () => {
    for (const name of NODE_ONLY) {
      expect(name in root, `root exports ${name}`).toBe(false);
      expect(name in service, `cotizador/service exports ${name}`).toBe(false);
    }
    expect(typeof service.createService).toBe('function');
  });
});
