/**
 * The checks generated ahead of time (`src/contracts/generated/*.ts`) are what the schemas
 * give and agree with TypeBox:
 *
 * 1. The committed modules are exactly what `scripts/generate-validators.ts` writes from the schemas
 *    as they are (regenerated in memory): a schema changed without `npm run validators` fails here.
 * 2. Every schema the generator covers carries its own generated check (and reader), nothing else,
 *    and every schema an entry of the package exports is covered.
 * 3. On every value of the corpus (every request, result and response body, and every object
 *    inside them) and on valid values mutated at random paths, each generated check answers as
 *    TypeBox's interpreter (`Value.Check`, the reference) and as TypeBox's run-time compiled check
 *    (`TypeCompiler.Compile`, what the library ran before; compiled here, in the test, only).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Check } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkedSchemas, GENERATED_MODULES, generatedSource } from '../../scripts/generate-validators.js';
import { precompiled, precompiledCheck, precompiledReader } from '../../src/validation/precompiled.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** Each generated module's exports, in the order of `GENERATED_MODULES`. */
const MODULE_EXPORTS = (await Promise.all(GENERATED_MODULES.map((module) => import(pathToFileURL(module.file).href)))) as Record<
  string,
  unknown
>[];
const ENTRIES = ['index', 'credit', 'cat', 'insurance', 'contracts', 'service', 'atm', 'documents', 'analysis'];

/** Every schema, with its module's exports and its reader if it has one. */
const CHECKED = GENERATED_MODULES.flatMap((module, i) =>
  Object.entries(checkedSchemas(module)).map(([name, schema]) => ({
    name,
    schema,
    exports: MODULE_EXPORTS[i] as Record<string, unknown>,
    reads: name in module.readers,
  })),
);

/** Every JSON value the corpus holds: inputs, outputs, service bodies (JSON or form fields). */
function corpusValues(): unknown[] {
  const values: unknown[] = [];
  const parse = (text: string | undefined): unknown => {
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return Object.fromEntries(new URLSearchParams(text));
    }
  };
  for (const line of readFileSync(join(ROOT, 'test/corpus/corpus.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const record = JSON.parse(line) as Record<string, unknown>;
    if ('solicitud' in record) values.push(record['solicitud'], { solicitud: record['solicitud'] });
    const output = parse(record['output'] as string) as Record<string, unknown>;
    values.push(output['ok']);
    if (record['kind'] === 'service') {
      values.push(parse((record['request'] as { body?: string }).body));
      values.push(parse(output['body'] as string));
    }
  }
  values.push(JSON.parse(readFileSync(join(ROOT, 'data/atm-example.json'), 'utf8')));
  values.push(JSON.parse(readFileSync(join(ROOT, 'data/sample-payments.json'), 'utf8')));
  values.push(JSON.parse(readFileSync(join(ROOT, 'data/tariff.json'), 'utf8')));
  // What the corpus lacks: a health answer each way, and a key set with a key.
  values.push(
    { status: 'ok' },
    { status: 'draining' },
    { keys: [{ kty: 'RSA', kid: 'k1', use: 'sig', alg: 'RS256', n: 'sXchDgMbM4', e: 'AQAB' }] },
  );
  return values;
}

/** The values and every object and array inside them, each once (by its JSON text). */
function withParts(values: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  const visit = (value: unknown): void => {
    const text = JSON.stringify(value) ?? 'undefined';
    if (seen.has(text)) return;
    seen.set(text, value);
    if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) visit(child);
  };
  for (const value of values) visit(value);
  return [...seen.values()];
}

const POOL = withParts(corpusValues());

/** Values on or across the schemas' limits, of every JSON type and some that are not JSON. */
const junk = fc.oneof(
  fc.constantFrom(undefined, null, '', ' ', 'x', '1.00', '1.001', '01', '0', 'AUTO', '2026-01-31', '03100', 'client_credentials'),
  fc.constantFrom(true, false, 0, -1, 1, 99, 100, 999, 1000, 1.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, {}, [], [1], 10n),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 3000 }),
);

type Path = readonly (string | number)[];

/** Every path inside `value` (to objects, arrays and leaves). */
function paths(value: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) out.push(...paths(value[i], [...at, i]));
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) out.push(...paths(child, [...at, key]));
  return out;
}

type Edit = { kind: 'set'; at: number; value: unknown } | { kind: 'drop'; at: number } | { kind: 'extra'; at: number; key: string };

