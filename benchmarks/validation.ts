/**
 * Validation speed without code generation at run time (issue 20, item 2): the checks generated
 * ahead of time (`src/contracts/generated/`, carried by their schemas) against TypeBox's
 * checks compiled at run time with `new Function`, what the library ran before — the baseline,
 * compiled here and only here. Each case is a pair, measured in the same interleaved rounds by
 * `./harness.ts` (order rotated each round, a warm-up, CPU time per sample by `process.cpuUsage`,
 * medians and quartiles); the figure reported is new ÷ baseline (≤ 1.00× is no regression):
 *
 * - AutoEstrene valid / invalid: `collectIssues(AutoEstreneRequestSchema, body)`, what
 *   `validateAutoEstrene` and the service run on a parsed body; the baseline is the same function
 *   as it was (a `TypeCompiler.Compile` cached per schema, its `Check`, then its `Errors`);
 * - SegAutoVendor valid / invalid: the same for `SegAutoVendorRequestSchema`;
 * - the credit reader, as `quoteCredit` reads a solicitud (`fieldReader(CreditRequestSchema)`):
 *   the generated reader against the reader built at run time (main's `fieldReader`, below
 *   verbatim: TypeBox's per-property check code and the `switch`, each through `new Function`).
 *
 * Measured twice: in a clean process, then after validating and reading 60,000 varied requests
 * (every optional field present or not, in shuffled orders, valid and with wrong types, huge and
 * tiny amounts, extra fields, both products and every periodicity) through both sides, the state a
 * server lives in. Run it bundled as `npm run bench` runs its file (esbuild, no `keepNames`):
 *
 *   npx esbuild benchmarks/validation.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=node_modules/.cache/validation-bench.mjs && node node_modules/.cache/validation-bench.mjs [--quick]
 *
 * `npx tsx benchmarks/validation.ts` works too. Report the load average (printed) with the figures.
 */
import { loadavg } from 'node:os';
import { OptionalKind, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { AutoEstreneRequestSchema, CreditRequestSchema } from '../src/contracts/credit.js';
import { PolicyRequestSchema, SegAutoVendorRequestSchema } from '../src/contracts/policy.js';
import { fieldReader } from '../src/validation/reader.js';
import { collectIssues, type Issue, issuesFromErrors } from '../src/validation/validate.js';
import { type BenchCase, type Budget, keep, measure } from './harness.js';

const quick = process.argv.includes('--quick');
const budget: Budget = quick ? { rounds: 7, perCaseMs: 200, warmupMs: 60 } : { rounds: 15, perCaseMs: 900, warmupMs: 250 };

// --- The baseline: validation as it was, with TypeBox's checks compiled at run time ---------------

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/** `collectIssues` before this change: the compiled check, cached per schema, then its `Errors`. */
function compiledCollectIssues(schema: TSchema, value: unknown): Issue[] {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(value)) return [];
  return issuesFromErrors(check.Errors(value));
}

