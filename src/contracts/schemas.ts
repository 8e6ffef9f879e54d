/**
 * Every request and response shape of the interface as plain JSON Schema, by name: the same
 * TypeBox definitions the validators and types come from, with TypeBox's symbol keys dropped.
 */
import type { TSchema } from '@sinclair/typebox';
import { AtmApiVersionSchema, AtmDatasetSchema, AtmErrorBodySchema, AtmListResponseSchema } from './atm.js';
import { HealthSchema } from './health.js';
import { AutoEstreneRequestSchema, CreditResultSchema } from './credit.js';
import { DetallesSchema, ErrorEnvelopeSchema, successEnvelope } from './envelope.js';
import { PolicyResultSchema, SegAutoVendorRequestSchema } from './policy.js';
import { ObtenerDocumentoRequestSchema, ObtenerDocumentoResponseSchema, PaymentRecordSchema } from './taxpayer.js';
import { JwksSchema, OAuthErrorSchema, OAuthTokenResponseSchema, TokenRequestSchema, TokenResponseSchema } from './token.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/schemas.js';

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
export const AutoEstreneResponseSchema = precompiled(
  successEnvelope({ resultado: CreditResultSchema }, 'AutoEstreneResponse', 'AutoEstrene response'),
  checks.checkAutoEstreneResponse,
);
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
export const SegAutoVendorResponseSchema = precompiled(
  successEnvelope({ resultado: PolicyResultSchema }, 'SegAutoVendorResponse', 'SegAutoVendor response'),
  checks.checkSegAutoVendorResponse,
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
  AtmDataset: AtmDatasetSchema,
  Jwks: JwksSchema,
  Health: HealthSchema,
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

/**
 * The JSON Schema dialect every exported schema declares in `$schema` (the one OpenAPI 3.1 uses).
 *
 * @example
 * ```ts
 * schemas.TokenRequest.$schema === JSON_SCHEMA_DIALECT; // true
 * ```
 */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The schema without the `$id` of every nested schema (a nested shape is inlined, not a resource). */
function withoutNestedIds(value: unknown, top: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNestedIds(item, false));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$id' && !top) continue;
    // A key named like a keyword under `properties` is a field name, not a keyword.
    out[key] =
      key === 'properties' && typeof child === 'object' && child !== null
        ? Object.fromEntries(Object.entries(child).map(([name, property]) => [name, withoutNestedIds(property, false)]))
        : withoutNestedIds(child, false);
  }
  return out;
}

/**
 * A plain copy of a TypeBox schema: the JSON round trip drops the symbol keys TypeBox adds;
 * `$schema` names the dialect; only the top keeps its `$id`, so every exported schema can be
 * loaded into one validator (a shape nested in two schemas, such as `Detalles`, would otherwise
 * be two resources with one id).
 */
function toJsonSchema(schema: TSchema): JsonSchema {
  const plain = withoutNestedIds(JSON.parse(JSON.stringify(schema)), true) as Record<string, unknown>;
  return deepFreeze({ $schema: JSON_SCHEMA_DIALECT, ...plain });
}

/**
 * The interface's shapes as JSON Schema (2020-12) objects, by name, each with `$schema`, a
 * unique `$id` (nested shapes are inlined without theirs) and `title`.
 *
 * @example
 * ```ts
 * schemas.AutoEstreneRequest.$id;          // 'AutoEstreneRequest'
 * JSON.stringify(schemas.TokenResponse);   // publishable as is
 * ```
 */
export const schemas: Readonly<Record<SchemaName, JsonSchema>> = lazySchemas();

/**
 * {@link schemas} as a frozen object of getters, each converting its schema on first read and
 * keeping the result (the same frozen object on every read). Speed: converting all nineteen at
 * import was 1.5–2 ms of `import('cotizador')`'s CPU (the profile of the front door), spent even
 * by a process that never reads one.
 */
function lazySchemas(): Readonly<Record<SchemaName, JsonSchema>> {
  const done = new Map<SchemaName, JsonSchema>();
  const out = {} as Record<SchemaName, JsonSchema>;
  for (const name of Object.keys(TYPEBOX_SCHEMAS) as SchemaName[]) {
    Object.defineProperty(out, name, {
      enumerable: true,
      get: () => {
        let schema = done.get(name);
        if (schema === undefined) {
          schema = toJsonSchema(TYPEBOX_SCHEMAS[name]);
          done.set(name, schema);
        }
        return schema;
      },
    });
  }
  return Object.freeze(out);
}
