/**
 * The OpenAPI document: valid OpenAPI 3.1 for a real validator, generated from the exported
 * schemas, the committed `openapi.json` equal to the generator's output and to what the server
 * serves, every route and status covered, every example valid against its schema.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ENVELOPE_STATUSES, schemas } from '../../src/entry/contracts.js';
import { quoteCredit } from '../../src/entry/credit.js';
import { quotePolicy } from '../../src/entry/insurance.js';
import { openApiDocument, ROUTES } from '../../src/entry/service.js';
import { accessToken, json, post, testService } from './helpers.js';

type Json = Record<string, unknown>;
const doc = openApiDocument();
const paths = doc['paths'] as Record<string, Record<string, Json>>;

/** Every media type object with an example, and where it is. */
function examples(value: unknown, where: string, out: { where: string; schema: Json; example: unknown }[] = []) {
  if (typeof value !== 'object' || value === null) return out;
  const object = value as Json;
  if ('schema' in object && 'example' in object) out.push({ where, schema: object['schema'] as Json, example: object['example'] });
  for (const [key, child] of Object.entries(object)) examples(child, `${where}/${key}`, out);
  return out;
}

/** A schema of the document with its `#/components/…` references resolved against the document added to Ajv as `openapi.json`. */
function inDocument(schema: unknown): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')) as Json;
}

