/**
 * Payment versus term for three rates: a pivot table (terms down, rates across), or the grid as
 * CSV with --csv.
 *
 *   npx tsx examples/payment-vs-term.ts [--csv]
 */
import { readFileSync } from 'node:fs';
import { gridRecord, scenarioGrid, summarizeGridRow, toCsv } from '../src/entry/analysis.js';
import type { CreditRequest } from '../src/entry/credit.js';

const body = JSON.parse(readFileSync(new URL('./autoestrene.json', import.meta.url), 'utf8')) as { solicitud: CreditRequest };
const rates = ['10.99', '13.50', '16.99'];
const terms = [12, 24, 36, 48, 60, 72];
const rows = [...scenarioGrid({ ...body.solicitud, generaTablaPagos: false }, { plazo: terms, tasa: rates })];

if (process.argv.includes('--csv')) {
  process.stdout.write(toCsv(rows.map((row) => gridRecord(summarizeGridRow(row)))));
} else {
  console.log(`monthly payment of ${body.solicitud.montoSolicitado} (+ financed warranty) by term and annual rate\n`);
  console.log(`plazo  ${rates.map((t) => `${t} %`.padStart(10)).join('  ')}`);
  for (const plazo of terms) {
    const cells = rates.map((tasa) => {
      const row = rows.find((r) => r.scenario.plazo === plazo && r.scenario.tasa === tasa);
      return (row?.result?.pagoMensual ?? row?.error?.codigoError ?? '').padStart(10);
    });
    console.log(`${String(plazo).padStart(5)}  ${cells.join('  ')}`);
  }
}
