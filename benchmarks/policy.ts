/**
 * The policy quote: every package of every insurer, monthly receipts, a multi-year policy over a
 * 48-month credit — with its ratio to the 60-payment credit quote measured in the same run.
 */
import { Bench } from 'tinybench';
import { quotePolicy, type PolicyRequest } from '../src/entry/index.js';

const request: PolicyRequest = {
  idPaquete: 0,
  cveEntidadFederativa: 9,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idClaveVehiculo: 1002,
  modelo: 2026,
  idAgencia: 4501,
  idFormaPago: 4,
  montoSumaAsegurada: '420000.00',
  sumaAccesorio: '15000.00',
  enganche: '84000.00',
  plazoFinanciado: 48,
  codigoPostal: '03100',
  indicadorReposicion: 1,
  idVigencia: 2,
};

let sink: unknown;

/** Runs the policy benchmark; `creditMean` is the 60-payment credit quote's mean from the same run. */
export async function benchPolicy(settings: {
  time: number;
  quick: boolean;
  creditMean: number;
}): Promise<{ group: string; name: string; mean: number }[]> {
  const bench = new Bench({ time: settings.time, warmupTime: settings.quick ? 50 : 200 });
  bench.add('cotizador quotePolicy (all packages, mensual, 48 months)', () => {
    sink = quotePolicy(request, { fechaInicio: '2026-01-31' });
  });
  await bench.run();
  void sink;
  const offers = quotePolicy(request, { fechaInicio: '2026-01-31' }).listaSeguroAuto;
  const receipts = offers.reduce((n, o) => n + o.listaRecibos.length, 0);
  const group = `policy quote (${offers.length} offers, ${receipts} receipts) vs the 60-payment credit quote`;
  return [
    { group, name: 'cotizador quoteCredit (60 payments, table + CAT)', mean: settings.creditMean },
    { group, name: 'cotizador quotePolicy (all packages, mensual, 48 months)', mean: bench.tasks[0]?.result?.latency.mean ?? NaN },
  ];
}
