/**
 * The service's catalog in use: the texts the interface's answers and the configuration errors
 * carry, in both languages (test/errors/catalogs.test.ts walks the catalog itself).
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createService, keySet, resolveConfig, type ServiceConfig } from '../../src/entry/service.js';
import { renderMessage } from '../../src/errors/catalog.js';
import { localizedMessage, QuoteError } from '../../src/errors/quoteError.js';
import { serviceError, serviceMessage } from '../../src/service/messages.js';
import { CLIENT, SECRET } from './helpers.js';

describe('the service catalog', () => {
  it('renders a message in the language asked, its values filled', () => {
    expect(renderMessage(serviceMessage('apiApagada', { api: 'quoter' }))).toBe('La API quoter está apagada');
    expect(renderMessage(serviceMessage('apiApagada', { api: 'quoter' }), 'en')).toBe('The quoter API is switched off');
    const error = serviceError('ERRESQ005', 'configKidRepetido', 'config.tokenKeys', { kid: 'k1' });
    expect([error.codigoError, error.valorIncorrecto, error.mensaje]).toEqual([
      'ERRESQ005',
      'config.tokenKeys',
      'Dos llaves tienen el mismo kid: k1',
    ]);
  });
});

/** The error `run` throws. */
function thrown(run: () => unknown): QuoteError {
  try {
    run();
  } catch (error) {
    if (error instanceof QuoteError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('configuration errors', () => {
  const base: ServiceConfig = { clients: [CLIENT], tokenSecret: SECRET };
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cases: [string, () => unknown, string, string, string][] = [
    [
      'clients',
      () => createService({ ...base, clients: 'app' as never }),
      'config.clients',
      'clients debe ser una lista o una función de búsqueda',
      'clients must be a list or a lookup function',
    ],
    [
      'helpUrl',
      () => createService({ ...base, helpUrl: '' }),
      'config.helpUrl',
      'helpUrl debe tener de 1 a 280 caracteres',
      'helpUrl must have 1 to 280 characters',
    ],
    [
      'a positive integer',
      () => createService({ ...base, tokenTtlSeconds: 1.5 }),
      'config.tokenTtlSeconds',
      'tokenTtlSeconds debe ser un entero positivo',
      'tokenTtlSeconds must be a positive integer',
    ],
    [
      'a rate',
      () => createService({ ...base, rateLimit: { capacity: 0, refillPerSecond: 1 } }),
      'config.rateLimit.capacity',
      'rateLimit.capacity debe ser un entero positivo',
      'rateLimit.capacity must be a positive integer',
    ],
    [
      'no negative',
      () => createService({ ...base, clockSkewSeconds: -1 }),
      'config.clockSkewSeconds',
      'clockSkewSeconds debe ser un entero mayor o igual a cero',
      'clockSkewSeconds must be an integer of zero or more',
    ],
    [
      'a text',
      () => createService({ ...base, tokenIssuer: '' }),
      'config.tokenIssuer',
      'tokenIssuer debe ser un texto de 1 a 200 caracteres',
      'tokenIssuer must be a text of 1 to 200 characters',
    ],
    [
      'a store',
      () => createService({ ...base, rateLimit: { capacity: 1, refillPerSecond: 1, store: {} as never } }),
      'config.rateLimit.store',
      'rateLimit.store debe tener un método take(key, policy, nowMs)',
      'rateLimit.store must have a take(key, policy, nowMs) method',
    ],
    [
      'an API name',
      () => createService({ ...base, switches: { off: ['quoters' as never] } }),
      'config.switches',
      'API desconocida: quoters; use token, quoter, taxpayer, atm',
      'Unknown API: quoters; use token, quoter, taxpayer, atm',
    ],
    [
      'a short secret',
      () => keySet({ tokenSecret: 'short' }),
      'config.tokenSecret',
      'tokenSecret debe tener al menos 32 bytes (RFC 7518 §3.2)',
      'tokenSecret must have at least 32 bytes (RFC 7518 §3.2)',
    ],
    [
      'two kinds of keys',
      () => keySet({ tokenSecret: SECRET, tokenKeys: rsa }),
      'config.tokenKeys',
      'Configure tokenSecret o tokenKeys, no ambos',
      'Configure tokenSecret or tokenKeys, not both',
    ],
    [
      'not RSA',
      () => keySet({ tokenKeys: ec }),
      'config.tokenKeys',
      'tokenKeys debe ser un par de llaves RSA',
      'tokenKeys must be an RSA key pair',
    ],
    [
      'a kid',
      () => keySet({ tokenKeys: { kid: 'no spaces', privateKey: rsa.privateKey } }),
      'config.tokenKeys',
      'Un kid tiene de 1 a 64 caracteres [A-Za-z0-9._-]',
      'A kid has 1 to 64 characters [A-Za-z0-9._-]',
    ],
    [
      'a repeated kid',
      () =>
        keySet({
          tokenSecret: [
            { kid: 'k', secret: SECRET },
            { kid: 'k', secret: `${SECRET}!` },
          ],
        }),
      'config.tokenSecret',
      'Dos llaves tienen el mismo kid: k',
      'Two keys have the same kid: k',
    ],
  ];

  it.each(cases)('%s: ERRESQ005 naming the setting, said in Spanish and English', (_name, run, field, es, en) => {
    const error = thrown(run);
    expect([error.codigoError, error.valorIncorrecto, error.mensaje, localizedMessage(error, 'en')]).toEqual(['ERRESQ005', field, es, en]);
  });

  it("a clock that gives no date is the bank's error (ERRSER002), found when it is read", () => {
    const config = resolveConfig({ ...base, now: () => new Date(Number.NaN) });
    const error = thrown(() => config.now());
    expect([error.codigoError, error.valorIncorrecto, localizedMessage(error, 'en')]).toEqual([
      'ERRSER002',
      'config.now',
      'The configured clock (now) did not return a valid date',
    ]);
  });
});
