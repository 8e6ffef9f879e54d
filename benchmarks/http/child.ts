/**
 * A server in its own process, for the HTTP benchmarks: `node --import tsx child.ts MODE ROOT`.
 * It prints `PORT <n>` once it listens on 127.0.0.1 and runs until killed.
 *
 * - `listener`: `createServer(toNodeListener(service))` from ROOT's sources (ROOT may be an
 *   older checkout, so the same harness measures code before and after a change).
 * - `serve`: the server `cotizador serve` runs (`createNodeServer`), from ROOT's sources.
 * - `ceiling`: a bare node:http server answering every request with one fixed body: what
 *   node:http itself costs for the same bytes (the body is read from the file given as ROOT).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_CLIENT, BENCH_SECRET } from './shared.js';

const [mode = 'listener', root = process.cwd()] = process.argv.slice(2);

async function build(): Promise<Server> {
  if (mode === 'ceiling') {
    const body = readFileSync(root);
    return createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        response.end(body);
      });
    });
  }
  const entry = (await import(pathToFileURL(join(root, 'src/entry/service.ts')).href)) as Record<string, unknown>;
  // The node:http pieces: on cotizador/node since issue 20, on cotizador/service in an older checkout.
  const nodeEntry = join(root, 'src/entry/node.ts');
  const node = existsSync(nodeEntry) ? ((await import(pathToFileURL(nodeEntry).href)) as Record<string, unknown>) : entry;
  const createService = entry['createService'] as (config: unknown) => unknown;
  const service = createService({ clients: [BENCH_CLIENT], tokenSecret: BENCH_SECRET });
  if (mode === 'serve') {
    const createNodeServer = node['createNodeServer'] as (service: unknown) => Server;
    return createNodeServer(service);
  }
  const toNodeListener = node['toNodeListener'] as (service: unknown) => Parameters<typeof createServer>[1];
  return createServer(toNodeListener(service) as never);
}

const server = await build();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address !== null ? address.port : 0}\n`);
});
