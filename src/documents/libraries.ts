/**
 * The receipt's libraries (pdf-lib, @pdf-lib/fontkit, bwip-js), loaded on the first receipt. They
 * are optional peer dependencies (docs/install.md): 40 MB that a quote, a server without receipts
 * or an analyst's script never uses. When one is not installed, the receipt is a coded
 * `QuoteError` (`ERRSER002`, the server's side) that names every missing package and the command
 * that installs them, in the caller's language.
 */
import type * as PdfLib from 'pdf-lib';
import { documentsError } from './messages.js';

/**
 * The packages the receipt needs, as `npm install` names them.
 *
 * @example
 * ```ts
 * RECEIPT_PACKAGES; // ['pdf-lib', '@pdf-lib/fontkit', 'bwip-js']
 * ```
 */
export const RECEIPT_PACKAGES = ['pdf-lib', '@pdf-lib/fontkit', 'bwip-js'] as const;

/**
 * One of {@link RECEIPT_PACKAGES}.
 *
 * @example
 * ```ts
 * const name: ReceiptPackage = 'bwip-js';
 * ```
 */
export type ReceiptPackage = (typeof RECEIPT_PACKAGES)[number];

/**
 * What the receipt uses of bwip-js: PNG images as bytes, which its build for server runtimes (the
 * `node` condition: Node, Bun, Deno) has; its browser build draws on a canvas instead.
 */
interface BwipJs {
  toBuffer(options: Record<string, unknown>): Promise<Uint8Array>;
}

/**
 * The loaded libraries, as the renderer uses them.
 *
 * @example
 * ```ts
 * const libraries: ReceiptLibraries = await loadReceiptLibraries();
 * typeof libraries.pdfLib.PDFDocument.create; // 'function'
 * ```
 */
export interface ReceiptLibraries {
  readonly pdfLib: typeof PdfLib;
  /** @pdf-lib/fontkit, as `PDFDocument.registerFontkit` takes it. */
  readonly fontkit: Parameters<PdfLib.PDFDocument['registerFontkit']>[0];
  readonly bwipJs: BwipJs;
}

/**
 * Imports one package (a module namespace, or a rejection when it is not installed).
 *
 * @example
 * ```ts
 * const importer: PackageImporter = (name) => import(name);
 * ```
 */
export type PackageImporter = (name: ReceiptPackage) => Promise<unknown>;

/** Passes an import's failure on unchanged (see importPackage). */
const rethrow = (error: unknown): never => {
  throw error;
};

// Literal specifiers, so bundlers and the build see each import (and leave it lazy). The `.catch`
// tells esbuild (and the tools built on it) that a package it cannot find is a failure at run time
// (the coded error below), not at bundling: a browser bundle of a default install (no optional
// peers) builds, where it stopped at "Could not resolve 'pdf-lib'".
const importPackage: PackageImporter = (name) => {
  if (name === 'pdf-lib') return import('pdf-lib').catch(rethrow);
  if (name === '@pdf-lib/fontkit') return import('@pdf-lib/fontkit').catch(rethrow);
  // The package's own conditions pick its build: a server runtime's (PNG bytes) or a browser's.
  return import('bwip-js').catch(rethrow);
};

/** A CommonJS package imported from ESM is its `module.exports` under `default`. */
function exportsOf(namespace: unknown): unknown {
  const record = namespace as { default?: unknown };
  return record.default ?? namespace;
}

/** bwip-js as the receipt uses it, or the coded error of a runtime whose build writes no PNG. */
function pngWriter(bwipJs: unknown): BwipJs {
  if (typeof (bwipJs as Partial<BwipJs>).toBuffer !== 'function') throw documentsError('ERRSER002', 'codigoBarrasSinPng');
  return bwipJs as BwipJs;
}

let loaded: Promise<ReceiptLibraries> | undefined;

/**
 * The receipt's libraries, imported on the first call (every later call shares them). Rejects
 * with a coded `QuoteError` (`ERRSER002`) naming the packages that could not be imported and the
 * command that installs them; a failed load is not kept, so installing them is enough.
 * `importer` replaces the import (tests).
 *
 * @example
 * ```ts
 * const missing: PackageImporter = async (name) => {
 *   if (name === 'bwip-js') throw new Error('not installed');
 *   return {};
 * };
 * const error = await loadReceiptLibraries(missing).catch((e: QuoteError) => e);
 * error.codigoError; // 'ERRSER002'
 * error.mensaje; // 'Para generar el comprobante en PDF falta el paquete opcional bwip-js: npm install bwip-js'
 * ```
 */
export function loadReceiptLibraries(importer?: PackageImporter): Promise<ReceiptLibraries> {
  if (importer === undefined && loaded !== undefined) return loaded;
  const loading = importAll(importer ?? importPackage);
  if (importer === undefined) {
    loaded = loading;
    loading.catch(() => {
      loaded = undefined;
    });
  }
  return loading;
}

async function importAll(importer: PackageImporter): Promise<ReceiptLibraries> {
  const outcomes = await Promise.allSettled(RECEIPT_PACKAGES.map((name) => importer(name)));
  const missing = RECEIPT_PACKAGES.filter((_, i) => outcomes[i]?.status === 'rejected');
  if (missing.length > 0) {
    const params = { packages: missing.join(', '), command: `npm install ${missing.join(' ')}` };
    throw documentsError('ERRSER002', missing.length === 1 ? 'paqueteFaltante' : 'paquetesFaltantes', undefined, params);
  }
  const [pdfLib, fontkit, bwipJs] = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value);
  return {
    // pdf-lib's CommonJS build names its exports (Node finds them: the namespace has them), unless
    // a loader gives only `module.exports` as the default; fontkit and bwip-js are one object each.
    pdfLib: ((pdfLib as { PDFDocument?: unknown }).PDFDocument === undefined ? exportsOf(pdfLib) : pdfLib) as typeof PdfLib,
    fontkit: exportsOf(fontkit) as ReceiptLibraries['fontkit'],
    bwipJs: pngWriter(exportsOf(bwipJs)),
  };
}
