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
