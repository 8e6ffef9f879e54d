/**
 * The Redis client is an optional peer dependency: without `@redis/client` installed, a Redis
 * store is refused with a coded error naming the package (the library's `QuoteError`, and serve's
 * configuration error, exit 2), and nothing else needs it. Its absence is made real for one
 * process by a module-resolution hook that finds no such package (the installed one stays put).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'cotizador-no-redis-'));
const hooks = join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  `export async function resolve(specifier, context, next) {
  if (specifier === '@redis/client') throw Object.assign(new Error("Cannot find package '@redis/client'"), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}\n`,
);
const register = join(dir, 'register.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

describe('without @redis/client installed', () => {
  it('createRedisRateLimitStore throws ERRESQ005 naming the package', () => {
    const script = join(dir, 'store.mts');
    writeFileSync(
      script,
      `import { createRedisRateLimitStore, localizedMessage } from ${JSON.stringify(join(process.cwd(), 'src/entry/node.ts'))};
try { await createRedisRateLimitStore({ url: 'redis://127.0.0.1:1' }); console.log('created'); }
catch (error) { console.log(JSON.stringify([error.codigoError, error.valorIncorrecto, localizedMessage(error, 'en')])); }\n`,
    );
    const run = spawnSync(process.execPath, ['--import', register, '--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(run.stdout)).toEqual([
      'ERRESQ005',
      'config.rateLimitStore',
      'The package @redis/client is missing: install it (npm install @redis/client) to keep the limits in Redis',
    ]);
  });

  it('serve with a Redis URL exits 2 naming the package; serve without one starts as before', () => {
    const env = {
      ...process.env,
      COTIZADOR_LANG: 'en',
      COTIZADOR_TOKEN_SECRET: 'a shared secret of at least 32 bytes!!',
      COTIZADOR_REDIS_URL: 'redis://127.0.0.1:1',
    };
    const run = spawnSync(process.execPath, ['--import', register, inject('cliBundle'), 'serve', '--port', '0'], {
      encoding: 'utf8',
      env,
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('config.rateLimitStore: The package @redis/client is missing: install it (npm install @redis/client)');
    const help = spawnSync(process.execPath, ['--import', register, inject('cliBundle'), 'serve', '--help'], { encoding: 'utf8', env });
    expect(help.status).toBe(0);
  });
});
