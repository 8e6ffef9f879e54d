/**
 * Progress on stderr, with the rate and the time left: a bar redrawn in place on a terminal, or,
 * with `--progress` when stderr is not a terminal (a log file, a batch runner), one line every
 * few seconds. Never on stdout.
 */
import type { Writable } from 'node:stream';
import type { Lang } from '../entry/common.js';
import { cliText } from './messages.js';

/** Reports progress; `done` clears the bar. */
export interface Progress {
  update(completed: number): void;
  done(): void;
}

/** How progress is shown. */
export interface ProgressOptions {
  /** Show progress even when the stream is not a terminal (`--progress`): one line at a time. */
  readonly force?: boolean;
  readonly lang?: Lang;
  /** Milliseconds now (tests pass a clock). */
  readonly now?: () => number;
}

const NONE: Progress = { update() {}, done() {} };

/**
 * Seconds as `45s`, `3m05s` or `2h07m`.
 *
 * @example
 * ```ts
 * formatSeconds(45); // '45s'
 * formatSeconds(185); // '3m05s'
 * formatSeconds(7620); // '2h07m'
 * ```
 */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * Progress of `total` items (`undefined`: unknown, no percentage or time left): drawn on a
 * terminal at most every 100 ms, or with `force` a line every 2 s; otherwise nothing.
 *
 * @example
 * ```ts
 * const progress = createProgress(10_000, process.stderr, { lang: 'en' });
 * progress.update(2_500);
 * progress.done();
 * ```
 */
export function createProgress(
  total: number | undefined,
  stream: Writable & { readonly isTTY?: boolean } = process.stderr,
  options: ProgressOptions = {},
): Progress {
  const tty = stream.isTTY === true;
  if ((!tty && options.force !== true) || (total !== undefined && total < 2 && options.force !== true)) return NONE;
  const now = options.now ?? Date.now;
  const lang = options.lang ?? 'es';
  const started = now();
  const every = tty ? 100 : 2000;
  let last = started;
  let drawn = false;
  const line = (completed: number, at: number): string => {
    const rate = completed / Math.max(0.001, (at - started) / 1000);
    const rounded = Math.round(rate);
    if (total === undefined) return cliText('progresoSinTotal', lang, { done: completed, rate: rounded });
    const eta = rate > 0 ? formatSeconds((total - completed) / rate) : '?';
    const percent = Math.floor((completed / Math.max(1, total)) * 100);
    return cliText('progreso', lang, { done: completed, total, percent, rate: rounded, eta });
  };
  return {
    update(completed) {
      const at = now();
      if (at - last < every && (total === undefined || completed < total)) return;
      last = at;
      if (tty) {
        const width = 30;
        const filled = total === undefined ? 0 : Math.round((completed / Math.max(1, total)) * width);
        const bar = total === undefined ? '' : `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] `;
        stream.write(`\r${bar}${line(completed, at)}\x1b[K`);
        drawn = true;
      } else {
        stream.write(`cotizador: ${line(completed, at)}\n`);
      }
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
