/**
 * The main job on the bundled example: a full AutoEstrene quote with its table and CAT.
 *   npm run demo                        # examples/autoestrene.json
 *   npx tsx examples/demo.ts FILE.json  # any AutoEstrene body or bare solicitud
 */
import { readFileSync } from 'node:fs';
import { QuoteError, quoteCredit } from '../src/index.js';

const file = process.argv[2] ?? 'examples/autoestrene.json';
const body = JSON.parse(readFileSync(file, 'utf8')) as { solicitud?: unknown };
const solicitud = (body.solicitud ?? body) as Parameters<typeof quoteCredit>[0];
try {
  const r = quoteCredit(solicitud);
  const { registros, ...summary } = r;
  console.log('AutoEstrene quote for', file);
  for (const [key, value] of Object.entries(summary)) console.log(`  ${key.padEnd(20)} ${String(value)}`);
  const columns = ['numAmortizacion', 'fechaAmortizacion', 'saldoCapital', 'abonoCapital', 'interesAmortizacion', 'ivaAmortizacion', 'seguroDanos', 'pagoAmortizacion', 'saldoFin'] as const;
  const header = ['#', 'fecha', 'saldo', 'capital', 'interés', 'IVA', 'seguro', 'pago', 'saldo final'];
  const widths = columns.map((c, i) => Math.max(header[i]!.length, ...registros.map((row) => String(row[c]).length)));
  console.log(`\n${header.map((h, i) => h.padStart(widths[i]!)).join('  ')}`);
  for (const row of registros) console.log(columns.map((c, i) => String(row[c]).padStart(widths[i]!)).join('  '));
  console.log(`\nCAT ${r.cat} % sin IVA, pago ${r.pagoMensual}, total a pagar ${r.totalPagar}`);
} catch (error) {
  if (error instanceof QuoteError) {
    console.error(`${error.codigoError} ${error.valorIncorrecto ?? ''}: ${error.mensaje}`);
    process.exit(1);
  }
  throw error;
}
