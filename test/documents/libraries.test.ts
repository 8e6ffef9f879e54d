/**
 * The receipt's optional libraries: loaded on the first receipt only, and when one is absent the
 * receipt is a coded error that names it and the command that installs it, in both languages.
 * Checked in this process through the loader's importer, and in a real process on a bundle of
 * `cotizador/documents` whose imports of the libraries a module hook refuses (as Node refuses a
 * package that is not installed).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_PACKAGES, loadReceiptLibraries, type PackageImporter, type ReceiptPackage } from '../../src/documents/libraries.js';
import { renderReceiptBase64, samplePayments } from '../../src/entry/documents.js';
import { QuoteError, localizedMessage } from '../../src/errors/quoteError.js';

/** An importer for which `absent` are not installed. */
function without(...absent: ReceiptPackage[]): PackageImporter {
  return (name) => {
    if (absent.includes(name))
      return Promise.reject(Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' }));
    return name === 'bwip-js' ? import('bwip-js/node') : import(name);
  };
}

async function failure(importer: PackageImporter): Promise<QuoteError> {
  const error: unknown = await loadReceiptLibraries(importer).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QuoteError);
  return error as QuoteError;
}

describe('the receipt libraries', () => {
  it('one absent: ERRSER002 naming it and the command that installs it, in Spanish and in English', async () => {
    const error = await failure(without('bwip-js'));
    expect(error.codigoError).toBe('ERRSER002');
    expect(error.mensaje).toBe('Para generar el comprobante en PDF falta el paquete opcional bwip-js: npm install bwip-js');
    expect(localizedMessage(error, 'en')).toBe('The PDF receipt needs the optional package bwip-js: npm install bwip-js');
  });

  it('several absent: every one named, in the order npm would install them', async () => {
    const error = await failure(without('pdf-lib', 'bwip-js'));
    expect(error.mensaje).toBe(
      'Para generar el comprobante en PDF faltan los paquetes opcionales pdf-lib, bwip-js: npm install pdf-lib bwip-js',
    );
    expect(localizedMessage(await failure(without(...RECEIPT_PACKAGES)), 'en')).toBe(
      'The PDF receipt needs the optional packages pdf-lib, @pdf-lib/fontkit, bwip-js: npm install pdf-lib @pdf-lib/fontkit bwip-js',
    );
  });

  it('all present: the libraries the renderer draws with', async () => {
    const libraries = await loadReceiptLibraries(without());
    expect(typeof libraries.pdfLib.PDFDocument.create).toBe('function');
    expect(typeof libraries.fontkit.create).toBe('function');
    expect(typeof libraries.bwipJs.toBuffer).toBe('function');
  });
});

describe('cotizador/documents in a process without the libraries', () => {
  let dir = '';
  let bundle = '';
  let hook = '';

  beforeAll(async () => {
    // Beside node_modules, so the bundle resolves the libraries as the built package does.
    const cache = resolve('node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'cotizador-documents-'));
    bundle = join(dir, 'documents.mjs');
    await build({
      entryPoints: ['src/entry/documents.ts'],
      outfile: bundle,
      bundle: true,
      splitting: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'error',
    });
    // Refuses the packages named in BLOCKED as Node refuses one that is not installed.
    hook = join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      [
        "const blocked = new Set((process.env.BLOCKED ?? '').split(',').filter(Boolean));",
        'export async function resolve(specifier, context, next) {',
        "  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];",
        "  if (blocked.has(name)) throw Object.assign(new Error('Cannot find package ' + name), { code: 'ERR_MODULE_NOT_FOUND' });",
        '  return next(specifier, context);',
        '}',
      ].join('\n'),
    );
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Imports the bundle (which must not need the libraries), renders the first sample receipt, prints the outcome. */
  function run(blocked: readonly string[]): { imported: boolean; documento?: string; codigoError?: string; mensaje?: string; en?: string } {
    const script = `
      const documents = await import(${JSON.stringify(pathToFileURL(bundle).href)});
      const out = { imported: true };
      try {
        out.documento = await documents.renderReceiptBase64(documents.samplePayments()[0]);
      } catch (error) {
        Object.assign(out, { codigoError: error.codigoError, mensaje: error.mensaje, en: documents.localizedMessage(error, 'en') });
      }
      console.log(JSON.stringify(out));`;
    const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(pathToFileURL(hook).href)});`;
    const child = spawnSync(process.execPath, ['--import', register, '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, BLOCKED: blocked.join(',') },
    });
    expect(child.status, child.stderr).toBe(0);
    return JSON.parse(child.stdout) as ReturnType<typeof run>;
  }

  it('imports without them, and the receipt names the ones to install', () => {
    const outcome = run(RECEIPT_PACKAGES);
    expect(outcome.imported).toBe(true);
    expect(outcome.codigoError).toBe('ERRSER002');
    expect(outcome.mensaje).toBe(
      'Para generar el comprobante en PDF faltan los paquetes opcionales pdf-lib, @pdf-lib/fontkit, bwip-js: npm install pdf-lib @pdf-lib/fontkit bwip-js',
    );
    expect(outcome.en).toBe(
      'The PDF receipt needs the optional packages pdf-lib, @pdf-lib/fontkit, bwip-js: npm install pdf-lib @pdf-lib/fontkit bwip-js',
    );
  });

  it('with them, the lazily loaded renderer draws the same bytes as this process', async () => {
    const outcome = run([]);
    expect(outcome.codigoError).toBeUndefined();
    expect(outcome.documento).toBe(await renderReceiptBase64(samplePayments()[0]!));
  });
});
