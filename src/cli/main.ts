/**
 * The `cotizador` command line: credit and policy quotes, portfolios in batch, scenario grids,
 * offers ranked, what an income affords, solving for an unknown and charts. Every failure is one
 * line on stderr naming the file or field, and a non-zero exit code; help, messages and errors
 * speak one language, Spanish by default (`--lang en`, anywhere on the line, or `COTIZADOR_LANG=en`).
 */
import packageJson from '../../package.json' with { type: 'json' };
import { CliError, EXIT_INTERNAL, EXIT_USAGE, usageError } from './errors.js';
import { processContext, type CliContext } from './context.js';
import { isLang, LANGS, type Lang } from '../entry/common.js';
import { cliText } from './messages.js';
import { helpText } from './help/messages.js';
import { runCommand } from './runScope.js';

type Run = (args: readonly string[], context: CliContext) => Promise<void>;
type Help = (lang: Lang) => string;

/** `cotizador --help`. */
const rootHelp: Help = (lang) => helpText('uso', lang);

/**
 * Each command's module, loaded when the command runs: a run of `credit` never loads what `serve`
 * needs (the HTTP service, the receipt's PDF, fonts and barcodes), which starts the CLI several
 * times faster.
 */
const COMMANDS: Readonly<Record<string, () => Promise<{ run: Run; help: Help }>>> = {
  credit: async () => {
    const m = await import('./commands/credit.js');
    return { run: m.runCredit, help: m.creditHelp };
  },
  policy: async () => {
    const m = await import('./commands/policy.js');
    return { run: m.runPolicy, help: m.policyHelp };
  },
  batch: async () => {
    const m = await import('./commands/batch.js');
    return { run: m.runBatch, help: m.batchHelp };
  },
  grid: async () => {
    const m = await import('./commands/grid.js');
    return { run: m.runGrid, help: m.gridHelp };
  },
  compare: async () => {
    const m = await import('./commands/compare.js');
    return { run: m.runCompare, help: m.compareHelp };
  },
  afford: async () => {
    const m = await import('./commands/afford.js');
    return { run: m.runAfford, help: m.affordHelp };
  },
  solve: async () => {
    const m = await import('./commands/solve.js');
    return { run: m.runSolve, help: m.solveHelp };
  },
  chart: async () => {
    const m = await import('./commands/chart.js');
    return { run: m.runChart, help: m.chartHelp };
  },
  serve: async () => {
    const m = await import('./commands/serve.js');
    return { run: m.runServe, help: m.serveHelp };
  },
  simulator: async () => {
    const m = await import('./commands/simulator.js');
    return { run: m.runSimulator, help: m.simulatorHelp };
  },
};

/**
 * The version line `--version` prints.
 *
 * @example
 * ```ts
 * versionLine().startsWith('cotizador '); // true
 * ```
 */
export function versionLine(): string {
  return `cotizador ${packageJson.version}\n`;
}

/**
 * `--lang X` / `--lang=X` taken out of the arguments (before a `--`), wherever it stands.
 *
 * @example
 * ```ts
 * splitLang(['credit', 'x.json', '--lang', 'en']); // { lang: 'en', args: ['credit', 'x.json'] }
 * splitLang(['--lang=es', 'grid']); // { lang: 'es', args: ['grid'] }
 * splitLang(['credit']); // { lang: undefined, args: ['credit'] }
 * ```
 */
export function splitLang(argv: readonly string[]): { lang: string | undefined; args: string[] } {
  const args: string[] = [];
  let lang: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (arg === '--lang') {
      lang = argv[i + 1] ?? '';
      i++;
    } else if (arg.startsWith('--lang=')) lang = arg.slice('--lang='.length);
    else args.push(arg);
  }
  return { lang, args };
}

/**
 * Runs the CLI on `argv` (without node and the script) and returns the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await main(['credit', 'examples/autoestrene.json']);
 * ```
 */
export async function main(argv: readonly string[], context: CliContext = processContext()): Promise<number> {
  const { stdout, stderr } = context;
  const split = splitLang(argv);
  let lang: Lang = context.lang ?? 'es';
  try {
    if (split.lang !== undefined) {
      if (!isLang(split.lang)) throw usageError('opcionUnaDe', { option: 'lang', allowed: LANGS.join(', '), value: split.lang });
      lang = split.lang;
    }
    const run: CliContext = { ...context, lang };
    const [name, ...rest] = split.args;
    if (name === undefined) {
      stderr.write(rootHelp(lang));
      return EXIT_USAGE;
    }
    if (name === '--help' || name === '-h') {
      stdout.write(rootHelp(lang));
      return 0;
    }
    if (name === '--version' || name === '-V') {
      stdout.write(versionLine());
      return 0;
    }
    if (name === 'help') {
      const topic = rest[0];
      const load = topic !== undefined && Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic] : undefined;
      stdout.write((load === undefined ? rootHelp : (await load()).help)(lang));
      return 0;
    }
    const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (load === undefined) throw usageError('comandoDesconocido', { name });
    if (rest.includes('--version')) {
      stdout.write(versionLine());
      return 0;
    }
    const command = await load();
    await runCommand(name, run, () => command.run(rest, run));
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      const message = error.render(lang);
      if (message !== '') stderr.write(`cotizador: ${message}\n`);
      return error.exitCode;
    }
    // Unexpected: still one line, no stack trace (set COTIZADOR_DEBUG=1 for it).
    const detail = error instanceof Error ? error.message : String(error);
    stderr.write(`cotizador: ${cliText('errorInterno', lang, { detail })}\n`);
    if (context.debug) stderr.write(`${(error as Error).stack ?? ''}\n`);
    return EXIT_INTERNAL;
  }
}
