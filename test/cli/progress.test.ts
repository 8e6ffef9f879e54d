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
    const progress = createProgress(1000, stream);
    progress.update(1000);
    progress.done();
    expect(written[0]).toMatch(/^\r\[#{30}\] 100% 1000\/1000 \d+\/s$/);
    expect(written.at(-1)).toBe('\r\x1b[K');
  });

  it('writes nothing when the stream is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    const progress = createProgress(1000, stream);
    progress.update(500);
    progress.done();
    expect(written).toEqual([]);
  });
});
