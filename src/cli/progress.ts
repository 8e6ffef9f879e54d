/** A progress bar on stderr, drawn only when stderr is a terminal. */
import type { Writable } from 'node:stream';

/** Reports progress; `done` clears the line. */
export interface Progress {
  update(completed: number): void;
  done(): void;
}

const NONE: Progress = { update() {}, done() {} };

/**
 * A bar for `total` items, redrawn at most every 100 ms; a no-op unless `stream` is a TTY.
 *
 * @example
 * ```ts
 * const progress = createProgress(10_000);
 * progress.update(2_500);
 * progress.done();
 * ```
 */
export function createProgress(total: number, stream: Writable & { readonly isTTY?: boolean } = process.stderr): Progress {
  if (!stream.isTTY || total < 2) return NONE;
  const started = Date.now();
  let last = 0;
  let drawn = false;
  return {
    update(completed) {
      const now = Date.now();
      if (now - last < 100 && completed < total) return;
      last = now;
      const width = 30;
      const filled = Math.round((completed / total) * width);
      const rate = completed / Math.max(0.001, (now - started) / 1000);
      stream.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor((completed / total) * 100)}% ${completed}/${total} ${Math.round(rate)}/s`,
      );
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
