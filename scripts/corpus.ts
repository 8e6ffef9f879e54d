/**
 * Writes the corpus fixture: `tsx scripts/corpus.ts` re-records the outputs of the stored inputs
 * (after a deliberate change of output, named in the commit); `--regenerate` draws the inputs
 * anew from the generator. Each line: { id, kind, input…, output }.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { generateCorpus, type CorpusCase } from '../test/corpus/cases.js';
import { runCase, serviceContext } from '../test/corpus/run.js';

const FIXTURE = new URL('../test/corpus/corpus.jsonl', import.meta.url);

const regenerate = process.argv.includes('--regenerate') || !existsSync(FIXTURE);
const cases: CorpusCase[] = regenerate
  ? generateCorpus()
  : readFileSync(FIXTURE, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const { output: _output, ...c } = JSON.parse(line) as CorpusCase & { output: string };
        return c as CorpusCase;
      });
const service = await serviceContext();
const lines: string[] = [];
let changed = 0;
const previous = new Map<string, string>();
if (existsSync(FIXTURE)) {
  for (const line of readFileSync(FIXTURE, 'utf8').trim().split('\n')) {
    const { id, output } = JSON.parse(line) as { id: string; output: string };
    previous.set(id, output);
  }
}
for (const c of cases) {
  const output = await runCase(c, service);
  if (previous.has(c.id) && previous.get(c.id) !== output) changed++;
  lines.push(JSON.stringify({ ...c, output }));
}
writeFileSync(FIXTURE, `${lines.join('\n')}\n`);
console.log(`${cases.length} cases written; ${changed} outputs changed`);
