/**
 * Which down payment minimises the CAT for a given car? With `tasa` omitted, the default
 * conventions take the rate from a grid by down payment (5 % → 17.99 … ≥ 50 % → 9.49), so a
 * bigger down payment lowers the rate in steps while the fixed costs weigh more on a smaller loan.
 *
 *   npx tsx examples/down-payment-vs-cat.ts [PRICE] [PLAZO]
 */
import { scenarioGrid } from 'cotizador/analysis';
import type { CreditRequest } from 'cotizador/credit';
import Decimal from 'decimal.js';

const price = process.argv[2] ?? '420000.00';
const plazo = Number(process.argv[3] ?? 48);
const base: CreditRequest = {
  fechaApertura: '2026-01-31',
  valorFactura: price,
  montoSolicitado: price,
  plazo,
  comisiones: '2.00',
  importeCatSegVida: '3500.00',
  porcentajeEnganche: 5, // accept every down payment the rate grid covers
};

// Down payments from 5 % to 60 % of the price in steps of 2.5 %, as exact amounts.
const percents = Array.from({ length: 23 }, (_, i) => new Decimal(5).plus(new Decimal(2.5).times(i)));
const amounts = percents.map((p) => new Decimal(price).times(new Decimal(100).minus(p)).div(100).toFixed(2, Decimal.ROUND_HALF_UP));

console.log(`price ${price}, ${plazo} monthly payments, rate from the down-payment grid\n`);
console.log('enganche %   enganche      monto   tasa      pago    CAT');
let best: { percent: Decimal; cat: Decimal } | undefined;
for (const row of scenarioGrid(base, { montoSolicitado: amounts })) {
  const percent = percents[row.index] as Decimal;
  const downPayment = new Decimal(price).minus(row.scenario.montoSolicitado as string).toFixed(2);
  if (row.error !== undefined) {
    console.log(
      `${percent.toFixed(1).padStart(10)}  ${downPayment.padStart(10)}  error ${row.error.codigoError} ${row.error.valorIncorrecto}`,
    );
    continue;
  }
  const r = row.result;
  console.log(
    `${percent.toFixed(1).padStart(10)}  ${downPayment.padStart(10)} ${r.montoSolicitado.padStart(10)}  ${r.tasa.padStart(5)}  ${r.pagoMensual.padStart(8)}  ${r.cat.padStart(5)}`,
  );
  const cat = new Decimal(r.cat);
  if (best === undefined || cat.lt(best.cat)) best = { percent, cat };
}
if (best !== undefined) console.log(`\nlowest CAT: ${best.cat.toFixed(1)} % with a ${best.percent.toFixed(1)} % down payment`);
