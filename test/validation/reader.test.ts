import type { TObject } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreditRequestSchema, InsuranceInfoSchema } from '../../src/contracts/credit.js';
import { PolicyRequestSchema } from '../../src/contracts/policy.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { precompiledReader } from '../../src/validation/precompiled.js';
import { fieldReader } from '../../src/validation/reader.js';
import { INSURED_PACKAGE, solicitudArb } from '../helpers.js';
import { BASE } from '../insurance/helpers.js';
import { POLICY_BODY } from '../service/helpers.js';

/** Values that sit on or across the schemas' limits, of every JSON type and some that are not JSON. */
const junk = fc.oneof(
  fc.constantFrom(undefined, null, '', ' ', 'x', 'M', 'AUTO', 'AUTONOM', 'auto', '13.50', '1.00', '1.001', '01', '0', '99999999999.99'),
  fc.constantFrom('999999999999.00', '2026-01-31', '2026-1-31', '03100', '0310', true, false, 0, -1, 1, 9, 10, 99, 100, 999, 1000),
  fc.constantFrom(1.5, -0, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, 1900, 2999, 3000, 999_999_999, 1e21, {}, [], [1], 10n),
  fc.string({ maxLength: 16 }),
  fc.integer({ min: -5, max: 3000 }),
  fc.double(),
  fc.stringMatching(/^(0|[1-9]\d{0,12})(\.\d{0,3})?$/),
);

/** A value that is (or, mutated, is almost) an object the schema accepts. */
function nearlyValid(schema: TObject, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties);
  const edit = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: junk }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('extra' as const), key: fc.oneof(fc.string({ maxLength: 8 }), fc.constant('__proto__')) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('hidden' as const), key: fc.constantFrom(...keys, 'oculto') }) },
  );
  const holder = fc.constantFrom('plain', 'plain', 'plain', 'plain', 'null', 'class', 'inherits', 'array');
  return fc.tuple(valid, fc.array(edit, { maxLength: 3 }), holder, fc.constantFrom(...keys)).map(([base, edits, kind, inherited]) => {
    const fields: Record<string, unknown> = { ...base };
    const hidden: string[] = [];
    for (const e of edits) {
      if (e.kind === 'set') fields[e.key] = e.value;
      else if (e.kind === 'drop') delete fields[e.key];
      else if (e.kind === 'extra') Object.defineProperty(fields, e.key, { value: 1, enumerable: true, configurable: true, writable: true });
      else hidden.push(e.key);
    }
    const target: Record<string, unknown> =
      kind === 'null'
        ? Object.create(null)
        : kind === 'class'
          ? new (class Request {})()
          : kind === 'inherits'
            ? Object.create({ [inherited]: 'heredado' })
            : kind === 'array'
              ? (Object.assign([], {}) as unknown as Record<string, unknown>)
              : {};
    for (const key of Object.getOwnPropertyNames(fields)) {
      Object.defineProperty(target, key, { value: fields[key], enumerable: true, configurable: true, writable: true });
    }
    // A non-enumerable own property: TypeBox lists own names, enumerable or not.
    for (const key of hidden) Object.defineProperty(target, key, { value: fields[key] ?? 'x', enumerable: false, configurable: true });
    return target;
  });
}

/** Policy solicitudes the schema accepts: with most optional fields, and with few. */
const policyBase = fc.constantFrom<Record<string, unknown>>(BASE, POLICY_BODY.solicitud);

/** The credit request's schema anew, without the reader generated for it: read by TypeBox's interpreter, field by field. */
const CreditRequestCopy = Type.Object(CreditRequestSchema.properties, { additionalProperties: false });

const cases: [string, TObject, fc.Arbitrary<Record<string, unknown>>][] = [
  ['the credit request', CreditRequestSchema, solicitudArb as fc.Arbitrary<Record<string, unknown>>],
  ['the credit request, by the interpreted reader', CreditRequestCopy, solicitudArb as fc.Arbitrary<Record<string, unknown>>],
  [
    'the credit request with its insurance',
    CreditRequestSchema,
    solicitudArb.map((s) => ({ ...s, tipoSeguro: 2, informacionSeguro: { ...INSURED_PACKAGE } })),
  ],
  ['the insurance data', InsuranceInfoSchema, fc.constant({ ...INSURED_PACKAGE })],
  ['the policy request', PolicyRequestSchema, policyBase],
];

