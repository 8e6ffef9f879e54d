/** `node:util` parseArgs with the CLI's error handling: unknown options are usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed options of a command: strings, booleans and repeated strings. */
export type ParsedValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * Parses a command's arguments (`--help`/`-h` always accepted); throws a usage error naming the option.
 *
 * @example
 * ```ts
 * const { values, positionals } = parseCommand('credit', ['x.json', '--format', 'csv'], { format: { type: 'string' } });
 * values.format; // 'csv'
 * positionals; // ['x.json']
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
    throw usageError((error as Error).message.replace(/\. To specify a positional.*$/s, ''), command);
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
  throw usageError(`option --${option} must be one of ${allowed.join(', ')} (got '${String(value)}')`, command);
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
  if (typeof value === 'string' && /^\d+$/.test(value) && Number(value) >= min) return Number(value);
  throw usageError(`option --${option} must be an integer ≥ ${min} (got '${String(value)}')`, command);
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
  if (positionals.length === 0) throw usageError('missing FILE (a JSON request body or bare solicitud)', command);
  if (positionals.length > 1) throw usageError(`expected one FILE, got ${positionals.length}: ${positionals.join(' ')}`, command);
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
