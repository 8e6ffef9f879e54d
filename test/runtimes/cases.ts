/**
 * The smoke suite's cases, chosen from the recorded corpus (test/corpus/corpus.jsonl) by a fixed
 * rule, with the exact output each must give: the corpus's own, byte for byte.
 *
 * - `quoteCredit`: the first quote of each periodicity × with or without the table × which
 *   options are given, and the first error of each code × field named;
 * - `quotePolicy`, `computeCat`: the first quote of each set of options given, and the first error
 *   of each code × field named;
 * - `solveCredit`: for each periodicity, the first recorded quote with a table, solved back for
 *   its term from its own recorded payment (`{ unknown: 'plazo', target: { pagoMensual } }`): the
 *   smallest term whose payment is at most the recorded one is the recorded term (a payment falls
 *   as the term grows), and the quote at it is the recorded quote;
 * - `createService().handle`: the first token issued on each token route, the first AutoEstrene
 *   answered with its table and the first refused one, the first SegAutoVendor quoted, and the
 *   ATM list; the service runs at the corpus's instant with the corpus's clients, secret, folios
 *   and valid token (test/corpus/run.ts).
 */
import { readFileSync } from 'node:fs';
import type { CorpusCase, ServiceCase } from '../corpus/cases.js';
import { CORPUS_CLIENTS, CORPUS_NOW, CORPUS_SECRET, TOKEN_FOLIO, VALID_TOKEN } from '../corpus/run.js';

type Stored = CorpusCase & { readonly output: string };

/** One case as the smoke program (test/runtimes/smoke.mjs) takes it. */
export type SmokeCase =
  | { readonly id: string; readonly kind: 'credit' | 'policy'; readonly solicitud: unknown; readonly options?: unknown }
  | { readonly id: string; readonly kind: 'cat'; readonly flows: unknown; readonly options?: unknown }
  | { readonly id: string; readonly kind: 'solve'; readonly solicitud: unknown; readonly problem: unknown; readonly options?: unknown }
  | { readonly id: string; readonly kind: 'service'; readonly request: ServiceCase; readonly folio: string };

/** What the smoke program is given: the service's fixed setup and the cases. */
export interface SmokeInput {
  readonly setup: {
    readonly now: string;
    readonly clients: typeof CORPUS_CLIENTS;
    readonly secret: string;
    readonly token: typeof VALID_TOKEN & { readonly folio: string };
  };
  readonly cases: readonly SmokeCase[];
}

/** The suite's cases and the output each must give, by id. */
export interface Smoke {
  readonly input: SmokeInput;
  readonly expected: Readonly<Record<string, string>>;
  /** The function or route each case exercises, by id (the suite checks each group apart). */
  readonly group: Readonly<Record<string, string>>;
}

