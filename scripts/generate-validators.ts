/**
 * The schema checks, generated ahead of time: TypeBox's compiler writes each check as source
 * (`TypeCompiler.Code`), and this writes them into one module per file that defines schemas
 * (`src/contracts/generated/<file>.ts` beside `src/contracts/<file>.ts`, and
 * `src/insurance/generated/checks.ts`), so the library never compiles a check at run time (no
 * `new Function`: see `src/validation/precompiled.ts`). One module per defining file, not one per
 * folder: a bundle then loads only the checks of the schemas it uses (`cotizador/credit` does not
 * parse the ATM API's 90 KB of checks; the front door's profile showed source size is what
 * importing costs).
 *
 *   npm run validators                               (re)writes the modules
 *   npx tsx scripts/generate-validators.ts --check   fails if a module is not what the schemas give
 *
 * `npm run build` runs the check (a schema changed without regenerating fails the build, and
 * `test/contracts/generated.test.ts` fails the tests). Every schema a file exports gets
 * TypeBox's check as a plain function (`check<Name>`, the export's name without `Schema`), and the
 * credit request the one-pass reader of `src/validation/reader.ts` (`read<Name>`): one `switch`
 * over the value's own names, each `case` calling TypeBox's check of that property. Each schema's
 * module passes them to `precompiled()` where it defines the schema.
 *
 * The checks are written with TypeBox's default policy (`TypeSystemPolicy`: no NaN, arrays are not
 * objects, optional properties may be `undefined`), the one the library validates under. A schema
 * whose check would need TypeBox's registries (a custom kind, a `format`, `uniqueItems`) is
 * refused: its generated code would call hooks the module cannot answer without global state.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, Type, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import * as atm from '../src/contracts/atm.js';
import * as atmObject from '../src/contracts/atmObject.js';
import * as credit from '../src/contracts/credit.js';
import * as envelope from '../src/contracts/envelope.js';
import * as health from '../src/contracts/health.js';
import * as policy from '../src/contracts/policy.js';
import * as schemas from '../src/contracts/schemas.js';
import * as taxpayer from '../src/contracts/taxpayer.js';
import * as token from '../src/contracts/token.js';
import * as tariff from '../src/insurance/tariff.js';
import { readerShape } from '../src/validation/reader.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One generated module: where it goes, the modules whose exported schemas it checks, the schemas it also reads. */
interface GeneratedModule {
  readonly file: string;
  /** The file (or folder) whose schemas it checks, for its header. */
  readonly of: string;
  readonly sources: readonly Readonly<Record<string, unknown>>[];
  readonly readers: Readonly<Record<string, TObject>>;
}

const contractsModule = (
  name: string,
  source: Readonly<Record<string, unknown>>,
  readers: Readonly<Record<string, TObject>> = {},
): GeneratedModule => ({
  file: fileURLToPath(new URL(`../src/contracts/generated/${name}.ts`, import.meta.url)),
  of: `src/contracts/${name}.ts`,
  sources: [source],
  readers,
});

/**
 * The generated modules: one per file that defines schemas, each imported by that file only. A
 * schema another file re-exports (`atm.ts` re-exports the ATM object's) is checked in the module
 * of the first file that exports it, in this order.
 */
export const GENERATED_MODULES: readonly GeneratedModule[] = [
  contractsModule('token', token),
  contractsModule('envelope', envelope),
  contractsModule('credit', credit, { CreditRequest: credit.CreditRequestSchema }),
  contractsModule('policy', policy),
  contractsModule('taxpayer', taxpayer),
  contractsModule('atmObject', atmObject),
  contractsModule('atm', atm),
  contractsModule('health', health),
  contractsModule('schemas', schemas),
  {
    file: fileURLToPath(new URL('../src/insurance/generated/checks.ts', import.meta.url)),
    of: 'src/insurance/',
    sources: [tariff],
    readers: {},
  },
];

