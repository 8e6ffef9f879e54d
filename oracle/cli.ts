/**
 * `npm run oracle -- --cases 100000 --seed 7`: the error hunt over the whole input space, with
 * its report. `--case I` replays one case of the seed and prints every differing cell;
 * `--mix credit=6,cat=3,policy=2` changes the share of each kind; `--no-shrink` keeps the
 * reproductions as drawn. Exits 1 when a disagreement no known class explains, an undecided case
 * or an oracle failure is found.
 */
import { compareCase } from './harness/compare.js';
import { classify } from './harness/known.js';
import { DEFAULT_MIX, type Kind, caseAt, formatReport, hunt } from './harness/hunt.js';

function parse(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) args.set(a.slice(2), 'true');
    else {
      args.set(a.slice(2), next);
      i++;
    }
  }
  return args;
}

const args = parse(process.argv.slice(2));
const seed = Number(args.get('seed') ?? 1);
const mix: Record<Kind, number> = { ...DEFAULT_MIX };
for (const part of (args.get('mix') ?? '').split(',').filter(Boolean)) {
  const [k, v] = part.split('=');
  if (k !== 'credit' && k !== 'cat' && k !== 'policy') throw new Error(`--mix: unknown kind ${k}`);
  mix[k] = Number(v);
}
if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');

if (args.has('case')) {
  const index = Number(args.get('case'));
  const input = caseAt(seed, index, mix);
  const outcome = compareCase(input);
  console.log(JSON.stringify(input, null, 2));
  console.log(
    `${outcome.cells} cells compared, ${outcome.diffs.length} differ${outcome.undecided ? `; undecided: ${outcome.undecided}` : ''}`,
  );
  for (const d of outcome.diffs) console.log(`  ${d.path}: engine ${d.engine} | oracle ${d.oracle}`);
  if (outcome.diffs.length > 0) console.log(`known classes: ${classify(input, outcome)?.join(', ') ?? 'none (unknown disagreement)'}`);
} else {
  const cases = Number(args.get('cases') ?? 10000);
  if (!Number.isInteger(cases) || cases < 1) throw new Error('--cases must be a positive integer');
  const report = hunt({
    cases,
    seed,
    mix,
    shrink: !args.has('no-shrink'),
    every: Math.max(1000, Math.floor(cases / 20)),
    progress: (done) => process.stderr.write(`\r${done} / ${cases}`),
  });
  process.stderr.write('\n');
  console.log(formatReport(report));
  if (report.unknown.size > 0 || report.undecided.length > 0 || report.crashes.length > 0) process.exitCode = 1;
}