/** `fieldReader` before this change (main at e903763), its invariants left out: the schema is the credit request's. */
function compiledFieldReader<T extends TObject>(schema: T): (value: unknown) => Static<T> | undefined {
  const keys = Object.keys(schema.properties);
  const required = new Set(schema.required ?? []);
  const checks = keys.map((key) => {
    const property = schema.properties[key] as TSchema;
    if (required.has(key) === (property[OptionalKind] === 'Optional')) throw new Error(key);
    const code = TypeCompiler.Compile(property).Code();
    return (new Function('kind', 'format', 'hash', code) as (...hooks: unknown[]) => (value: unknown) => boolean)(
      () => false,
      () => false,
      () => 0,
    );
  });
  const lines: string[] = [];
  lines.push('if (typeof value !== "object" || value === null || isArray(value)) return undefined;');
  lines.push('const prototype = getPrototypeOf(value);');
  lines.push('if (prototype !== objectPrototype && prototype !== null) return undefined;');
  lines.push('const names = getOwnPropertyNames(value);');
  lines.push(`let required = 0;${keys.map((_, i) => ` let f${i};`).join('')}`);
  lines.push('for (let i = 0; i < names.length; i++) {');
  lines.push('  const name = names[i];');
  lines.push('  const v = value[name];');
  lines.push('  switch (name) {');
  keys.forEach((key, i) => {
    const test = required.has(key) ? `!c${i}(v)` : `v !== undefined && !c${i}(v)`;
    lines.push(
      `    case ${JSON.stringify(key)}: if (${test}) return undefined; f${i} = v;${required.has(key) ? ' required++;' : ''} break;`,
    );
  });
  lines.push('    default: return undefined;');
  lines.push('  }');
  lines.push('}');
  lines.push(`if (required !== ${required.size}) return undefined;`);
  lines.push(`return { ${keys.map((key, i) => `${JSON.stringify(key)}: f${i}`).join(', ')} };`);
  const parameters = ['isArray', 'getPrototypeOf', 'objectPrototype', 'getOwnPropertyNames', ...keys.map((_, i) => `c${i}`)];
  const body = `return function read(value) {\n${lines.join('\n')}\n};`;
  const make = new Function(...parameters, body) as (...args: unknown[]) => (value: unknown) => Static<T> | undefined;
  return make(Array.isArray, Object.getPrototypeOf, Object.prototype, Object.getOwnPropertyNames, ...checks);
}

// --- The requests measured ----------------------------------------------------------------------

/** A 60-payment AutoEstrene as the service receives it, parsed. */
const CREDIT = {
  fechaApertura: '2026-03-10',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 60,
  periodicidad: 'M',
  comisiones: '2.00',
  importeCatSegVida: '2800.00',
  generaTablaPagos: true,
};
const AUTOESTRENE = { solicitud: CREDIT };
/** Four issues: a range, a type, an unknown field, an empty amount. */
const AUTOESTRENE_BAD = { solicitud: { ...CREDIT, plazo: 1000, tasa: 13.5, extra: 1, valorFactura: '' } };
const SEGAUTOVENDOR = {
  solicitud: {
    idPaquete: 0,
    cveEntidadFederativa: 9,
    idEstado: 1,
    idUsuario: 'portal.demo',
    plazoMeses: 12,
    idTipoUnidad: 1,
    idUsoAutomovil: 1,
    idClaveVehiculo: 1002,
    modelo: 2025,
    idAgencia: 4501,
    idFormaPago: 4,
    montoSumaAsegurada: '420000.00',
    sumaAccesorio: '15000.00',
    sumaEquipoEspecial: '0.00',
    enganche: '84000.00',
    plazoFinanciado: 48,
    codigoPostal: '03100',
    indicadorReposicion: 1,
    idVigencia: 1,
  },
};
/** Three issues: a type, a missing field, a pattern. */
const SEGAUTOVENDOR_BAD = { solicitud: { ...SEGAUTOVENDOR.solicitud, modelo: '2025', idAgencia: undefined, codigoPostal: '3100' } };

const readNew = fieldReader(CreditRequestSchema);
/** What compiling cost a fresh process on its first requests, before any call below compiles anything. */
const firstUse = (() => {
  const start = process.cpuUsage();
  for (const schema of [AutoEstreneRequestSchema, SegAutoVendorRequestSchema, CreditRequestSchema, PolicyRequestSchema])
    TypeCompiler.Compile(schema);
  compiledFieldReader(CreditRequestSchema);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
})();
const readCompiled = compiledFieldReader(CreditRequestSchema);

