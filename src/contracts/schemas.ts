/**
 * Every request and response shape of the interface as plain JSON Schema, by name: the same
 * TypeBox definitions the validators and types come from, with TypeBox's symbol keys dropped.
 */
import type { TSchema } from '@sinclair/typebox';
import { AtmApiVersionSchema, AtmErrorBodySchema, AtmListResponseSchema } from './atm.js';
import { AutoEstreneRequestSchema, CreditResultSchema } from './credit.js';
import { DetallesSchema, ErrorEnvelopeSchema, successEnvelope } from './envelope.js';
import { PolicyResultSchema, SegAutoVendorRequestSchema } from './policy.js';
import { ObtenerDocumentoRequestSchema, ObtenerDocumentoResponseSchema, PaymentRecordSchema } from './taxpayer.js';
import { OAuthErrorSchema, OAuthTokenResponseSchema, TokenRequestSchema, TokenResponseSchema } from './token.js';

/**
 * The AutoEstrene response: the success envelope around the credit engine's `resultado`.
 *
 * @example
 * ```ts
 * const response = await service.handle({
 *   method: 'POST', path: ROUTES.autoEstrene, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ solicitud }),
 * });
 * validateWith(AutoEstreneResponseSchema, JSON.parse(response.body)).success; // true
 * ```
 */
export const AutoEstreneResponseSchema = successEnvelope({ resultado: CreditResultSchema }, 'AutoEstreneResponse', 'AutoEstrene response');
/**
 * The SegAutoVendor response: the success envelope around the insurance engine's `resultado`.
 *
 * @example
 * ```ts
 * const response = await service.handle({
 *   method: 'POST', path: ROUTES.segAutoVendor, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ solicitud: policySolicitud }),
 * });
 * validateWith(SegAutoVendorResponseSchema, JSON.parse(response.body)).success; // true
 * ```
 */
export const SegAutoVendorResponseSchema = successEnvelope(
  { resultado: PolicyResultSchema },
  'SegAutoVendorResponse',
  'SegAutoVendor response',
);

/**
 * The TypeBox definitions behind {@link schemas}, by the same names.
 *
 * @example
 * ```ts
 * validateWith(TYPEBOX_SCHEMAS.OAuthTokenResponse, { access_token: 'x.y.z', token_type: 'Bearer', expires_in: 3600, scope: 'read' }).success; // true
 * ```
 */
export const TYPEBOX_SCHEMAS = Object.freeze({
  TokenRequest: TokenRequestSchema,
  TokenResponse: TokenResponseSchema,
  OAuthTokenResponse: OAuthTokenResponseSchema,
  OAuthError: OAuthErrorSchema,
  ErrorEnvelope: ErrorEnvelopeSchema,
  Detalles: DetallesSchema,
  AutoEstreneRequest: AutoEstreneRequestSchema,
  AutoEstreneResponse: AutoEstreneResponseSchema,
  SegAutoVendorRequest: SegAutoVendorRequestSchema,
  SegAutoVendorResponse: SegAutoVendorResponseSchema,
  ObtenerDocumentoRequest: ObtenerDocumentoRequestSchema,
  ObtenerDocumentoResponse: ObtenerDocumentoResponseSchema,
  PaymentRecord: PaymentRecordSchema,
  AtmListResponse: AtmListResponseSchema,
  AtmErrorBody: AtmErrorBodySchema,
  AtmApiVersion: AtmApiVersionSchema,
} satisfies Record<string, TSchema>);

/**
 * A name in {@link schemas}.
 *
 * @example
 * ```ts
 * const name: SchemaName = 'AutoEstreneRequest';
 * schemas[name].$id; // 'AutoEstreneRequest'
 * ```
 */
export type SchemaName = keyof typeof TYPEBOX_SCHEMAS;

/**
 * A plain JSON Schema object (JSON-serialisable, frozen).
 *
 * @example
 * ```ts
 * const schema: JsonSchema = schemas.TokenRequest;
 * JSON.stringify(schema);
 * ```
 */
export type JsonSchema = Readonly<Record<string, unknown>>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** A plain copy of a TypeBox schema: JSON round trip drops the symbol keys TypeBox adds. */
function toJsonSchema(schema: TSchema): JsonSchema {
  return deepFreeze(JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

/**
 * The interface's shapes as JSON Schema objects, by name, each with its `$id` and `title`.
 *
 * @example
 * ```ts
 * schemas.AutoEstreneRequest.$id;          // 'AutoEstreneRequest'
 * JSON.stringify(schemas.TokenResponse);   // publishable as is
 * ```
 */
export const schemas: Readonly<Record<SchemaName, JsonSchema>> = Object.freeze(
  Object.fromEntries(Object.entries(TYPEBOX_SCHEMAS).map(([name, schema]) => [name, toJsonSchema(schema)])) as Record<
    SchemaName,
    JsonSchema
  >,
);
