/** `serve`'s configuration read in-process: each mistake is one line naming the setting, in the run's language, never echoing a secret. */
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/errors.js';
import { loadServeSettings } from '../../src/cli/serveConfig.js';

const SECRET = 'a shared secret of at least 32 bytes!!';

function refusal(env: Record<string, string>, flags: { port?: string } = {}): CliError {
  try {
    loadServeSettings(flags, env);
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('loadServeSettings', () => {
  it('names the setting at fault, in Spanish and in English', () => {
    const port = refusal({}, { port: 'x' });
    expect(port.render('es')).toBe("configuración: --port debe ser un entero ≥ 0 (se recibió 'x')");
    expect(port.render('en')).toBe("configuration: --port must be a whole number ≥ 0 (got 'x')");
    const off = refusal({ COTIZADOR_SWITCHES_OFF: 'quoter,nope' });
    expect(off.render('en')).toBe("configuration: COTIZADOR_SWITCHES_OFF: unknown API 'nope' (use all or token, quoter, taxpayer, atm)");
    expect(refusal({ COTIZADOR_RATE_LIMIT: 'fast' }).render('es')).toBe(
      'configuración: COTIZADOR_RATE_LIMIT se escribe CAPACIDAD/POR_SEGUNDO (p. ej. 60/20) u off',
    );
  });

  it('refuses previous secrets that are not JSON without echoing them', () => {
    const error = refusal({ COTIZADOR_TOKEN_SECRET: SECRET, COTIZADOR_PREVIOUS_TOKEN_SECRETS: 'old-s3cret' });
    expect(error.exitCode).toBe(1);
    expect(error.render('en')).toBe(
      'configuration: COTIZADOR_PREVIOUS_TOKEN_SECRETS must be a secret or a list of secrets (the first signs)',
    );
    expect(error.render('es')).not.toContain('old-s3cret');
  });

  it('takes the secrets in order, the current one first', () => {
    const settings = loadServeSettings({}, { COTIZADOR_TOKEN_SECRET: SECRET, COTIZADOR_PREVIOUS_TOKEN_SECRETS: '["older one"]' });
    expect(settings.service.tokenSecret).toEqual([SECRET, 'older one']);
    expect(settings.unsigned).toBe(false);
  });
});

describe('every environment variable serve reads is checked (issue 21)', () => {
  const base = { COTIZADOR_TOKEN_SECRET: SECRET };
  it.each([
    [{ COTIZADOR_PORT: '70000' }, "configuration: COTIZADOR_PORT must be at most 65535 (got '70000')"],
    [
      { COTIZADOR_KEEP_ALIVE_TIMEOUT_MS: '99999999999999' },
      "configuration: COTIZADOR_KEEP_ALIVE_TIMEOUT_MS must be at most 2147483647 (got '99999999999999')",
    ],
    [
      { COTIZADOR_SHUTDOWN_GRACE_MS: '3000000000' },
      "configuration: COTIZADOR_SHUTDOWN_GRACE_MS must be at most 2147483647 (got '3000000000')",
    ],
    [
      { COTIZADOR_REQUEST_TIMEOUT_MS: '3000000000' },
      "configuration: COTIZADOR_REQUEST_TIMEOUT_MS must be at most 2147483647 (got '3000000000')",
    ],
    [
      { COTIZADOR_MAX_TOKEN_TTL_SECONDS: 'a day' },
      "configuration: COTIZADOR_MAX_TOKEN_TTL_SECONDS must be a whole number ≥ 0 (got 'a day')",
    ],
    [
      { COTIZADOR_TOKEN_SECRET: undefined, COTIZADOR_PREVIOUS_TOKEN_SECRETS: '["an older secret of 32 bytes or more"]' },
      'configuration: COTIZADOR_PREVIOUS_TOKEN_SECRETS only counts beside COTIZADOR_TOKEN_SECRET',
    ],
    [
      { COTIZADOR_TOKEN_KEY_ID: '2026-01' },
      'configuration: COTIZADOR_TOKEN_KEY_ID only counts beside COTIZADOR_TOKEN_KEY / COTIZADOR_TOKEN_KEY_FILE',
    ],
    [
      { COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES: 'old.pem' },
      'configuration: COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES only counts beside COTIZADOR_TOKEN_KEY / COTIZADOR_TOKEN_KEY_FILE',
    ],
    [
      { COTIZADOR_TOKEN_KEY: 'pem', COTIZADOR_TOKEN_KEY_FILE: 'key.pem' },
      'configuration: COTIZADOR_TOKEN_KEY and COTIZADOR_TOKEN_KEY_FILE do not go together: use one',
    ],
    [{ COTIZADOR_RATE_LIMIT_STORE: 'mongo' }, "configuration: COTIZADOR_RATE_LIMIT_STORE must be memory or redis (got 'mongo')"],
    [{ COTIZADOR_RATE_LIMIT_STORE: 'redis' }, 'configuration: COTIZADOR_RATE_LIMIT_STORE=redis only counts beside COTIZADOR_REDIS_URL'],
    [
      { COTIZADOR_RATE_LIMIT_STORE: 'memory', COTIZADOR_REDIS_URL: 'redis://127.0.0.1:6379' },
      'configuration: COTIZADOR_REDIS_URL only counts beside COTIZADOR_RATE_LIMIT_STORE=redis',
    ],
    [{ COTIZADOR_REDIS_URL: 'http://user:pa55word@cache:6379' }, 'configuration: COTIZADOR_REDIS_URL must be a redis:// or rediss:// URL'],
    [
      { COTIZADOR_REDIS_URL: 'redis://127.0.0.1:6379', COTIZADOR_RATE_LIMIT_STORE_DOWN: 'maybe' },
      "configuration: COTIZADOR_RATE_LIMIT_STORE_DOWN must be local, open or closed (got 'maybe')",
    ],
    [
      { COTIZADOR_RATE_LIMIT_STORE_DOWN: 'open' },
      'configuration: COTIZADOR_RATE_LIMIT_STORE_DOWN only counts beside COTIZADOR_RATE_LIMIT_STORE=redis',
    ],
    [{ COTIZADOR_AUTH_FAILURE_LIMIT: 'sometimes' }, "configuration: COTIZADOR_AUTH_FAILURE_LIMIT must be on or off (got 'sometimes')"],
    [
      { COTIZADOR_CLIENTS: '[{"clientId":"app","clientSecret":"s3cret-value","scopes":[],"scope":"update"}]' },
      "configuration: COTIZADOR_CLIENTS[0]: unknown field 'scope' (use clientId, clientSecret, scopes, secretChangedAt)",
    ],
  ] as [Record<string, string | undefined>, string][])('%j', (env, english) => {
    const error = refusal({ ...base, ...env } as Record<string, string>);
    expect(error.render('en')).toBe(english);
    expect(error.render('es')).not.toBe(english);
    expect(error.render('es')).not.toContain('pa55word');
    expect(error.render('en')).not.toContain('pa55word');
  });

  it('reads the store, the token bounds, the failed-authentication switch and secretChangedAt', () => {
    const settings = loadServeSettings(
      {},
      {
        ...base,
        COTIZADOR_REDIS_URL: 'redis://:pa55word@cache:6379/2',
        COTIZADOR_RATE_LIMIT_STORE_DOWN: 'closed',
        COTIZADOR_MAX_TOKEN_TTL_SECONDS: '7200',
        COTIZADOR_AUTH_FAILURE_LIMIT: 'off',
        COTIZADOR_CLIENTS:
          '[{"clientId":"app","clientSecret":"s3cret-value","scopes":["update"],"secretChangedAt":"2026-01-31T18:00:00Z"}]',
      },
    );
    expect(settings.rateLimitStore).toEqual({
      type: 'redis',
      url: 'redis://:pa55word@cache:6379/2',
      keyPrefix: undefined,
      whenDown: 'closed',
    });
    expect(settings.service.maxTokenTtlSeconds).toBe(7200);
    expect(settings.service.authFailureLimit).toBe(false);
    expect(settings.service.clients).toEqual([
      { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update'], secretChangedAt: '2026-01-31T18:00:00Z' },
    ]);
    expect(loadServeSettings({}, base).rateLimitStore).toEqual({ type: 'memory' });
  });
});
