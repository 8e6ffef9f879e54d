/**
 * The error hunt: random cases from a seed through the engines and the oracle, disagreements
 * classified (known defect classes, or unknown), one shrunk reproduction per class, a report.
 */
import { type Diff, DEFAULT_TARIFF, type Outcome, compareCase } from './compare.js';
import { type OracleCase, catCase, creditCase, policyCase } from './generate.js';
import { KNOWN_CLASSES, classify } from './known.js';
import { Random } from './random.js';

export type Kind = OracleCase['kind'];

/** The share of each kind of case (weights). */
export const DEFAULT_MIX: Readonly<Record<Kind, number>> = { credit: 6, cat: 3, policy: 2 };

export interface HuntOptions {
  readonly cases: number;
  readonly seed: number;
  readonly mix?: Readonly<Record<Kind, number>>;
  /** Called every `every` cases with the number done. */
  readonly progress?: (done: number) => void;
  readonly every?: number;
  /** Shrink the reproductions (default true). */
  readonly shrink?: boolean;
  /** Check the CAT explanations of one credit or flow set in this many (default 1: every one; by index). */
  readonly explainEvery?: number;
}

export interface Example {
  readonly index: number;
  readonly input: OracleCase;
  readonly diffs: readonly Diff[];
}

export interface KindTally {
  cases: number;
  cells: number;
  agreed: number;
  known: number;
  unknown: number;
  undecided: number;
}

