import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('createProgress', () => {
  it('draws on a terminal, at most every 100 ms, and clears the line at the end', () => {
    const { stream, written } = fakeStream(true);
    let now = 0;
    const progress = createProgress(1000, stream, { lang: 'en', now: () => now });
    now = 50;
    progress.update(100); // too soon: at most every 100 ms
    now = 250;
    progress.update(250);
    now = 500;
    progress.update(1000); // the last item is always drawn
    progress.done();
    expect(written).toEqual([
      `\r[${'#'.repeat(8)}${'-'.repeat(22)}] 250/1000 (25%) 1000/s, ETA 1s\x1b[K`,
      `\r[${'#'.repeat(30)}] 1000/1000 (100%) 2000/s, ETA 0s\x1b[K`,
      '\r\x1b[K',
    ]);
  });

  it('with --progress, a line with the rate and the time left when the stream is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    let now = 0;
    const progress = createProgress(10_000, stream, { force: true, lang: 'es', now: () => now });
    now = 1000;
    progress.update(2_500); // too soon: one line every 2 s
    now = 2000;
    progress.update(5_000);
    progress.done();
    expect(written).toEqual(['cotizador: 5000/10000 (50%) 2500/s, faltan 2s\n']);
  });

  it('writes nothing when the stream is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    const progress = createProgress(1000, stream);
    progress.update(500);
    progress.done();
    expect(written).toEqual([]);
  });
});