/** Whether `value` is a TypeBox schema (the plain JSON copies in `schemas` are not). */
function isTypeBox(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

/**
 * The schemas a module checks, by the name of their check (`AutoEstreneRequestSchema` →
 * `AutoEstreneRequest`), each once, in the order of its sources and, within one, of the names.
 *
 * @example
 * ```ts
 * Object.keys(checkedSchemas(GENERATED_MODULES[7])); // ['Health']
 * ```
 */
export function checkedSchemas(module: GeneratedModule): Record<string, TSchema> {
  const earlier = new Set<TSchema>();
  for (const other of GENERATED_MODULES) {
    if (other === module) break;
    for (const schema of Object.values(checkedSchemas(other))) earlier.add(schema);
  }
  const found = new Map<TSchema, string>();
  for (const source of module.sources) {
    for (const name of Object.keys(source).sort()) {
      const value = source[name];
      if (!isTypeBox(value) || found.has(value) || earlier.has(value)) continue;
      if (!name.endsWith('Schema')) throw new Error(`${name}: an exported schema's name ends with Schema`);
      found.set(value, name.slice(0, -'Schema'.length));
    }
  }
  return Object.fromEntries([...found].map(([schema, name]) => [name, schema]));
}

const TYPEBOX_VERSION = (
  JSON.parse(readFileSync(new URL('../node_modules/@sinclair/typebox/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** TypeBox's check of `schema` as the body of a function that returns it (`const local_0 = …; return function check(value) {…}`). */
function checkBody(schema: TSchema, name: string): string {
  const code = TypeCompiler.Code(schema, [], { language: 'javascript' });
  if (/\b(kind|format|hash)\(/.test(code)) {
    throw new Error(`${name}: its check needs TypeBox's registries (a custom kind, a format or uniqueItems); give it none`);
  }
  return code;
}

function indent(code: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return code
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

/** `check<name>`: TypeBox's check, its locals (the patterns) kept in a closure of their own. */
function checkExport(name: string, schema: TSchema): string {
  return [
    `/** ${name}: TypeBox's check of the schema. */`,
    `export const check${name}: (value: unknown) => boolean = /* @__PURE__ */ (() => {`,
    indent(checkBody(schema, name), 2),
    '})();',
  ].join('\n');
}

/** The name TypeBox's compiler gives the hoisted check of a schema with this `$id`. */
const hoistedName = ($id: string): string => {
  if (!/^[A-Za-z0-9]+$/.test($id)) throw new Error(`${$id}: a checked schema's $id is letters and digits`);
  return `check_${$id}`;
};

/** Every schema with an `$id` inside `schema` (itself included), by `$id`; one `$id` names one shape. */
function schemasWithIds(schema: unknown, found = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(schema)) for (const item of schema) schemasWithIds(item, found);
  else if (typeof schema === 'object' && schema !== null) {
    const $id = (schema as { $id?: unknown }).$id;
    if (typeof $id === 'string') {
      const shape = JSON.stringify(schema);
      if (found.has($id) && found.get($id) !== shape) throw new Error(`${$id}: two different schemas share this $id`);
      found.set($id, shape);
    }
    for (const child of Object.values(schema)) schemasWithIds(child, found);
  }
  return found;
}

/**
 * The checks of a module's schemas that carry an `$id`, sharing their parts. TypeBox's compiler
 * hoists every schema with an `$id` into a function of its own (`check_<$id>`) and the check a
 * schema compiles to calls it; compiled one schema at a time, each check carried its own copy of
 * every part (the ATM object's check five times over, the credit request's twice: 165 KB of
 * checks). Here TypeBox compiles the module's schemas together (as the items of one tuple, whose
 * own check is dropped), so each part is written once, at the module's top level, and each
 * export *is* its hoisted function, the very one TypeBox's compiled check calls. A part that an
 * earlier module writes (the credit result inside the AutoEstrene response) is imported from it.
 */
function sharedChecks(module: GeneratedModule, named: readonly [string, TSchema][]): string {
  const { variables, functions, imports } = compiledTogether(module);
  const written = [...functions].filter(([name]) => !imports.has(name));
  // One local per pattern: TypeBox writes one per use, and a pattern without the g or y flag
  // keeps no state between tests, so the uses can share it.
  const canonical = new Map<string, string>(); // expression → the first local holding it
  const alias = new Map<string, string>(); // local → the local its uses go to
  for (const [name, expression] of variables) {
    const first = canonical.get(expression);
    if (first !== undefined && /^\/.*\/[imsu]*$/.test(expression)) alias.set(name, first);
    else if (first === undefined) canonical.set(expression, name);
  }
  const kept = written
    .map(([, code]) => code)
    .join('\n')
    .replace(/\blocal_\d+\b/g, (name) => alias.get(name) ?? name);
  const used = [...variables].filter(([name]) => !alias.has(name) && new RegExp(`\\b${name}\\b`).test(kept));
  const byFile = new Map<string, string[]>();
  for (const [name, file] of imports) byFile.set(file, [...(byFile.get(file) ?? []), name]);
  const out: string[] = [];
  for (const [file, names] of byFile) {
    const from = `./${relative(dirname(module.file), file).replace(/\.ts$/, '.js')}`;
    out.push(`import { ${names.map((name) => `${sharedName(name)} as ${name}`).join(', ')} } from '${from}';`);
  }
  for (const [name, expression] of used) out.push(`const ${name} = ${expression};`);
  out.push(kept);
  for (const [name, schema] of named) {
    const hoisted = hoistedName(schema.$id as string);
    if (!functions.has(hoisted) || imports.has(hoisted)) throw new Error(`${name}: its check is not written here`);
    out.push(`/** ${name}: TypeBox's check of the schema. */\nexport const check${name}: (value: unknown) => boolean = ${hoisted};`);
  }
  out.push(`/** The parts later modules use. */\nexport { ${written.map(([name]) => `${name} as ${sharedName(name)}`).join(', ')} };`);
  return out.join('\n\n');
}

/** The name a module exports a part under for later modules (not `check…`: those are the schemas' own). */
const sharedName = (hoisted: string): string => `part_${hoisted.slice('check_'.length)}`;

interface Compiled {
  readonly variables: ReadonlyMap<string, string>;
  /** Every hoisted function of the module's schemas, by name. */
  readonly functions: ReadonlyMap<string, string>;
  /** The hoisted functions an earlier module writes, with its file. */
  readonly imports: ReadonlyMap<string, string>;
}

const compiledCache = new Map<GeneratedModule, Compiled>();

/** TypeBox's compiled code of a module's `$id` schemas, together, split into its locals and hoisted functions. */
function compiledTogether(module: GeneratedModule): Compiled {
  const cached = compiledCache.get(module);
  if (cached !== undefined) return cached;
  const owner = new Map<string, string>(); // hoisted name → the earlier module that writes it
  // Every $id this module's functions may share or import, seen once: one $id, one shape.
  const ids = new Map<string, string>();
  for (const other of GENERATED_MODULES) {
    if (other === module) break;
    const { functions, imports } = compiledTogether(other);
    for (const name of functions.keys()) if (!imports.has(name) && !owner.has(name)) owner.set(name, other.file);
    for (const schema of Object.values(checkedSchemas(other))) schemasWithIds(schema, ids);
  }
  const named = Object.values(checkedSchemas(module)).filter((schema) => typeof schema.$id === 'string');
  for (const schema of named) schemasWithIds(schema, ids);
  const variables = new Map<string, string>();
  const functions = new Map<string, string>();
  if (named.length > 0) {
    const lines = checkBody(Type.Tuple(named), module.of).split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      const variable = /^const (local_\d+) = (.*?);?$/.exec(line);
      if (variable !== null) {
        variables.set(variable[1] as string, variable[2] as string);
      } else if (line.startsWith('function ')) {
        const name = /^function (check_[A-Za-z0-9]+)\(value\) \{$/.exec(line)?.[1];
        if (name === undefined) throw new Error(`${module.of}: unexpected compiled line ${line}`);
        const body = [line];
        while (lines[i] !== '}') body.push(lines[++i] as string);
        functions.set(name, body.join('\n'));
      } else if (line.startsWith('return ')) {
        break; // the tuple's own check
      } else {
        throw new Error(`${module.of}: unexpected compiled line ${line}`);
      }
    }
  }
  const imports = new Map([...functions.keys()].flatMap((name) => (owner.has(name) ? [[name, owner.get(name) as string] as const] : [])));
  const compiled = { variables, functions, imports };
  compiledCache.set(module, compiled);
  return compiled;
}

/**
 * `read<name>`: the one-pass reader (src/validation/reader.ts). TypeBox's rule for an optional
 * property holds: it is checked only when not `undefined`. Each property's check is a local of its
 * own, so each `case` calls one function (V8 inlines it).
 */
function readerExport(name: string, schema: TObject): string {
  const { keys, required } = readerShape(schema);
  for (const key of keys) if (key === '__proto__') throw new Error(`${name}: a reader cannot copy a property named __proto__`);
  const requiredCount = required.filter(Boolean).length;
  const lines: string[] = [];
  lines.push(`/** ${name}: the one-pass reader of the schema (src/validation/reader.ts), with TypeBox's check of each property. */`);
  lines.push(`export const read${name}: (value: unknown) => object | undefined = /* @__PURE__ */ (() => {`);
  keys.forEach((key, i) => {
    lines.push(`  // ${key}`);
    lines.push(`  const c${i} = (() => {`);
    lines.push(indent(checkBody(schema.properties[key] as TSchema, `${name}.${key}`), 4));
    lines.push('  })();');
  });
  lines.push('  const isArray = Array.isArray;');
  lines.push('  const getPrototypeOf = Object.getPrototypeOf;');
  lines.push('  const objectPrototype = Object.prototype;');
  lines.push('  const getOwnPropertyNames = Object.getOwnPropertyNames;');
  lines.push('  return function read(value) {');
  lines.push("    if (typeof value !== 'object' || value === null || isArray(value)) return undefined;");
  lines.push('    const prototype = getPrototypeOf(value);');
  lines.push('    if (prototype !== objectPrototype && prototype !== null) return undefined;');
  lines.push('    const names = getOwnPropertyNames(value);');
  lines.push(`    let required = 0;${keys.map((_, i) => ` let f${i};`).join('')}`);
  lines.push('    for (let i = 0; i < names.length; i++) {');
  lines.push('      const name = names[i];');
  lines.push('      const v = value[name];');
  lines.push('      switch (name) {');
  keys.forEach((key, i) => {
    const test = required[i] === true ? `!c${i}(v)` : `v !== undefined && !c${i}(v)`;
    const count = required[i] === true ? ' required++;' : '';
    lines.push(`        case ${JSON.stringify(key)}: if (${test}) return undefined; f${i} = v;${count} break;`);
  });
  lines.push('        default: return undefined;');
  lines.push('      }');
  lines.push('    }');
  lines.push(`    if (required !== ${requiredCount}) return undefined;`);
  lines.push(`    return { ${keys.map((key, i) => `${JSON.stringify(key)}: f${i}`).join(', ')} };`);
  lines.push('  };');
  lines.push('})();');
  return lines.join('\n');
}

/**
 * A module's text, from the schemas as they are now.
 *
 * @example
 * ```ts
 * generatedSource(GENERATED_MODULES[0]).startsWith('// Generated by scripts/generate-validators.ts'); // true
 * ```
 */
export function generatedSource(module: GeneratedModule): string {
  const header = [
    '// Generated by scripts/generate-validators.ts — do not edit (`npm run validators` rewrites it).',
    '// @ts-nocheck — TypeBox writes its checks as JavaScript; each export is typed where it is declared.',
    '/**',
    ` * The checks of the schemas ${module.of} exports, written ahead of time by TypeBox ${TYPEBOX_VERSION}'s compiler`,
    ' * (`TypeCompiler.Code`): `check<Name>` is exactly the function `TypeCompiler.Compile` would build',
    ' * at run time with `new Function`, and `read<Name>` the one-pass reader of src/validation/reader.ts.',
    " * Each schema's module hands its own to `precompiled()` (src/validation/precompiled.ts).",
    ' */',
  ].join('\n');
  const schemas = Object.entries(checkedSchemas(module));
  const withIds = schemas.filter(([, schema]) => typeof schema.$id === 'string');
  const checks = [
    ...(withIds.length > 0 ? [sharedChecks(module, withIds)] : []),
    ...schemas.filter(([, schema]) => typeof schema.$id !== 'string').map(([name, schema]) => checkExport(name, schema)),
  ];
  const readers = Object.entries(module.readers).map(([name, schema]) => readerExport(name, schema));
  return `${[header, ...checks, ...readers].join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const module of GENERATED_MODULES) {
    const source = generatedSource(module);
    const name = relative(ROOT, module.file);
    let current: string | undefined;
    try {
      current = readFileSync(module.file, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === source) continue;
    if (process.argv.includes('--check')) {
      console.error(`${name} is not what the schemas give: run \`npm run validators\` and commit it.`);
      process.exitCode = 1;
    } else {
      writeFileSync(module.file, source);
      console.log(`wrote ${name}`);
    }
  }
}
