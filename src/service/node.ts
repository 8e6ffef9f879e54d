/**
 * A node:http adapter: `http.createServer(toNodeListener(service))`. It reads the body up to the
 * service's `maxBodyBytes` (plus one byte, so the service can tell it was exceeded), passes
 * headers through unchanged and writes the response back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service } from './service.js';
import type { ServiceRequest } from '../http/types.js';

/** Reads at most `limit` bytes of the body, then discards the rest. */
async function readBody(message: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (size <= limit) chunks.push(buffer.subarray(0, limit + 1 - size));
    size += buffer.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Turns a service into a node:http request listener.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const service = createService({ clients: [{ clientId: 'app', clientSecret: 's3cret', scopes: ['update'] }] });
 * createServer(toNodeListener(service)).listen(8080);
 * ```
 */
export function toNodeListener(service: Service): (request: IncomingMessage, response: ServerResponse) => void {
  return (message, response) => {
    void (async () => {
      let request: ServiceRequest;
      try {
        request = {
          method: message.method ?? 'GET',
          path: message.url ?? '/',
          headers: message.headers,
          body: await readBody(message, service.limits.maxBodyBytes),
        };
      } catch {
        response.destroy();
        return;
      }
      const answer = await service.handle(request);
      response.writeHead(answer.status, answer.headers);
      response.end(message.method === 'HEAD' ? undefined : answer.body);
    })();
  };
}
