/**
 * Finds the runnable examples of the documentation: every ```` ```ts ```` block inside a TSDoc
 * `@example` in `src/`, and every ```` ```ts ```` fence in `README.md` and `docs/*.md`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One runnable example and where it is written. */
export interface DocExample {
  /** Repository-relative path of the file the example is written in. */
  readonly file: string;
  /** 1-based line, in that file, of the example's first code line. */
  readonly line: number;
  /** The documented symbol (TSDoc) or the section heading above the fence (Markdown). */
  readonly label: string;
  /** The example's code, comment markers of the TSDoc block removed. */
  readonly code: string;
}

export const ROOT = join(import.meta.dirname, '..', '..');

/** Every `.ts` file under `dir`, sorted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
    });
}

/** The Markdown guides whose ```` ```ts ```` fences run: README.md and docs/*.md. */
export function guideFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(ROOT, 'docs', name));
  return [join(ROOT, 'README.md'), ...docs];
}

const FENCE_OPEN = /^```(\S*)(.*)$/;

/** The name declared right after a TSDoc comment ending at `end`. */
function declaredName(text: string, end: number): string {
  const next = text.slice(end).match(/^\s*(.*)/)?.[1] ?? '';
  const m =
    next.match(
      /^export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|const|let|interface|type|enum)\s+(\w+)/,
    ) ?? next.match(/^(?:(?:public|private|protected|static|readonly|async|get|set)\s+)*\*?(['"]?[\w$]+['"]?)\??\s*[(:<=]/);
  return m?.[1] ?? next.slice(0, 40);
}

/** The ```` ```ts ```` blocks of every `@example` of every TSDoc comment of `file`. */
export function tsdocExamples(file: string): DocExample[] {
  const text = readFileSync(file, 'utf8');
  const examples: DocExample[] = [];
  const comment = /\/\*\*[\s\S]*?\*\//g;
  for (let m = comment.exec(text); m !== null; m = comment.exec(text)) {
    if (!m[0].includes('@example')) continue;
    const firstLine = text.slice(0, m.index).split('\n').length;
    const lines = m[0].split('\n').map((l) => l.replace(/^\s*\/?\*\*?\/?\s?/, '').replace(/\s*\*\/$/, ''));
    const label = declaredName(text, m.index + m[0].length);
    let inExample = false;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.startsWith('@')) inExample = line.startsWith('@example');
      if (!inExample) continue;
      const open = line.match(FENCE_OPEN);
      if (open === null) continue;
      const start = i + 1;
      let end = start;
      while (end < lines.length && !lines[end]!.startsWith('```')) end++;
      if (open[1] === 'ts' && open[2]!.trim() === '') {
        examples.push({ file: relative(ROOT, file), line: firstLine + start, label, code: lines.slice(start, end).join('\n') });
      }
      i = end;
    }
  }
  return examples;
}

/** The ```` ```ts ```` fences of a Markdown file (an info string with more than `ts` does not run; examples.test.ts refuses one). */
export function markdownExamples(file: string): DocExample[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const examples: DocExample[] = [];
  let heading = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = line.match(/^#+\s+(.*)/);
    if (h) heading = h[1]!.replace(/`/g, '');
    const open = line.match(FENCE_OPEN);
    if (open === null) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith('```')) end++;
    if (open[1] === 'ts' && open[2]!.trim() === '') {
      examples.push({ file: relative(ROOT, file), line: start + 1, label: heading, code: lines.slice(start, end).join('\n') });
    }
    i = end;
  }
  return examples;
}

/** Every runnable example of the repository, TSDoc first, in file order. */
export function allExamples(): DocExample[] {
  return [...sourceFiles(join(ROOT, 'src')).flatMap(tsdocExamples), ...guideFiles().flatMap(markdownExamples)];
}
