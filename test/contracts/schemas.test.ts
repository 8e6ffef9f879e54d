import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { schemas, TYPEBOX_SCHEMAS } from '../../src/entry/contracts.js';

/** Every `$id` in a schema, nested ones included. */
function ids(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const own = typeof (value as { $id?: unknown }).$id === 'string' ? [(value as { $id: string }).$id] : [];
  return [...own, ...Object.values(value).flatMap(ids)];
}

/** The schema without `$schema` and nested `$id`s: what the TypeBox source says, as plain JSON. */
function comparable(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v, false));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '$schema' && (top || key !== '$id'))
      .map(([key, child]) => [key, comparable(child, false)]),
  );
}

describe('schemas', () => {
  it('exports every shape of the interface by name', () => {
    expect(Object.keys(schemas).sort()).toEqual([
      'AtmApiVersion',
      'AtmDataset',
      'AtmErrorBody',
      'AtmListResponse',
      'AutoEstreneRequest',
      'AutoEstreneResponse',
      'Detalles',
      'ErrorEnvelope',
      'Health',
      'Jwks',
      'OAuthError',
      'OAuthTokenResponse',
      'ObtenerDocumentoRequest',
      'ObtenerDocumentoResponse',
      'PaymentRecord',
      'SegAutoVendorRequest',
      'SegAutoVendorResponse',
      'TokenRequest',
      'TokenResponse',
    ]);
  });

  it('are plain JSON objects with $schema, one $id and a title, equal to their TypeBox source without symbols', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
      expect(Object.getOwnPropertySymbols(schema)).toEqual([]);
      expect(schema['$schema'], name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema['$id'], name).toBe(name);
      expect(ids(schema), name).toEqual([name]);
      expect(typeof schema['title']).toBe('string');
      expect(comparable(schema)).toEqual(comparable(JSON.parse(JSON.stringify(TYPEBOX_SCHEMAS[name as keyof typeof TYPEBOX_SCHEMAS]))));
    }
  });

  it('all load into one Ajv 2020 instance (unique ids), strict, and compile', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const schema of Object.values(schemas)) ajv.addSchema(schema as object);
    for (const name of Object.keys(schemas)) expect(typeof ajv.getSchema(name), name).toBe('function');
    const envelope = ajv.getSchema('ErrorEnvelope');
    expect(
      envelope?.({
        status: 400,
        codigoRespuesta: '0',
        codigoError: 'ERRESQ006',
        folio: 'f-1',
        mensaje: 'No se enviaron campos requeridos',
        detalles: { enlace: 'https://cotizador.example/docs/errores#ERRESQ006', propiedad: 'Falta un campo requerido' },
      }),
    ).toBe(true);
  });

  it('use pattern, never format', () => {
    expect(JSON.stringify(schemas)).not.toContain('"format"');
  });

  it('wrap the engine results in the success envelope', () => {
    const response = schemas.AutoEstreneResponse as { required: string[]; properties: Record<string, { title?: string }> };
    expect(response.required).toEqual(['status', 'codigoRespuesta', 'mensaje', 'folio', 'resultado']);
    expect(response.properties['resultado']?.title).toBe('resultado (AutoEstrene)');
    expect((schemas.SegAutoVendorResponse as typeof response).properties['resultado']?.title).toBe('resultado (SegAutoVendor)');
  });

  it('are frozen', () => {
    expect(Object.isFrozen(schemas.TokenRequest)).toBe(true);
    expect(Object.isFrozen((schemas.TokenRequest as { properties: object }).properties)).toBe(true);
  });
});