/** The pairs: [what is measured, the new call, the baseline call]. */
const PAIRS: readonly (readonly [string, () => unknown, () => unknown])[] = [
  [
    'AutoEstrene, valid',
    () => collectIssues(AutoEstreneRequestSchema, AUTOESTRENE),
    () => compiledCollectIssues(AutoEstreneRequestSchema, AUTOESTRENE),
  ],
  [
    'AutoEstrene, 4 issues',
    () => collectIssues(AutoEstreneRequestSchema, AUTOESTRENE_BAD),
    () => compiledCollectIssues(AutoEstreneRequestSchema, AUTOESTRENE_BAD),
  ],
  [
    'SegAutoVendor, valid',
    () => collectIssues(SegAutoVendorRequestSchema, SEGAUTOVENDOR),
    () => compiledCollectIssues(SegAutoVendorRequestSchema, SEGAUTOVENDOR),
  ],
  [
    'SegAutoVendor, 3 issues',
    () => collectIssues(SegAutoVendorRequestSchema, SEGAUTOVENDOR_BAD),
    () => compiledCollectIssues(SegAutoVendorRequestSchema, SEGAUTOVENDOR_BAD),
  ],
  ['credit reader (quoteCredit)', () => readNew(CREDIT), () => readCompiled(CREDIT)],
  // The same call on both sides: how far from 1.00× the measurement itself strays.
  [
    'A/A control (new vs new)',
    () => collectIssues(AutoEstreneRequestSchema, AUTOESTRENE),
    () => collectIssues(AutoEstreneRequestSchema, AUTOESTRENE),
  ],
];

// Both sides must answer alike, or the comparison means nothing.
for (const [name, fresh, baseline] of PAIRS) {
  if (JSON.stringify(fresh()) !== JSON.stringify(baseline())) throw new Error(`${name}: the two sides disagree`);
}

// --- The busy process: many varied requests first -----------------------------------------------

/** mulberry32: the same varied requests on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(20);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
const amount = () => pick(['0.01', '1.00', '999.5', '280000.00', '21474836.47', '99999999999.99', '350000', '12000.10']);

/** The credit request's fields, each with the values a portfolio sends (the last of each list is wrong). */
const CREDIT_FIELDS: Readonly<Record<string, () => unknown>> = {
  fechaApertura: () => pick(['2026-01-31', '2025-12-15', '2026-02-29', 20260131]),
  tasa: () => pick(['13.50', '0', '9.9', '45.123456', 13.5]),
  periodicidad: () => pick(['M', 'Q', 'C', 'S', 'D', 'MM']),
  iva: () => pick([16, 8, 0, 100]),
  facturaConIva: () => pick([0, 1, '1']),
  producto: () => pick(['AUTO', 'AUTONOM', 'auto']),
  comisiones: () => pick(['2.00', '0', '3.5', '-1']),
  tipoSeguro: () => pick([0, 1, 2, 1.5]),
  indSeguro: () => pick([0, 1, 10]),
  plazoSeguro: () => pick([12, 24, 100]),
  importeSeguros: amount,
  importeCatSegVida: amount,
  importeCatSegDanio: amount,
  numeroPagos: () => pick([12, 60, -1]),
  porcentajeCredito: () => pick([20, 50.5, 100, 101]),
  porcentajeEnganche: () => pick([20, 10, 0, Number.NaN]),
  nombreModelo: () => pick(['Sedán 1.6 L', 'SUV', '']),
  generaTablaPagos: () => pick([true, false, 'true']),
  montoGarantiaExt: amount,
  creditoGarantiaExt: () => pick([true, false, 1]),
  informacionSeguro: () => ({
    cveEntidadFederativa: pick([9, 15, 33]),
    idTipoUnidad: 1,
    idUsoAutomovil: 1,
    modelo: pick([2025, 2026, 1899]),
    idAgencia: 4501,
    numeroAgencia: 1,
    enganche: amount(),
    codigoPostal: pick(['03100', '64000', '3100']),
  }),
};

function shuffled<T>(values: readonly T[]): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A credit solicitud: the required fields, a random subset of the optional ones, in a shuffled order; now and then an unknown field or a wrong required one. */
function variedCredit(): Record<string, unknown> {
  const fields: [string, unknown][] = [
    ['montoSolicitado', random() < 0.03 ? 280000 : amount()],
    ['valorFactura', amount()],
    ['plazo', pick([1, 12, 36, 60, 360, 999, 1000])],
  ];
  for (const [name, value] of Object.entries(CREDIT_FIELDS)) if (random() < 0.35) fields.push([name, value()]);
  if (random() < 0.05) fields.push([pick(['extra', 'Plazo', '__proto__']), 1]);
  const solicitud: Record<string, unknown> = {};
  for (const [name, value] of shuffled(fields))
    Object.defineProperty(solicitud, name, { value, enumerable: true, writable: true, configurable: true });
  return solicitud;
}

