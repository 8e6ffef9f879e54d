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
  /**
   * The body: its raw bytes (decoded as strict UTF-8 by the service; invalid UTF-8 is ERRESQ001),
   * its text, or a value a framework already parsed (`express.json()`, `express.urlencoded()`):
   * an object or array is taken as the parsed JSON, or the form's fields on the token URLs.
   * `""`, `null` or undefined when there is none.
   */
  readonly body?: RequestBody;
  /**
   * The client's address, when the transport knows it (`cotizador/node`'s server gives the
   * connection's; behind a proxy, the address the trusted proxy reports). The failed-authentication
   * limit of the token URLs counts by it; without it, only per client id.
   */
  readonly remoteAddress?: string | undefined;
}

/**
 * What a request body may be: bytes, text, or a framework's parsed value.
 *
 * @example
 * ```ts
 * const raw: RequestBody = new TextEncoder().encode('{"lineaCaptura":"0124ABCD5678EFGH9012"}');
 * const parsed: RequestBody = { lineaCaptura: '0124ABCD5678EFGH9012' };
 * ```
 */
export type RequestBody = string | Uint8Array | Readonly<Record<string, unknown>> | readonly unknown[] | null | undefined;

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
  /** The request's folio, for the transport's log (also in envelope bodies); not sent as a header. */
  readonly folio?: string | undefined;
}