/** `value` copied with the edits applied (an edit whose path no longer exists does nothing). */
function edited(value: unknown, edits: readonly Edit[]): unknown {
  let copy = structuredClone(value);
  const all = paths(value);
  for (const edit of edits) {
    const path = all[edit.at % all.length] as Path;
    if (path.length === 0) {
      if (edit.kind === 'set') copy = edit.value;
      continue;
    }
    let parent: unknown = copy;
    for (const key of path.slice(0, -1))
      parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[key] : undefined;
    if (typeof parent !== 'object' || parent === null) continue;
    const last = path[path.length - 1] as string | number;
    const holder = parent as Record<string | number, unknown>;
    if (edit.kind === 'set') holder[last] = edit.value;
    else if (edit.kind === 'drop') {
      if (Array.isArray(holder)) holder.splice(last as number, 1);
      else delete holder[last];
    } else if (typeof holder[last] === 'object' && holder[last] !== null && !Object.hasOwn(holder[last] as object, edit.key)) {
      // An extra property: a name the object already has (an array's `length`) is not extra.
      Object.defineProperty(holder[last], edit.key, { value: 1, enumerable: true, configurable: true, writable: true });
    }
  }
  return copy;
}

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: junk }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.oneof(fc.string({ maxLength: 6 }), fc.constant('__proto__')),
    }),
  },
);

describe('the generated checks', () => {
  it('are what the generator writes from the schemas as they are (run `npm run validators` after changing a schema)', () => {
    expect(MODULE_EXPORTS.length).toBe(GENERATED_MODULES.length);
    for (const module of GENERATED_MODULES) expect(readFileSync(module.file, 'utf8')).toBe(generatedSource(module));
  });

  it('are carried by their schemas, each by its own', () => {
    GENERATED_MODULES.forEach((module, i) => {
      const checks = Object.keys(MODULE_EXPORTS[i] as object).filter((name) => name.startsWith('check'));
      expect(checks.sort()).toEqual(
        Object.keys(checkedSchemas(module))
          .map((name) => `check${name}`)
          .sort(),
      );
    });
    for (const { name, schema, exports, reads } of CHECKED) {
      expect(precompiledCheck(schema), name).toBe(exports[`check${name}`]);
      expect(precompiledReader(schema), name).toBe(reads ? exports[`read${name}`] : undefined);
    }
  });

  it('cover every schema the package exports', async () => {
    let exported = 0;
    for (const entry of ENTRIES) {
      const module = (await import(/* @vite-ignore */ join(ROOT, 'src', 'entry', `${entry}.ts`))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== 'object' || value === null || !(Kind in value)) continue;
        exported++;
        expect(precompiledCheck(value as TSchema), `${entry}: ${name}`).toBeTypeOf('function');
      }
    }
    expect(exported).toBeGreaterThan(40);
  });

  it('vouch only for the schema they were attached to', () => {
    const schema = precompiled(Type.Object({ a: Type.String() }), () => true);
    expect(precompiledCheck(schema)?.(1)).toBe(true);
    // A copy with the symbol keys (what TypeBox's Clone makes) is not vouched for.
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as TSchema;
    expect(precompiledCheck(copy)).toBeUndefined();
    // A frozen schema is left alone (then TypeBox's interpreter checks it).
    const frozen = Object.freeze(Type.String());
    expect(precompiled(frozen, () => true)).toBe(frozen);
    expect(precompiledCheck(frozen)).toBeUndefined();
  });

  for (const { name, schema, exports } of CHECKED) {
    const check = exports[`check${name}`] as (value: unknown) => boolean;
    const compiled = TypeCompiler.Compile(schema);
    const accepted = POOL.filter((value) => Check(schema, value));

    it(`${name}: answers as TypeBox on every value of the corpus and every value inside one`, () => {
      // The pool holds values this schema accepts, so both answers are exercised.
      expect(accepted.length, name).toBeGreaterThan(0);
      for (const value of POOL) {
        const reference = Check(schema, value);
        if (check(value) !== reference || compiled.Check(value) !== reference) expect({ value, reference }).toBeUndefined();
      }
    });

    it(`${name}: answers as TypeBox on valid values mutated at random paths`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...accepted), fc.array(edit, { minLength: 1, maxLength: 3 }), (valid, edits) => {
          const value = edited(valid, edits);
          const reference = Check(schema, value);
          expect(check(value)).toBe(reference);
          expect(compiled.Check(value)).toBe(reference);
        }),
        { numRuns: 200 },
      );
    });
  }
});