export interface HuntReport {
  readonly seed: number;
  readonly cases: number;
  readonly byKind: Record<Kind, KindTally>;
  readonly known: Map<string, { count: number; example: Example }>;
  readonly unknown: Map<string, { count: number; example: Example }>;
  readonly undecided: { index: number; kind: Kind; reason: string }[];
  readonly crashes: { index: number; kind: Kind; error: string }[];
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Case `index` of a seed: replayable alone. */
export function caseAt(seed: number, index: number, mix: Readonly<Record<Kind, number>> = DEFAULT_MIX): OracleCase {
  const r = new Random((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0);
  const kind = r.weighted<Kind>([
    [mix.credit, 'credit'],
    [mix.cat, 'cat'],
    [mix.policy, 'policy'],
  ]);
  switch (kind) {
    case 'credit':
      return creditCase(r, DEFAULT_TARIFF);
    case 'cat':
      return catCase(r);
    case 'policy':
      return policyCase(r, DEFAULT_TARIFF);
  }
}

/** The signature of an unexplained disagreement: its kind and the cells that differ. */
export const signatureOf = (c: OracleCase, o: Outcome): string =>
  `${c.kind}: ${[...new Set(o.diffs.map((d) => d.path.replace(/\[\d+\]/g, '[]')))].sort().join(', ')}`;

export function hunt(options: HuntOptions): HuntReport {
  const mix = options.mix ?? DEFAULT_MIX;
  const empty = (): KindTally => ({ cases: 0, cells: 0, agreed: 0, known: 0, unknown: 0, undecided: 0 });
  const byKind: Record<Kind, KindTally> = { credit: empty(), cat: empty(), policy: empty() };
  const known = new Map<string, { count: number; example: Example }>();
  const unknown = new Map<string, { count: number; example: Example }>();
  const undecided: HuntReport['undecided'] = [];
  const crashes: HuntReport['crashes'] = [];
  const wall = performance.now();
  const cpu = process.cpuUsage();
  for (let index = 0; index < options.cases; index++) {
    const input = caseAt(options.seed, index, mix);
    const tally = byKind[input.kind];
    tally.cases++;
    let outcome: Outcome;
    try {
      outcome = compareCase(input, index % (options.explainEvery ?? 1) === 0);
    } catch (e) {
      // the oracle itself failed: never a pass
      crashes.push({ index, kind: input.kind, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      tally.unknown++;
      continue;
    }
    tally.cells += outcome.cells;
    if (outcome.undecided !== undefined) {
      tally.undecided++;
      undecided.push({ index, kind: input.kind, reason: outcome.undecided });
    } else if (outcome.diffs.length === 0) tally.agreed++;
    else {
      const classes = classify(input, outcome);
      if (classes) {
        tally.known++;
        for (const id of classes) {
          const entry = known.get(id);
          if (entry) entry.count++;
          else known.set(id, { count: 1, example: { index, input, diffs: outcome.diffs } });
        }
      } else {
        tally.unknown++;
        const sig = signatureOf(input, outcome);
        const entry = unknown.get(sig);
        if (entry) entry.count++;
        else unknown.set(sig, { count: 1, example: { index, input, diffs: outcome.diffs } });
      }
    }
    if (options.progress && (index + 1) % (options.every ?? 1000) === 0) options.progress(index + 1);
  }
  if (options.shrink !== false) {
    for (const [id, entry] of known) entry.example = shrink(entry.example, (o, c) => (classify(c, o) ?? []).includes(id));
    for (const [sig, entry] of unknown)
      entry.example = shrink(entry.example, (o, c) => o.diffs.length > 0 && !classify(c, o) && signatureOf(c, o) === sig);
  }
  const used = process.cpuUsage(cpu);
  return {
    seed: options.seed,
    cases: options.cases,
    byKind,
    known,
    unknown,
    undecided,
    crashes,
    wallMs: performance.now() - wall,
    cpuMs: (used.user + used.system) / 1000,
  };
}

// ---------------------------------------------------------------- shrinking

/** Smaller variants of a case: one optional field or option fewer, a shorter term, fewer flows. */
function* variants(c: OracleCase): Generator<OracleCase> {
  switch (c.kind) {
    case 'credit': {
      const required = new Set(['montoSolicitado', 'valorFactura', 'plazo', 'fechaApertura']);
      for (const key of Object.keys(c.options)) {
        const { [key as keyof typeof c.options]: _gone, ...options } = c.options;
        yield { ...c, options };
      }
      const conventions = c.options.conventions;
      if (conventions)
        for (const key of Object.keys(conventions)) {
          const { [key as keyof typeof conventions]: _gone, ...rest } = conventions;
          yield { ...c, options: { ...c.options, conventions: rest } };
        }
      for (const key of Object.keys(c.solicitud)) {
        if (required.has(key)) continue;
        const { [key]: _gone, ...solicitud } = c.solicitud;
        yield { ...c, solicitud };
      }
      const plazo = c.solicitud['plazo'] as number;
      for (const shorter of [1, 2, 3, Math.floor(plazo / 2), plazo - 1])
        if (shorter >= 1 && shorter < plazo) yield { ...c, solicitud: { ...c.solicitud, plazo: shorter } };
      return;
    }
    case 'cat': {
      const { disbursements, payments } = c.flows;
      for (let i = 0; i < payments.length; i++) yield { ...c, flows: { disbursements, payments: payments.filter((_, j) => j !== i) } };
      for (let i = 0; i < disbursements.length; i++)
        yield { ...c, flows: { payments, disbursements: disbursements.filter((_, j) => j !== i) } };
      if (c.options) yield { kind: c.kind, family: c.family, flows: c.flows };
      return;
    }
    case 'policy': {
      const required = new Set([
        'cveEntidadFederativa',
        'idTipoUnidad',
        'idUsoAutomovil',
        'idClaveVehiculo',
        'modelo',
        'idAgencia',
        'montoSumaAsegurada',
        'enganche',
        'plazoFinanciado',
        'codigoPostal',
      ]);
      for (const key of Object.keys(c.solicitud)) {
        if (required.has(key)) continue;
        const { [key]: _gone, ...solicitud } = c.solicitud;
        yield { ...c, solicitud };
      }
      if (c.tariff) {
        const { tariff: _t, ...rest } = c;
        yield rest;
      }
      return;
    }
  }
}

/**
 * Greedy shrinking: take any smaller variant that still shows the same disagreement, until none
 * does. `compare` is the comparison (the engines against the oracle unless a test gives another).
 */
export function shrink(
  example: Example,
  same: (o: Outcome, c: OracleCase) => boolean,
  compare: (c: OracleCase) => Outcome = compareCase,
): Example {
  let current = example;
  for (let round = 0; round < 200; round++) {
    let improved = false;
    for (const candidate of variants(current.input)) {
      let o: Outcome;
      try {
        o = compare(candidate);
      } catch {
        continue;
      }
      if (o.undecided === undefined && o.diffs.length > 0 && same(o, candidate)) {
        current = { index: current.index, input: candidate, diffs: o.diffs };
        improved = true;
        break;
      }
    }
    if (!improved) break;
  }
  return current;
}

// ---------------------------------------------------------------- the report

const json = (x: unknown): string => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? String(v) : v));

function describeExample(e: Example, seed: number): string[] {
  const lines = [`    reproduction (seed ${seed}, case ${e.index}, shrunk): npm run oracle -- --seed ${seed} --case ${e.index}`];
  const { kind, ...input } = e.input;
  lines.push(`    ${kind} ${json(input)}`);
  for (const d of e.diffs.slice(0, 4)) lines.push(`      ${d.path}: engine ${d.engine} | oracle ${d.oracle}`);
  if (e.diffs.length > 4) lines.push(`      … ${e.diffs.length - 4} more cells`);
  return lines;
}

/**
 * The hunt's report as text: the tally by kind, each known class and unknown signature with its
 * shrunk reproduction and replay command, the undecided cases and oracle failures.
 */
export function formatReport(r: HuntReport): string {
  const out: string[] = [];
  out.push(`cotizador oracle: ${r.cases} cases, seed ${r.seed}, ${(r.wallMs / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s)`);
  out.push('');
  out.push('kind      cases      cells     agree  known  unknown  undecided');
  for (const [kind, t] of Object.entries(r.byKind))
    out.push(
      `${kind.padEnd(8)} ${String(t.cases).padStart(6)} ${String(t.cells).padStart(10)} ${String(t.agreed).padStart(9)} ${String(t.known).padStart(6)} ${String(t.unknown).padStart(8)} ${String(t.undecided).padStart(10)}`,
    );
  out.push('');
  out.push(`Known disagreement classes (engine defects; oracle/harness/known.ts), ${r.known.size} seen:`);
  for (const k of KNOWN_CLASSES) {
    const entry = r.known.get(k.id);
    if (!entry) continue;
    out.push(`  ${k.id}: ${entry.count} cases`);
    out.push(`    ${k.defect}`);
    out.push(...describeExample(entry.example, r.seed));
  }
  const unseen = KNOWN_CLASSES.filter((k) => !r.known.has(k.id)).map((k) => k.id);
  out.push(`  not seen in this run: ${unseen.length ? unseen.join(', ') : 'none'}`);
  out.push('');
  if (r.unknown.size === 0) out.push('Unknown disagreements: none');
  else {
    out.push(`Unknown disagreements (not explained by a known class): ${[...r.unknown.values()].reduce((s, e) => s + e.count, 0)} cases`);
    for (const [sig, entry] of r.unknown) {
      out.push(`  ${sig}: ${entry.count} cases`);
      out.push(...describeExample(entry.example, r.seed));
    }
  }
  out.push(r.undecided.length === 0 ? 'Undecided by the oracle: none' : `Undecided by the oracle: ${r.undecided.length}`);
  for (const u of r.undecided.slice(0, 10)) out.push(`  case ${u.index} (${u.kind}): ${u.reason}`);
  out.push(r.crashes.length === 0 ? 'Oracle failures: none' : `Oracle failures: ${r.crashes.length}`);
  for (const c of r.crashes.slice(0, 5)) out.push(`  case ${c.index} (${c.kind}): ${c.error.split('\n').slice(0, 3).join(' | ')}`);
  return out.join('\n');
}