const stored: Stored[] = readFileSync(new URL('../corpus/corpus.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Stored);

/** 'ok', or the error's code and the field it names. */
function outcome(c: Stored): string {
  const output = JSON.parse(c.output) as { error?: { codigoError: string; valorIncorrecto: string | null } };
  return output.error === undefined ? 'ok' : `${output.error.codigoError} ${output.error.valorIncorrecto}`;
}

function optionKeys(options: unknown): string {
  return options === undefined
    ? ''
    : Object.keys(options as object)
        .sort()
        .join('+');
}

function signature(c: Stored): string | undefined {
  switch (c.kind) {
    case 'credit': {
      const s = c.solicitud as { periodicidad?: string; generaTablaPagos?: boolean };
      const result = outcome(c);
      return result === 'ok' ? `ok ${s.periodicidad ?? '-'} ${s.generaTablaPagos === true} ${optionKeys(c.options)}` : result;
    }
    case 'policy':
    case 'cat': {
      const result = outcome(c);
      return result === 'ok' ? `ok ${optionKeys(c.options)}` : result;
    }
    case 'service':
      return undefined;
  }
}

function firstOfEach(kind: 'credit' | 'policy' | 'cat'): Stored[] {
  const seen = new Set<string>();
  return stored.filter((c) => {
    if (c.kind !== kind) return false;
    const key = signature(c)!;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function solveCases(): { smoke: SmokeCase; expected: string }[] {
  const seen = new Set<string>();
  const chosen: { smoke: SmokeCase; expected: string }[] = [];
  for (const c of stored) {
    if (c.kind !== 'credit' || outcome(c) !== 'ok') continue;
    const s = c.solicitud as { periodicidad?: string; generaTablaPagos?: boolean; plazo: number };
    const periodicity = s.periodicidad ?? 'M';
    if (s.generaTablaPagos !== true || seen.has(periodicity)) continue;
    seen.add(periodicity);
    const quote = c.output.slice('{"ok":'.length, -1);
    const { pagoMensual } = JSON.parse(quote) as { pagoMensual: string };
    chosen.push({
      smoke: {
        id: `solve-${c.id}`,
        kind: 'solve',
        solicitud: c.solicitud,
        problem: { unknown: 'plazo', target: { pagoMensual } },
        options: c.options,
      },
      expected: `{"ok":{"value":${s.plazo},"quote":${quote}}}`,
    });
  }
  return chosen;
}

const TOKEN_PATHS = ['/api/esb/ValidaCredenciales/accesstoken', '/open-banking/oauth2/v1/token'];

function serviceCases(): [string, Stored][] {
  const service = stored.filter((c): c is Stored & { kind: 'service' } => c.kind === 'service');
  const status = (c: Stored) => (JSON.parse(c.output) as { status: number }).status;
  const first = (group: string, test: (request: ServiceCase, status: number) => boolean): [string, Stored] => {
    const found = service.find((c) => test(c.request, status(c)));
    if (found === undefined) throw new Error(`the corpus has no case for ${group}`);
    return [group, found];
  };
  const body = (request: ServiceCase) => request.body ?? '';
  return [
    ...TOKEN_PATHS.map((path) => first(`token ${path}`, (r, s) => r.path === path && s === 200)),
    first(
      'AutoEstrene with its table',
      (r, s) => r.path.endsWith('/AutoEstrene') && s === 200 && body(r).includes('"generaTablaPagos":true'),
    ),
    first('AutoEstrene refused', (r, s) => r.path.endsWith('/AutoEstrene') && r.token === 'valid' && s === 400),
    first('SegAutoVendor', (r, s) => r.path.endsWith('/SegAutoVendor') && s === 200),
    first('ATM list', (r, s) => r.method === 'GET' && r.path === '/open-banking/open-data/v2/atms' && s === 200),
  ];
}

/** The suite's cases (the same on every call). */
export function smokeCases(): Smoke {
  const cases: SmokeCase[] = [];
  const expected: Record<string, string> = {};
  const group: Record<string, string> = {};
  const add = (smoke: SmokeCase, output: string, name: string) => {
    cases.push(smoke);
    expected[smoke.id] = output;
    group[smoke.id] = name;
  };
  for (const c of firstOfEach('credit')) add(c as SmokeCase, c.output, 'quoteCredit');
  for (const c of firstOfEach('policy')) add(c as SmokeCase, c.output, 'quotePolicy');
  for (const c of firstOfEach('cat')) add(c as SmokeCase, c.output, 'computeCat');
  for (const { smoke, expected: output } of solveCases()) add(smoke, output, 'solveCredit');
  for (const [name, c] of serviceCases()) {
    if (c.kind !== 'service') continue;
    add({ id: c.id, kind: 'service', request: c.request, folio: `corpus-${c.id}` }, c.output, `service: ${name}`);
  }
  const input: SmokeInput = {
    setup: {
      now: CORPUS_NOW.toISOString(),
      clients: CORPUS_CLIENTS,
      secret: CORPUS_SECRET,
      token: { ...VALID_TOKEN, folio: TOKEN_FOLIO },
    },
    cases: cases.map(({ output: _, ...c }: SmokeCase & { output?: string }) => c as SmokeCase),
  };
  return { input, expected, group };
}
