/**
 * What a catalog must hold: every message in every language, none empty, the same values named
 * in each, and no Spanish word in an English text (field names, option names and `{values}` are
 * names, not Spanish). Used by the test that walks every catalog of the library
 * (`catalogs.test.ts`).
 */
import { expect } from 'vitest';
import { LANGS, type Catalog } from '../../src/entry/common.js';

/**
 * Spanish words an English text would only hold by mistake. Names pass: camelCase field names,
 * the one-word fields (`tasa`, `plazo`, `enganche`), language codes (`es`), sheet names and `CAT`/`IVA`.
 */
const SPANISH = new Set([
  'de',
  'la',
  'el',
  'los',
  'las',
  'del',
  'que',
  'una',
  'por',
  'con',
  'sin',
  'para',
  'debe',
  'se',
  'archivo',
  'archivos',
  'campo',
  'opción',
  'línea',
  'líneas',
  'columna',
  'valor',
  'pago',
  'pagos',
  'monto',
  'importe',
  'clave',
  'fecha',
  'cotización',
  'meta',
  'incógnita',
  'ayuda',
  'comando',
  'más',
  'está',
  'ni',
  'y',
  'solo',
  'llave',
  'llaves',
  'petición',
  'cuerpo',
  'tiene',
  'apagada',
  'método',
  'cliente',
  'deben',
  'un',
  'seguro',
  'póliza',
]);

/** The words of a text, without its `{values}` and its `--options`. */
export function words(text: string): string[] {
  return text
    .replace(/\{\w+\}/g, ' ')
    .replace(/--[\w-]+/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== '');
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();

export function checkCatalog(catalog: Catalog): void {
  const ids = Object.keys(catalog.locales.es);
  expect(ids.length).toBeGreaterThan(0);
  for (const lang of LANGS) {
    expect(Object.keys(catalog.locales[lang]).sort(), `${catalog.domain} ${lang}`).toEqual([...ids].sort());
    for (const id of ids)
      expect((catalog.locales[lang] as Record<string, string>)[id]?.trim(), `${catalog.domain}.${id} ${lang}`).not.toBe('');
  }
  for (const id of ids) {
    const es = (catalog.locales.es as Record<string, string>)[id] as string;
    const en = (catalog.locales.en as Record<string, string>)[id] as string;
    expect(placeholders(en), `${catalog.domain}.${id}`).toEqual(placeholders(es));
    const spanish = words(en).filter((w) => SPANISH.has(w.toLowerCase()) || /[áéíóúñ]/i.test(w));
    expect(spanish, `${catalog.domain}.${id}: ${en}`).toEqual([]);
  }
}
