import type { ServiceOptions } from '../../src/entry/node.js';
import { createService, type ServiceRequest, type ServiceResponse } from '../../src/entry/service.js';

export const CLIENT = { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] } as const;
export const SECRET = 'test secret of at least thirty-two bytes';
export const NOW = new Date('2025-01-15T18:00:00Z');

export const CREDIT_BODY = {
  solicitud: {
    montoSolicitado: '280000.00',
    valorFactura: '350000.00',
    tasa: '13.50',
    plazo: 12,
    comisiones: '2.00',
    generaTablaPagos: true,
  },
};
export const POLICY_BODY = {
  solicitud: {
    cveEntidadFederativa: 9,
    idTipoUnidad: 1,
    idUsoAutomovil: 1,
    idClaveVehiculo: 1001,
    modelo: 2025,
    idAgencia: 10,
    montoSumaAsegurada: '350000.00',
    enganche: '70000.00',
    plazoFinanciado: 36,
    codigoPostal: '03100',
  },
};

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** A service on a fixed clock and counter folios. */
export function testService(overrides: Partial<ServiceOptions> = {}) {
  let n = 0;
  return createService({
    clients: [CLIENT],
    tokenSecret: SECRET,
    now: () => NOW,
    folio: () => `folio-${++n}`,
    ...overrides,
  });
}

export async function tokenRequest(
  service: ReturnType<typeof testService>,
  body: string,
  headers: Record<string, string> = {},
): Promise<ServiceResponse> {
  return service.handle({
    method: 'POST',
    path: '/api/esb/ValidaCredenciales/accesstoken',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

export async function accessToken(service: ReturnType<typeof testService>, scope = 'update'): Promise<string> {
  const res = await tokenRequest(service, `grant_type=client_credentials&scope=${encodeURIComponent(scope)}`, {
    authorization: basic(CLIENT.clientId, CLIENT.clientSecret),
  });
  if (res.status !== 200) throw new Error(res.body);
  return (JSON.parse(res.body) as { access_token: string }).access_token;
}

export function post(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): ServiceRequest {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of many shapes by path
export function json(res: ServiceResponse): Record<string, any> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return JSON.parse(res.body) as Record<string, any>;
}
