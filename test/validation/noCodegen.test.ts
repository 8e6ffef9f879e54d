/**
 * The library runs where code generation from strings is refused (a Content-Security-Policy
 * without 'unsafe-eval', Cloudflare's workerd): the workload of `codegenWorkload.ts`, bundled as
 * a user's script (esbuild, dependencies left to node_modules as `dist/` leaves them), runs under
 * `node --disallow-code-generation-from-strings` and gives what it gives in this process. Before
 * the checks were generated ahead of time, its first validation threw `EvalError`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { codegenWorkload } from './codegenWorkload.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'cotizador-nocodegen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The script: the workload's results, and whether `new Function` itself was refused (so the flag is known to bite). */
const SCRIPT = `
import { codegenWorkload } from './test/validation/codegenWorkload.ts';
let codegen;
try {
  new Function('return 1');
  codegen = 'allowed';
} catch (error) {
  codegen = error.constructor.name;
}
const results = await codegenWorkload(${JSON.stringify(ROOT)});
process.stdout.write(JSON.stringify({ codegen, results }));
`;

describe('without code generation from strings', () => {
  it('validates, quotes, reports issues and serves as it does with it', async () => {
    const outfile = join(dir, 'workload.mjs');
    await build({
      stdin: { contents: SCRIPT, resolveDir: ROOT, sourcefile: 'workload.ts', loader: 'ts' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'error',
    });
    const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', outfile], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const child = JSON.parse(run.stdout) as { codegen: string; results: Record<string, unknown> };
    expect(child.codegen).toBe('EvalError');
    const here = JSON.parse(JSON.stringify(await codegenWorkload(ROOT))) as Record<string, unknown>;
    expect(child.results).toEqual(here);
    // Both sides of every check ran: valid requests were accepted and quoted, bad ones refused with issues.
    const results = child.results as Record<string, { success?: boolean; ok?: unknown; threw?: string; status?: number }>;
    expect(results['validAutoEstrene']?.success).toBe(true);
    expect(results['invalidAutoEstrene']?.success).toBe(false);
    expect(results['validSegAutoVendor']?.success).toBe(true);
    expect(results['invalidSegAutoVendor']?.success).toBe(false);
    expect((results['issues'] as unknown as unknown[]).length).toBe(4);
    expect((results['userSchema'] as unknown as { success: boolean }[]).map((r) => r.success)).toEqual([true, false]);
    expect(results['credit']?.ok).toBeDefined();
    expect(results['badCredit']?.threw).toMatch(/^QuoteError/);
    expect(results['policy']?.ok).toBeDefined();
    expect(results['badPolicy']?.threw).toMatch(/^QuoteError/);
    expect(results['serviceToken']).toBe(200);
    expect(results['serviceAutoEstrene']?.status).toBe(200);
    expect(results['serviceSegAutoVendor']?.status).toBe(200);
    expect(results['serviceInvalid']?.status).toBe(400);
  });
});
