/**
 * How much can a client borrow for a payment they can afford? For each term, `solveCredit` finds
 * the largest amount whose payment is at most the budget (exact to the cent: one cent more and
 * the payment passes it), and the quote at it shows the total and the CAT. Then: what does a
 * prepayment of a year's bonus save on the longest of them?
 *
 *   npx tsx examples/affordable-amount.ts [BUDGET] [PRICE]
 */
import { type CreditRequest, quoteCredit, solveCredit } from 'cotizador';
import Decimal from 'decimal.js';

const budget = process.argv[2] ?? '8000.00';
const price = process.argv[3] ?? '450000.00';
const base: CreditRequest = {
  fechaApertura: '2026-01-31',
  valorFactura: price,
  montoSolicitado: '300000.00', // where the search starts; solveCredit moves it
  tasa: '13.50',
  plazo: 36,
  comisiones: '2.00',
  importeCatSegVida: '3500.00',
};

console.log(`budget ${budget} a month, car of ${price}, 13.50 % + IVA, 2 % opening fee\n`);
console.log('plazo       monto        pago    totalPagar   CAT');
let longest: CreditRequest | undefined;
for (const plazo of [24, 36, 48, 60, 72]) {
  try {
    const { value, quote } = solveCredit({ ...base, plazo }, { unknown: 'montoSolicitado', target: { pagoMensual: budget } });
    console.log(
      `${String(plazo).padStart(5)} ${value.padStart(11)} ${quote.pagoMensual.padStart(11)} ${quote.totalPagar.padStart(13)} ${quote.cat.padStart(5)}`,
    );
    longest = { ...base, plazo, montoSolicitado: value };
  } catch (error) {
    // No amount the engine accepts (the down payment rule caps it) meets the budget at this term.
    console.log(`${String(plazo).padStart(5)}  no amount meets the budget (${(error as Error).message})`);
  }
}

if (longest !== undefined) {
  const plain = quoteCredit(longest);
  const prepaid = quoteCredit(
    { ...longest, generaTablaPagos: true },
    { prepayments: [{ period: 12, amount: '40000.00', mode: 'reduceTerm' }] },
  );
  // Exact decimal arithmetic on the quotes' amounts (decimal text), never binary floats.
  const saved = new Decimal(plain.importeInteresTotal)
    .plus(plain.impIVAInteresTotal)
    .minus(prepaid.importeInteresTotal)
    .minus(prepaid.impIVAInteresTotal);
  console.log(
    `\n${longest.plazo} payments of ${plain.pagoMensual}: a 40,000.00 prepayment with payment 12 ends the credit after ` +
      `${prepaid.registros.length} payments and saves ${saved.toFixed(2)} of interest and its IVA.`,
  );
}
