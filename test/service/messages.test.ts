/**
 * The service's catalog: every message in every language, none empty, the same values named in
 * each, no Spanish inside an English text, and the texts the interface's answers carry.
 */
import { describe, expect, it } from 'vitest';
import { LANGS, renderMessage } from '../../src/errors/catalog.js';
import { SERVICE_MESSAGES, serviceError, serviceMessage } from '../../src/service/messages.js';

/** Spanish words that are not English too; a text's field names (tokenSecret, kid…) are names and pass. */
const SPANISH =
  /\b(el|la|los|las|del|de|que|debe|deben|una|un|es|está|se|con|por|para|ni|y|sin|solo|llave|llaves|petición|cuerpo|campo|tiene|apagada|método|cliente)\b|[áéíóúñ¿¡]/i;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the service catalog', () => {
  const ids = Object.keys(SERVICE_MESSAGES.locales.es) as (keyof typeof SERVICE_MESSAGES.locales.es)[];

  it('has every message in every language, none empty, each naming the same values', () => {
    expect(ids.length).toBeGreaterThan(40);
    for (const lang of LANGS) {
      expect(Object.keys(SERVICE_MESSAGES.locales[lang]).sort(), lang).toEqual([...ids].sort());
      for (const id of ids) {
        expect(SERVICE_MESSAGES.locales[lang][id].trim(), `${lang}.${id}`).not.toBe('');
        expect(placeholders(SERVICE_MESSAGES.locales[lang][id]), `${lang}.${id}`).toEqual(placeholders(SERVICE_MESSAGES.locales.es[id]));
      }
    }
  });

  it('has no Spanish inside an English text', () => {
    for (const id of ids) expect(SERVICE_MESSAGES.locales.en[id], id).not.toMatch(SPANISH);
    // The check does catch one.
    expect('Invalid convention: un entero de 0 a 99').toMatch(SPANISH);
  });

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
