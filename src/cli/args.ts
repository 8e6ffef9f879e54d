/** `node:util` parseArgs with the CLI's error handling: unknown options are usage errors, in the run's language. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './errors.js';
import type { CliMessageId } from './messages.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed options of a command: strings, booleans and repeated strings. */
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** parseArgs' error codes, as the CLI's messages. */
const PARSE_ERRORS: Readonly<Record<string, CliMessageId>> = {
  ERR_PARSE_ARGS_UNKNOWN_OPTION: 'opcionDesconocida',
  ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: 'argumentoInesperado',
};

/**
 * Parses a command's arguments (`--help`/`-h` always accepted); throws a usage error naming the option.
 *
 * @example
 * ```ts
 * const { values, positionals } = parseCommand('credit', ['x.json', '--format', 'csv'], { format: { type: 'string' } });
 * values.format; // 'csv'
 * positionals; // ['x.json']
 * parseCommand('credit', ['--colour'], {}); // throws CliError
 * ```
 */
export function parseCommand(command: string, args: readonly string[], options: Options): { values: ParsedValues; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: parsed.values as ParsedValues, positionals: parsed.positionals };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    // The option parseArgs names, without echoing the rest of its English sentence.
    const option = /'(-{1,2}[^' ]*)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw usageError(/argument missing/.test(message) ? 'opcionSinValor' : 'opcionNoTomaValor', { option }, command);
    }
    const id = (code === undefined ? undefined : PARSE_ERRORS[code]) ?? 'opcionDesconocida';
    throw usageError(id, { option, value: option }, command);
  }
}

/**
 * One of `allowed`, or a usage error naming the option.
 *
 * @example
 * ```ts
 * choice('credit', 'format', 'csv', ['table', 'csv', 'json'], 'table'); // 'csv'
 * ```
 */
export function choice<T extends string>(command: string, option: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw usageError('opcionUnaDe', { option, allowed: allowed.join(', '), value: String(value) }, command);
}

/**
 * A non-negative integer option, or a usage error naming it.
 *
 * @example
 * ```ts
 * integerOption('grid', 'workers', '4'); // 4
 * ```
 */
export function integerOption(command: string, option: string, value: unknown, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) >= min) return Number(value);
  throw usageError('opcionEntero', { option, min, value: String(value) }, command);
}

/**
 * Exactly one positional FILE, or a usage error.
 *
 * @example
 * ```ts
 * singleFile('credit', ['examples/autoestrene.json']); // 'examples/autoestrene.json'
 * ```
 */
export function singleFile(command: string, positionals: readonly string[]): string {
  if (positionals.length === 0) throw usageError('sinArchivo', {}, command);
  if (positionals.length > 1) throw usageError('unArchivo', { count: positionals.length, files: positionals.join(' ') }, command);
  return positionals[0] as string;
}

/**
 * A string option's value, if given.
 *
 * @example
 * ```ts
 * stringOption({ out: 'quote.csv' }, 'out'); // 'quote.csv'
 * ```
 */
export function stringOption(values: ParsedValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * A repeatable string option's values (none: an empty list).
 *
 * @example
 * ```ts
 * stringList({ prepay: ['12:50000', '24:20000'] }, 'prepay'); // ['12:50000', '24:20000']
 * stringList({}, 'prepay'); // []
 * ```
 */
export function stringList(values: ParsedValues, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}
