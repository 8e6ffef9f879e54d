/**
 * Serves the whole interface over node:http: `npx tsx examples/server.ts` (PORT=0 picks a free
 * port), then
 *
 *   curl -s -u app:s3cret-value -d grant_type=client_credentials -d scope=update \
 *     http://127.0.0.1:8080/api/esb/ValidaCredenciales/accesstoken
 *   curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
 *     -d '{"lineaCaptura":"0124ABCD5678EFGH9012"}' \
 *     http://127.0.0.1:8080/api/esb/ServiciosContribuyentes/obtenerDocumento
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService } from 'cotizador';
import { toNodeListener } from 'cotizador/node';

const service = createService({
  clients: [{ clientId: 'app', clientSecret: process.env['CLIENT_SECRET'] ?? 's3cret-value', scopes: ['update', 'read'] }],
  // Without TOKEN_SECRET each process signs with its own random secret (tokens die with it).
  tokenSecret: process.env['TOKEN_SECRET'],
});

const server = createServer(toNodeListener(service));
server.listen(Number(process.env['PORT'] ?? 8080), '127.0.0.1', () => {
  console.log(`cotizador listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
