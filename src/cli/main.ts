/**
 * The `cotizador` command line: credit and policy quotes, scenario grids and schedule charts.
 * Every failure is one line on stderr naming the file or field, and a non-zero exit code.
 */
import { CliError, usageError } from './errors.js';
import { CHART_HELP, runChart } from './commands/chart.js';
import { CREDIT_HELP, runCredit } from './commands/credit.js';
import { GRID_HELP, runGrid } from './commands/grid.js';
import { POLICY_HELP, runPolicy } from './commands/policy.js';
import { SERVE_HELP, runServe } from './commands/serve.js';
import { processContext, type CliContext } from './context.js';

const HELP = `Usage: cotizador <command> [options]

Exact Mexican vehicle credit (AutoEstrene, CAT) and insurance (SegAutoVendor) quotes.

Commands:
  credit FILE   quote a credit: summary, amortization table and CAT (table, csv or json)
  policy FILE   quote vehicle insurance: offers and receipts (table, csv or json)
  grid FILE     quote every combination of --vary FIELD=... over a base credit solicitud
  chart FILE    draw the amortization schedule as an SVG chart
  serve         serve the whole interface over HTTP (docs/server.md)
  help [CMD]    show this help, or a command's help

Run 'cotizador <command> --help' for a command's options. Output goes to stdout unless
--out FILE is given. Exit codes: 0 success, 1 bad input or a quote the engine rejected,
2 usage error.
`;

const COMMANDS: Readonly<Record<string, { run: (args: readonly string[], context: CliContext) => Promise<void>; help: string }>> = {
  credit: { run: runCredit, help: CREDIT_HELP },
  policy: { run: runPolicy, help: POLICY_HELP },
  grid: { run: runGrid, help: GRID_HELP },
  chart: { run: runChart, help: CHART_HELP },
  serve: { run: runServe, help: SERVE_HELP },
};

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
  try {
    const [name, ...rest] = argv;
    if (name === undefined) {
      stderr.write(HELP);
      return 2;
    }
    if (name === '--help' || name === '-h') {
      stdout.write(HELP);
      return 0;
    }
    if (name === 'help') {
      const topic = rest[0];
      stdout.write(topic !== undefined && Object.hasOwn(COMMANDS, topic) ? (COMMANDS[topic]?.help ?? HELP) : HELP);
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (command === undefined) throw usageError(`unknown command '${name}'`);
    await command.run(rest, context);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      stderr.write(`cotizador: ${error.message}\n`);
      return error.exitCode;
    }
    // Unexpected: still one line, no stack trace (set COTIZADOR_DEBUG=1 for it).
    stderr.write(`cotizador: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (context.debug) stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 70;
  }
}