/** A policy solicitud: the example's fields in a shuffled order, some optional ones left out, now and then one wrong. */
function variedPolicy(): Record<string, unknown> {
  const optional = new Set([
    'idPaquete',
    'idEstado',
    'idUsuario',
    'plazoMeses',
    'idFormaPago',
    'sumaAccesorio',
    'sumaEquipoEspecial',
    'indicadorReposicion',
    'idVigencia',
  ]);
  const entries = Object.entries(SEGAUTOVENDOR.solicitud).filter(([name]) => !optional.has(name) || random() < 0.6);
  const solicitud: Record<string, unknown> = Object.fromEntries(shuffled(entries));
  if (random() < 0.1) solicitud[pick(['modelo', 'codigoPostal', 'enganche'])] = pick(['x', -1, null]);
  return solicitud;
}

function busyProcess(count: number): void {
  for (let i = 0; i < count; i++) {
    const credit = variedCredit();
    const policy = variedPolicy();
    keep(collectIssues(AutoEstreneRequestSchema, { solicitud: credit }));
    keep(compiledCollectIssues(AutoEstreneRequestSchema, { solicitud: credit }));
    keep(collectIssues(SegAutoVendorRequestSchema, { solicitud: policy }));
    keep(compiledCollectIssues(SegAutoVendorRequestSchema, { solicitud: policy }));
    keep(readNew(credit));
    keep(readCompiled(credit));
  }
}

// --- Measure and report -------------------------------------------------------------------------

const CONTROL = 'A/A control (new vs new)';

function measurePairs(state: string): void {
  const cases: BenchCase[] = PAIRS.flatMap(([name, fresh, baseline]) => [
    { name: `${name} · new`, run: fresh },
    { name: `${name} · compiled at run time`, run: baseline },
  ]);
  const timings = new Map(measure(cases, budget).map((t) => [t.name, t]));
  const ratio = (name: string) =>
    (timings.get(`${name} · new`)?.median ?? Number.NaN) / (timings.get(`${name} · compiled at run time`)?.median ?? Number.NaN);
  // The control's distance from 1.00× is the noise of these rounds.
  const noise = Math.abs(ratio(CONTROL) - 1);
  console.log(`${state} (load average ${loadavg()[0]?.toFixed(2)}): CPU µs per call, median [q1–q3]; new ÷ compiled at run time`);
  for (const [name] of PAIRS) {
    const fresh = timings.get(`${name} · new`);
    const baseline = timings.get(`${name} · compiled at run time`);
    if (fresh === undefined || baseline === undefined) continue;
    const figure = (t: typeof fresh) => `${t.median.toFixed(3)} [${t.q1.toFixed(3)}–${t.q3.toFixed(3)}]`;
    const r = ratio(name);
    const verdict = name === CONTROL ? '(the noise)' : r <= 1 ? 'met' : r <= 1 + noise ? 'not met, within the noise' : 'not met';
    console.log(
      `  ${name.padEnd(28)} new ${figure(fresh).padEnd(26)} compiled ${figure(baseline).padEnd(26)} ${r.toFixed(2)}×  ${verdict}`,
    );
  }
}

console.log(`validation benchmark${quick ? ' (quick)' : ''}: ${budget.rounds} rounds, ${budget.perCaseMs} ms of CPU per case`);
console.log(
  `compiling at run time cost the first requests ${firstUse.toFixed(1)} ms of CPU (the four request schemas and the credit reader); the generated checks cost nothing on first use`,
);
measurePairs('clean process');
const varied = quick ? 10_000 : 60_000;
const start = process.cpuUsage();
busyProcess(varied);
const used = process.cpuUsage(start);
console.log(
  `(validated and read ${varied} varied credit and policy requests on both sides: ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU)`,
);
measurePairs('busy process');
