/**
 * `cotizador simulator --out DIR`: the credit simulator's static files (built by
 * scripts/build-simulator.mjs into dist/simulator/) copied for any static host; and where those
 * files are, for `cotizador serve`, which serves them at `/` and `/simulador`.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../../entry/common.js';
import { SIMULATOR_ROUTES } from '../../entry/node.js';
import { parseCommand, stringOption } from '../args.js';
import { processContext, type CliContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { cliMessage, cliText } from '../messages.js';

/**
 * The help of `cotizador simulator`, in `lang`.
 *
 * @example
 * ```ts
 * simulatorHelp('en').startsWith('Usage: cotizador simulator --out DIR'); // true
 * ```
 */
export function simulatorHelp(lang: Lang = 'es'): string {
  return helpText('simulator', lang);
}

/** The page's files, once each (the routes name index.html twice). */
const FILES = [...new Set(Object.values(SIMULATOR_ROUTES))];

/**
 * The directory of the built simulator, or undefined when it is not built: beside the CLI's
 * bundle (dist/cli.js, or a command's chunk in dist/cli-chunks/), or the repository's dist/ when
 * the CLI runs from its sources.
 *
 * @example
 * ```ts
 * const dir = simulatorDir();
 * dir === undefined || dir.endsWith('simulator/'); // true (undefined until npm run build writes dist/simulator/)
 * ```
 */
export function simulatorDir(): string | undefined {
  const candidates = ['./simulator/', '../simulator/', '../../../dist/simulator/'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find((dir) => FILES.every((file) => existsSync(join(dir, file))));
}

/**
 * Runs `cotizador simulator` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runSimulator(['--help']); // prints the usage (`['--out', 'site']` writes site/index.html, site/simulador.js, …)
 * ```
 */
export async function runSimulator(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('simulator', args, { out: { type: 'string' } });
  if (values.help === true) return void context.stdout.write(simulatorHelp(lang));
  if (positionals.length > 0) throw usageError('argumentoInesperado', { value: positionals[0] as string }, 'simulator');
  const out = stringOption(values, 'out');
  if (out === undefined) throw usageError('simuladorSinDestino', {}, 'simulator');
  const dir = simulatorDir();
  if (dir === undefined) throw new CliError(cliMessage('simuladorNoConstruido'));
  mkdirSync(out, { recursive: true });
  for (const file of FILES) copyFileSync(join(dir, file), join(out, file));
  context.stderr.write(`cotizador simulator: ${cliText('simuladorEscrito', lang, { count: FILES.length, dir: out })}\n`);
}
