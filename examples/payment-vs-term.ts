/**
 * Payment versus term for three rates: a pivot table (terms down, rates across), or the grid as
 * CSV with --csv.
 *
 *   npx tsx examples/payment-vs-term.ts [--csv]
 */
import { scenarioGrid, summarizeGridRow, toCsv } from 'cotizador/analysis';
import type { CreditRequest } from 'cotizador/credit';

// The solicitud of examples/autoestrene.json: 280,000.00 of a 350,000.00 car, a financed warranty.
const solicitud: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 36,
  comisiones: '2.00',
  montoGarantiaExt: '12000.00',
  creditoGarantiaExt: true,
  importeCatSegVida: '2800.00',
};
const rates = ['10.99', '13.50', '16.99'];
const terms = [12, 24, 36, 48, 60, 72];
const rows = [...scenarioGrid(solicitud, { plazo: terms, tasa: rates })];

if (process.argv.includes('--csv')) {
  // One record per scenario: the varied fields, then the key results or the error.
  const records = rows.map(summarizeGridRow).map((s) => ({
    ...s.scenario,
    pagoMensual: s.pagoMensual,
    totalPagar: s.totalPagar,
    importeInteresTotal: s.importeInteresTotal,
    cat: s.cat,
    codigoError: s.error?.codigoError,
    valorIncorrecto: s.error?.valorIncorrecto,
    mensaje: s.error?.mensaje,
  }));
  process.stdout.write(toCsv(records));
} else {
  console.log(`monthly payment of ${solicitud.montoSolicitado} (+ financed warranty) by term and annual rate\n`);
  console.log(`plazo  ${rates.map((t) => `${t} %`.padStart(10)).join('  ')}`);
  for (const plazo of terms) {
    const cells = rates.map((tasa) => {
      const row = rows.find((r) => r.scenario.plazo === plazo && r.scenario.tasa === tasa);
      return (row?.result?.pagoMensual ?? row?.error?.codigoError ?? '').padStart(10);
    });
    console.log(`${String(plazo).padStart(5)}  ${cells.join('  ')}`);
  }
}