/** What a value's own properties hold, to show a reader leaves it as it was. */
function ownSnapshot(value: unknown): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.getOwnPropertyNames(value).map((key) => [key, (value as Record<string, unknown>)[key]]);
}

describe('fieldReader', () => {
  it('is tested on values TypeBox accepts and refuses, plain and not', () => {
    for (const [, schema, valid] of cases) {
      const sample = fc.sample(nearlyValid(schema, valid), { numRuns: 400, seed: 1 });
      const accepted = sample.filter((v) => Check(schema, v)).length;
      // Both sides of the property are exercised (a generator that only made invalid values would prove nothing).
      expect(accepted).toBeGreaterThan(40);
      expect(sample.length - accepted).toBeGreaterThan(40);
    }
  });

  for (const [name, schema, valid] of cases) {
    const read = fieldReader(schema);
    it(`reads ${name} exactly when TypeBox accepts it, as a copy of its own fields in the schema's order`, () => {
      fc.assert(
        fc.property(nearlyValid(schema, valid), (value) => {
          const before = ownSnapshot(value);
          const copy = read(value);
          // The reference: TypeBox's interpreter (the library compiles nothing at run time).
          const accepted = Check(schema, value);
          const prototype = Object.getPrototypeOf(value);
          const plain = !Array.isArray(value) && (prototype === Object.prototype || prototype === null);
          // Sound: never accepts what TypeBox refuses.
          if (copy !== undefined) expect(accepted).toBe(true);
          // Complete on plain objects: an accepted plain object is always read.
          if (plain && accepted) expect(copy).toBeDefined();
          if (copy !== undefined) {
            const own = value as Record<string, unknown>;
            expect(Object.keys(copy)).toEqual(Object.keys(schema.properties));
            for (const key of Object.keys(schema.properties)) {
              expect((copy as Record<string, unknown>)[key]).toBe(Object.hasOwn(own, key) ? own[key] : undefined);
            }
          }
          expect(ownSnapshot(value)).toEqual(before);
        }),
      );
    });
  }

  it("is the reader generated ahead of time where the schema carries one, TypeBox's interpreter field by field elsewhere", () => {
    expect(fieldReader(CreditRequestSchema)).toBe(precompiledReader(CreditRequestSchema));
    expect(precompiledReader(CreditRequestSchema)).toBeTypeOf('function');
    expect(precompiledReader(CreditRequestCopy)).toBeUndefined();
    expect(precompiledReader(PolicyRequestSchema)).toBeUndefined();
  });

  it('refuses what it cannot check exactly, when it is made', () => {
    const refuses = (schema: TObject) => {
      try {
        fieldReader(schema);
        return undefined;
      } catch (error) {
        return error instanceof QuoteError ? error.codigoError : 'untyped';
      }
    };
    expect(refuses(Type.Object({ a: Type.String() }))).toBe('ERRSER002'); // additional properties allowed
    expect(refuses(Type.Object({ a: Type.String() }, { additionalProperties: false, minProperties: 1 }))).toBe('ERRSER002');
    expect(refuses(Type.Object({ a: Type.String() }, { additionalProperties: false }))).toBeUndefined();
  });

  it('reads the fields a value has and nothing it inherits', () => {
    const read = fieldReader(CreditRequestSchema);
    const own = { montoSolicitado: '1000.00', valorFactura: '2000.00', plazo: 3 };
    expect(read(own)).toMatchObject({ ...own, tasa: undefined, informacionSeguro: undefined });
    // Inherited fields: TypeBox reads them, a reader leaves the value to TypeBox.
    expect(read(Object.assign(Object.create({ tasa: '12.00' }), own))).toBeUndefined();
    expect(read({ ...own, plazo: 1000 })).toBeUndefined();
    expect(read({ ...own, desconocido: 1 })).toBeUndefined();
    expect(read({ ...own, tasa: undefined })?.tasa).toBeUndefined();
  });
});
