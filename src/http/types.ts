/**
 * Transport-free request and response shapes: a server in any framework passes requests in and
 * writes responses back.
 */

/**
 * An incoming request as any HTTP framework can describe it.
 *
 * @example
 * ```ts
 * const request: ServiceRequest = { method: 'POST', path: '/api/esb/Cotizador/v1/AutoEstrene', headers: { authorization: `Bearer ${token}` }, body: '{"solicitud":{}}' };
 * (await service.handle(request)).status; // 400 (ERRESQ006: the solicitud is empty)
 * ```
 */
export interface ServiceRequest {
  /** HTTP method, any case ("POST"). */
  readonly method: string;
  /** Path, optionally with a query string ("/open-banking/open-data/v2/atms?brand=X"). */
  readonly path: string;
  /** Header names in any case; a repeated header may be an array. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The raw body text ("" or undefined when there is none). */
  readonly body?: string | undefined;
}

/**
 * The response to write back: status, headers and the body text ("" for none).
 *
 * @example
 * ```ts
 * const { status, headers, body }: ServiceResponse = await service.handle({ method: 'GET', path: '/api/esb/Cotizador/v1/AutoEstrene', headers: {} });
 * status; // 405
 * headers['Allow']; // 'POST'
 * JSON.parse(body).codigoError; // 'ERRSEG006'
 * ```
 */
export interface ServiceResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}
