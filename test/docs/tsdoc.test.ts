import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Exported functions and classes whose TSDoc block lacks an `@example`. */
function undocumented(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const missing: string[] = [];
  const declaration = /^export (?:async )?(?:function\*? ?|class )(\w+)/gm;
  for (let m = declaration.exec(text); m !== null; m = declaration.exec(text)) {
    const before = text.slice(0, m.index).trimEnd();
    const doc = before.endsWith('*/') ? before.slice(before.lastIndexOf('/**')) : '';
    if (!doc.includes('@example')) missing.push(`${file}: ${m[1]}`);
  }
  return missing;
}

describe('documentation', () => {
  it('every exported function and class in src/ has TSDoc with an @example', () => {
    expect(sourceFiles('src').flatMap(undocumented)).toEqual([]);
  });
});
