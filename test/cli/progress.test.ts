import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('createProgress', () => {
  it('draws on a terminal and clears the line at the end', () => {
    const { stream, written } = fakeStream(true);
    const progress = createProgress(1000, stream, { lang: 'en' });
    progress.update(1000);
    progress.done();
    expect(written[0]).toMatch(new RegExp(`^\r\\[#{30}\\] 1000/1000 \\(100%\\) \\d+/s, ETA 0s${'\x1b'}\\[K$`));
    expect(written.at(-1)).toBe('\r\x1b[K');
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