describe('openapi.json', () => {
  it('is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse a broken document.
    const broken = structuredClone(doc);
    delete broken['info'];
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('is committed as generated (npm run openapi) and served as generated', async () => {
    expect(JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'))).toEqual(doc);
    const served = await testService().handle({ method: 'GET', path: '/openapi.json', headers: {} });
    expect(served.status).toBe(200);
    expect(served.headers['Cache-Control']).toBe('max-age=3600');
    expect(json(served)).toEqual(doc);
    expect(/[^\x20-\x7e]/.test(served.body)).toBe(false);
  });

  it('takes its schemas from the exported ones, not a second copy', () => {
    const components = (doc['components'] as { schemas: Record<string, Json> }).schemas;
    expect(Object.keys(components).sort()).toEqual(Object.keys(schemas).sort());
    for (const [name, schema] of Object.entries(schemas)) {
      const { $schema: _d, $id: _i, ...rest } = schema as Json;
      expect(components[name], name).toEqual(rest);
    }
  });

  it('covers every route, method and status the service answers, and both OAuth schemes', () => {
    for (const path of Object.values(ROUTES)) expect(Object.keys(paths)).toContain(path);
    for (const path of ['/open-banking/open-data/v2/atms', '/open-banking/open-data/v2/atms/api-version']) {
      expect(Object.keys(paths[path] ?? {}).sort()).toEqual(['get', 'head']);
    }
    const envelopeStatuses = ENVELOPE_STATUSES.map(String).sort();
    for (const path of [ROUTES.token, ROUTES.autoEstrene, ROUTES.segAutoVendor, ROUTES.obtenerDocumento]) {
      expect(Object.keys(paths[path]?.['post']?.['responses'] as Json).sort(), path).toEqual(envelopeStatuses);
    }
    expect(Object.keys(paths[ROUTES.atmToken]?.['post']?.['responses'] as Json).sort()).toEqual([
      '200',
      '400',
      '401',
      '405',
      '406',
      '408',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(Object.keys(paths['/open-banking/open-data/v2/atms']?.['get']?.['responses'] as Json).sort()).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '405',
      '406',
      '408',
      '429',
      '431',
      '500',
      '503',
    ]);
    const schemes = (doc['components'] as { securitySchemes: Record<string, Json> }).securitySchemes;
    expect(schemes['ValidaCredenciales']).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: ROUTES.token, scopes: { update: expect.any(String) } } },
    });
    expect(schemes['AtmOAuth']).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: ROUTES.atmToken, scopes: { 'atms:read': expect.any(String), read: expect.any(String) } } },
    });
    expect(paths[ROUTES.autoEstrene]?.['post']?.['security']).toEqual([{ ValidaCredenciales: ['update'] }]);
  });

  it('every example is valid against its schema (Ajv 2020)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(doc, 'openapi.json');
    const found = examples(doc, '');
    expect(found.length).toBeGreaterThan(60);
    for (const { where, schema, example } of found) {
      const target = inDocument(schema);
      const validate = ajv.compile(target);
      expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("the examples of the quotes are what the engines answer to the example requests (on the examples' date)", () => {
    const exampleOf = (path: string, part: 'requestBody' | 'response'): Json => {
      const post = paths[path]?.['post'] as Json;
      const holder = (part === 'requestBody' ? post['requestBody'] : (post['responses'] as Json)['200']) as {
        content: { 'application/json': { example: Json } };
      };
      return holder.content['application/json'].example;
    };
    const credit = exampleOf(ROUTES.autoEstrene, 'requestBody')['solicitud'] as Parameters<typeof quoteCredit>[0];
    const creditAnswer = exampleOf(ROUTES.autoEstrene, 'response')['resultado'] as { registros: unknown[] };
    expect(creditAnswer).toEqual(quoteCredit(credit));
    expect(creditAnswer.registros).toHaveLength(3);
    const policy = exampleOf(ROUTES.segAutoVendor, 'requestBody')['solicitud'] as Parameters<typeof quotePolicy>[0];
    expect(exampleOf(ROUTES.segAutoVendor, 'response')['resultado']).toEqual(quotePolicy(policy, { fechaInicio: '2026-01-31' }));
  });

  it('names no host: servers is relative to where the document is served', async () => {
    expect(doc['servers']).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(JSON.stringify(doc)).not.toMatch(/127\.0\.0\.1|localhost|:8080/);
  });

  it('says the requirements of tipoSeguro 1 and 2, and they are the engine’s: the document and the service refuse the same requests', async () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc, 'openapi.json');
    const body = paths[ROUTES.autoEstrene]?.['post']?.['requestBody'] as { content: { 'application/json': { schema: Json } } };
    const validate = ajv.compile(inDocument(body.content['application/json'].schema));
    const service = testService();
    const token = await accessToken(service);
    const base = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36 };
    const info = {
      cveEntidadFederativa: 9,
      idTipoUnidad: 1,
      idUsoAutomovil: 1,
      idAgencia: 1002,
      numeroAgencia: 4501,
      modelo: 2026,
      enganche: '70000.00',
      codigoPostal: '03100',
      idAseguradora: 1,
    };
    const infos: (Json | undefined)[] = [undefined, info, { ...info, idPaquete: 0 }, { ...info, idPaquete: 1 }];
    let refusedByRule = 0;
    for (const tipoSeguro of [undefined, 0, 1, 2]) {
      for (const informacionSeguro of infos) {
        const solicitud: Json = { ...base };
        if (tipoSeguro !== undefined) solicitud['tipoSeguro'] = tipoSeguro;
        if (informacionSeguro !== undefined) solicitud['informacionSeguro'] = informacionSeguro;
        const documentSays = validate({ solicitud });
        const res = await service.handle(post(ROUTES.autoEstrene, { solicitud }, token));
        const answer = json(res);
        const ruleRefusal = res.status === 400 && answer['codigoError'] === 'ERRESQ006';
        const where = JSON.stringify(solicitud);
        // Every request the document refuses, the service refuses with ERRESQ006 on the rule's fields, and the reverse.
        expect(!documentSays, where).toBe(ruleRefusal);
        if (ruleRefusal) {
          refusedByRule++;
          expect(['solicitud.informacionSeguro', 'solicitud.informacionSeguro.idPaquete'], where).toContain(
            answer['detalles'].valorIncorrecto,
          );
        } else expect(res.status, `${where} ${res.body}`).toBe(200);
      }
    }
    expect(refusedByRule).toBe(6);
  });
});
