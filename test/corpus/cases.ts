/**
 * The corpus: a fixed, generated set of requests to every engine and to the service, covering
 * every periodicity, insurance type, payment form, convention and error path. `scripts/corpus.ts`
 * writes the cases and their outputs to `test/corpus/corpus.jsonl`; `corpus.test.ts` replays the
 * stored inputs and checks each output byte for byte. The inputs are stored, so the fixture does
 * not depend on this generator staying the same.
 */

/** One stored case: what to call and with what. */
export type CorpusCase =
  | { readonly id: string; readonly kind: 'credit'; readonly solicitud: unknown; readonly options?: unknown }
  | { readonly id: string; readonly kind: 'policy'; readonly solicitud: unknown; readonly options?: unknown }
  | { readonly id: string; readonly kind: 'cat'; readonly flows: unknown; readonly options?: unknown }
  | { readonly id: string; readonly kind: 'service'; readonly request: ServiceCase };

/** A service request; `token` names a token to put in `Authorization: Bearer …` at replay time. */
export interface ServiceCase {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly token?: 'valid' | 'expired' | 'readOnly' | 'tampered';
}

/** mulberry32: a small deterministic PRNG (the corpus must be the same on every machine). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Draw {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = prng(seed);
  }
  float(): number {
    return this.#next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }
  pick<T>(values: readonly T[]): T {
    return values[this.int(0, values.length - 1)] as T;
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
}

function money(cents: number): string {
  const whole = Math.floor(cents / 100);
  const frac = cents % 100;
  return `${whole}.${frac < 10 ? '0' : ''}${frac}`;
}

function isoDate(d: Draw, fromYear = 2020, toYear = 2030): string {
  const y = d.int(fromYear, toYear);
  const m = d.int(1, 12);
  const day = d.chance(0.2) ? d.pick([28, 29, 30, 31]) : d.int(1, 28);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** Vehicle keys of the illustrative tariff and their unit types (9999 is unknown). */
const VEHICLES: readonly (readonly [number, number])[] = [
  [1001, 1],
  [1002, 1],
  [1003, 1],
  [2001, 2],
  [2002, 2],
  [3001, 3],
];

function vehicle(d: Draw): { key: number; type: number } {
  if (d.chance(0.05)) return { key: 9999, type: 1 };
  const [key, type] = d.pick(VEHICLES);
  return { key, type: d.chance(0.05) ? d.pick([1, 2, 3]) : type };
}

function insuranceInfo(d: Draw, modelYear: number): Record<string, unknown> {
  const v = vehicle(d);
  const info: Record<string, unknown> = {
    idPaquete: d.pick([1, 1, 2, 3, 1, 2, 0, 9]),
    cveEntidadFederativa: d.chance(0.05) ? 33 : d.int(1, 32),
    idTipoUnidad: v.type,
    idUsoAutomovil: d.pick([1, 1, 1, 2]),
    idAgencia: v.key,
    modelo: modelYear - d.pick([0, 0, 1, 2, -1, 12]),
    numeroAgencia: d.int(1, 9999),
    enganche: money(d.int(0, 20_000_000)),
    codigoPostal: d.pick(['03100', '06600', '44100', '97000', '55000', '64000']),
  };
  if (d.chance(0.7)) info['idAseguradora'] = d.pick([1, 2, 3, 4]);
  if (d.chance(0.7)) info['idFormaPago'] = d.pick([1, 2, 3, 4, 0, 7]);
  if (d.chance(0.3)) info['idVigencia'] = d.pick([1, 2, 2, 3]);
  if (d.chance(0.3)) info['indicadorReposicion'] = d.pick([1, 2, 3, 5]);
  if (d.chance(0.2)) info['sumaAccesorio'] = money(d.int(0, 20_000_000));
  if (d.chance(0.2)) info['plazoMeses'] = d.pick([6, 12, 13]);
  if (d.chance(0.1)) info['idEstado'] = d.pick([1, 2]);
  return info;
}

/** A credit solicitud and its options; about one in six carries one deliberate defect. */
function creditCase(d: Draw): { solicitud: Record<string, unknown>; options?: Record<string, unknown> } {
  const periodicidad = d.pick(['M', 'M', 'M', 'Q', 'C', 'S', 'D']);
  const longTerm = d.chance(0.08);
  const plazo = longTerm ? d.int(73, 999) : d.int(1, 72);
  const amount = d.pick([
    d.int(80_000_00, 900_000_00),
    d.int(80_000_00, 900_000_00),
    d.int(100_00, 5_000_00),
    d.int(1_000_000_00, 50_000_000_00),
  ]);
  const lowDown = d.chance(0.12);
  const downPercent = lowDown ? d.pick([5, 10, 15]) + d.int(0, 4) : d.pick([20, 20, 25, 30, 40, 50, 60]) + d.int(0, 9);
  const price = Math.ceil((amount * 100) / (100 - Math.min(downPercent, 90)));
  const s: Record<string, unknown> = {
    montoSolicitado: money(amount),
    valorFactura: money(price),
    plazo,
  };
  if (d.chance(0.9)) s['fechaApertura'] = isoDate(d);
  if (d.chance(0.85))
    s['tasa'] = d.pick(['13.50', '0', '200', '37', '9.5', (d.int(0, 6000) / 100).toFixed(2), String(d.int(1, 99)), '12.345678']);
  if (d.chance(0.9)) s['periodicidad'] = periodicidad;
  if (d.chance(0.6)) s['iva'] = d.pick([16, 16, 8, 0]);
  if (d.chance(0.4)) s['facturaConIva'] = d.pick([1, 1, 0]);
  if (d.chance(0.3)) s['producto'] = d.pick(['AUTO', 'AUTONOM']);
  if (d.chance(0.7)) s['comisiones'] = d.pick(['0', '2.00', '1.5', '3', '0.5', (d.int(0, 500) / 100).toFixed(2)]);
  if (d.chance(0.5)) s['nombreModelo'] = d.pick(['Sedán 1.6 L', 'SUV 2.0', 'Pick-up']);
  s['generaTablaPagos'] = longTerm ? d.chance(0.15) : d.chance(0.75);
  if (d.chance(0.15)) {
    s['montoGarantiaExt'] = money(Math.floor((amount * d.int(1, 25)) / 100));
    s['creditoGarantiaExt'] = d.chance(0.8);
  }
  if (d.chance(0.15)) s['importeCatSegVida'] = money(d.int(0, Math.min(amount, 5_000_000)));
  if (d.chance(0.1)) s['importeCatSegDanio'] = money(d.int(0, Math.min(amount, 5_000_000)));
  if (d.chance(0.12)) {
    s['indSeguro'] = 1;
    s['importeSeguros'] = money(d.int(0, 3_000_000));
    s['plazoSeguro'] = d.pick([12, 24, 36, 1, 99]);
  }
  if (d.chance(0.2)) {
    s['tipoSeguro'] = d.pick([1, 2]);
    s['informacionSeguro'] = insuranceInfo(d, 2026);
  }
  if (lowDown ? d.chance(0.7) : d.chance(0.05)) s['porcentajeEnganche'] = d.pick([0, 5, 10, 15, 30]);
  if (d.chance(0.1)) s['porcentajeCredito'] = d.pick([0, 10, 50]);
  if (d.chance(0.05)) s['numeroPagos'] = d.int(0, 99);

  if (d.chance(0.17)) breakCredit(d, s);

  const options: Record<string, unknown> = {};
  if (s['fechaApertura'] === undefined && d.chance(0.8)) options['fechaApertura'] = isoDate(d);
  if (d.chance(0.25)) {
    const conventions: Record<string, unknown> = {};
    if (d.chance(0.5)) conventions['interestBasis'] = d.pick(['days360', 'perYear']);
    if (d.chance(0.5)) conventions['catTimeBasis'] = d.pick(['periods', 'days360', 'days365']);
    if (d.chance(0.3)) conventions['paymentTolerance'] = d.pick([0.5, 1, 2]);
    if (d.chance(0.2)) conventions['commissionVat'] = false;
    if (d.chance(0.2)) conventions['externalInsuranceInCat'] = false;
    if (d.chance(0.1)) conventions['defaultIva'] = 8;
    options['conventions'] = conventions;
  }
  if (s['tipoSeguro'] !== undefined && d.chance(0.3)) options['fechaInicio'] = isoDate(d, 2025, 2027);
  return Object.keys(options).length === 0 ? { solicitud: s } : { solicitud: s, options };
}

function breakCredit(d: Draw, s: Record<string, unknown>): void {
  switch (d.int(0, 21)) {
    case 0:
      s['montoSolicitado'] = '1e5';
      break;
    case 1:
      s['plazo'] = 0;
      break;
    case 2:
      s['plazo'] = 1000;
      break;
    case 3:
      s['periodicidad'] = 'X';
      break;
    case 4:
      s['campoDesconocido'] = 1;
      break;
    case 5:
      s['tasa'] = null;
      break;
    case 6:
      s['montoSolicitado'] = '';
      break;
    case 7:
      delete s['valorFactura'];
      break;
    case 8:
      s['valorFactura'] = s['montoSolicitado'];
      break;
    case 9:
      s['facturaConIva'] = 5;
      break;
    case 10:
      s['tipoSeguro'] = 3;
      break;
    case 11:
      s['tipoSeguro'] = 1;
      delete s['informacionSeguro'];
      break;
    case 12:
      s['indSeguro'] = 1;
      delete s['importeSeguros'];
      break;
    case 13:
      s['comisiones'] = '100';
      break;
    case 14:
      s['creditoGarantiaExt'] = true;
      delete s['montoGarantiaExt'];
      break;
    case 15:
      s['fechaApertura'] = '2026-02-30';
      break;
    case 16:
      s['plazo'] = '12';
      break;
    case 17:
      s['iva'] = 100;
      break;
    case 18:
      s['montoSolicitado'] = '0';
      break;
    case 19:
      s['montoGarantiaExt'] = money(50_000_000_00);
      s['creditoGarantiaExt'] = true;
      break;
    case 20:
      s['indSeguro'] = 2;
      break;
    default:
      s['tasa'] = '-1';
      break;
  }
}

function policyCase(d: Draw): { solicitud: Record<string, unknown>; options?: Record<string, unknown> } {
  // Three in four requests are within the illustrative tariff; the rest draw freely.
  const clean = d.chance(0.75);
  const startYear = d.int(2025, 2026);
  const insured = clean
    ? d.int(80_000_00, 590_000_00)
    : d.pick([d.int(80_000_00, 900_000_00), d.int(900_000_00, 3_500_000_00), d.int(10_000_00, 79_999_99)]);
  const v = clean ? (([key, type]) => ({ key, type }))(d.pick(VEHICLES)) : vehicle(d);
  const s: Record<string, unknown> = {
    cveEntidadFederativa: !clean && d.chance(0.1) ? 0 : d.int(1, 32),
    idTipoUnidad: v.type,
    idUsoAutomovil: clean ? (v.type === 3 ? d.pick([1, 2]) : 1) : d.pick([1, 1, 1, 2]),
    idClaveVehiculo: v.key,
    modelo: clean ? startYear - d.int(-1, 8) : d.pick([2026, 2025, 2015, 2027, 2030]),
    idAgencia: d.int(1, 99_999),
    montoSumaAsegurada: money(insured),
    enganche: money(Math.floor((insured * d.int(0, 60)) / 100)),
    plazoFinanciado: d.pick([0, 12, 24, 36, 48, 60, 72, 13]),
    codigoPostal: d.pick(['03100', '06600', '09000', '55100', '57000', '97000', '44100', '64000']),
  };
  if (d.chance(0.8)) s['idPaquete'] = clean ? d.pick([0, 0, 1, 2, 3]) : d.pick([0, 1, 7]);
  if (d.chance(0.5)) s['idAseguradora'] = clean ? d.pick([0, 1, 2, 3]) : d.pick([0, 1, 8]);
  if (d.chance(0.9)) s['idFormaPago'] = clean ? d.pick([0, 1, 2, 3, 4, 4]) : d.pick([1, 4, 9]);
  if (d.chance(0.6)) s['idVigencia'] = clean ? d.pick([0, 1, 2, 2]) : d.pick([1, 2, 5]);
  if (d.chance(0.5)) s['plazoMeses'] = clean ? d.pick([1, 6, 12]) : d.pick([12, 18]);
  if (d.chance(0.5)) s['indicadorReposicion'] = clean ? d.pick([0, 1, 2, 3]) : d.pick([1, 4]);
  if (d.chance(0.3)) s['sumaAccesorio'] = money(d.int(0, clean ? 15_000_000 : 20_000_000));
  if (d.chance(0.2)) s['sumaEquipoEspecial'] = money(d.int(0, clean ? 30_000_000 : 40_000_000));
  if (d.chance(0.2)) s['idEstado'] = d.pick([1, 2]);
  if (d.chance(0.2)) s['idUsuario'] = 'portal.demo';
  if (!clean && d.chance(0.4)) {
    switch (d.int(0, 4)) {
      case 0:
        s['montoSumaAsegurada'] = 350000;
        break;
      case 1:
        delete s['codigoPostal'];
        break;
      case 2:
        s['extra'] = true;
        break;
      case 3:
        s['enganche'] = '';
        break;
      default:
        s['plazoFinanciado'] = -1;
        break;
    }
  }
  const options: Record<string, unknown> = {};
  if (clean || d.chance(0.8))
    options['fechaInicio'] = !clean && d.chance(0.2) ? '2026-13-01' : `${startYear}${isoDate(d, 2025, 2025).slice(4)}`;
  if (d.chance(0.2)) options['lifeBalance'] = clean ? d.pick(['declining', 'flat']) : 'otra';
  if (d.chance(0.1)) options['urlTemplate'] = 'https://seguros.example/{idAseguradora}/{idPaquete}/{idCotizacion}';
  if (d.chance(0.1)) options['conventions'] = { idLength: clean ? d.pick([8, 32, 64]) : 4 };
  if (d.chance(0.05)) options['lifeBalances'] = ['350000.00', '340000.00', '330000.00'];
  return Object.keys(options).length === 0 ? { solicitud: s } : { solicitud: s, options };
}

function catCase(d: Draw): { flows: unknown; options?: unknown } {
  const kind = d.int(0, 9);
  if (kind <= 4) {
    // An ordinary loan: one disbursement, n level payments at k/ppy.
    const ppy = d.pick([12, 24, 26, 36, 52, 1]);
    const n = d.int(1, 120);
    const principal = d.int(1_000_00, 1_000_000_00);
    const payment = Math.ceil((principal * (1 + d.float())) / n);
    const useNumber = d.chance(0.5);
    return {
      flows: {
        disbursements: [{ time: 0, amount: money(principal - d.int(0, principal / 20)) }],
        payments: Array.from({ length: n }, (_, k) => ({
          time: useNumber ? (k + 1) / ppy : String(((k + 1) / ppy).toFixed(6)),
          amount: money(payment),
        })),
      },
    };
  }
  if (kind <= 6) {
    // Multi-sign flows: disbursements and payments interleaved.
    const count = d.int(3, 12);
    const disbursements: unknown[] = [];
    const payments: unknown[] = [];
    for (let k = 0; k < count; k++) {
      const flow = { time: k * d.pick([0.25, 0.5, 1]), amount: money(d.int(1_00, 10_000_00)) };
      (d.chance(0.4) ? disbursements : payments).push(flow);
    }
    return { flows: { disbursements, payments }, ...(d.chance(0.3) ? { options: { maxRate: d.pick([10, 1000, 1e6]) } } : {}) };
  }
  if (kind === 7) {
    // No root: payments never repay.
    return { flows: { disbursements: [{ time: 0, amount: '1000.00' }], payments: [] } };
  }
  if (kind === 8) {
    // Zero rate and a single period.
    return { flows: { disbursements: [{ time: '0', amount: '100' }], payments: [{ time: '1', amount: d.pick(['100', '110', '90.5']) }] } };
  }
  // Malformed flows.
  return {
    flows: d.pick<unknown>([
      { disbursements: [{ time: -1, amount: '10' }], payments: [{ time: 1, amount: '11' }] },
      { disbursements: [{ time: 0, amount: '-10' }], payments: [{ time: 1, amount: '11' }] },
      { disbursements: [{ time: 0, amount: 10 }], payments: [{ time: 1, amount: '11' }] },
      { payments: [{ time: 1, amount: '11' }] },
      null,
    ]),
  };
}

const BASIC = `Basic ${Buffer.from('corpus-app:corpus-secret').toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

function serviceCases(d: Draw): ServiceCase[] {
  const out: ServiceCase[] = [];
  const token = '/api/esb/ValidaCredenciales/accesstoken';
  const atmToken = '/open-banking/oauth2/v1/token';
  const credit = '/api/esb/Cotizador/v1/AutoEstrene';
  const policy = '/api/esb/Cotizador/v1/SegAutoVendor';
  const documento = '/api/esb/ServiciosContribuyentes/obtenerDocumento';
  const atms = '/open-banking/open-data/v2/atms';

  // Token API.
  out.push({
    method: 'POST',
    path: token,
    headers: { authorization: BASIC, 'content-type': FORM },
    body: 'grant_type=client_credentials&scope=update',
  });
  out.push({
    method: 'POST',
    path: token,
    headers: { 'content-type': FORM },
    body: 'grant_type=client_credentials&client_id=corpus-app&client_secret=corpus-secret',
  });
  out.push({ method: 'POST', path: token, headers: { authorization: BASIC, 'content-type': FORM }, body: 'grant_type=password' });
  out.push({
    method: 'POST',
    path: token,
    headers: { authorization: BASIC, 'content-type': FORM },
    body: 'grant_type=client_credentials&scope=admin',
  });
  out.push({
    method: 'POST',
    path: token,
    headers: { authorization: `Basic ${Buffer.from('corpus-app:wrong').toString('base64')}`, 'content-type': FORM },
    body: 'grant_type=client_credentials',
  });
  out.push({ method: 'POST', path: token, headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' });
  out.push({ method: 'POST', path: token, headers: { authorization: BASIC, 'content-type': JSON_TYPE }, body: '{}' });
  out.push({ method: 'POST', path: token, headers: { authorization: BASIC, 'content-type': FORM }, body: '' });
  out.push({
    method: 'POST',
    path: token,
    headers: { authorization: BASIC, 'content-type': FORM },
    body: 'grant_type=client_credentials&grant_type=client_credentials',
  });
  out.push({ method: 'GET', path: token, headers: { authorization: BASIC } });
  out.push({
    method: 'POST',
    path: atmToken,
    headers: { authorization: BASIC, 'content-type': FORM },
    body: 'grant_type=client_credentials&scope=read',
  });
  out.push({ method: 'POST', path: atmToken, headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' });
  out.push({ method: 'POST', path: atmToken, headers: { authorization: BASIC, 'content-type': FORM }, body: 'grant_type=implicit' });

  // Quoters.
  for (let k = 0; k < 30; k++) {
    const { solicitud } = creditCase(d);
    const body = d.chance(0.05) ? '{"solicitud":' : JSON.stringify({ solicitud });
    out.push({ method: 'POST', path: credit, headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE }, body, token: 'valid' });
  }
  for (let k = 0; k < 15; k++) {
    const { solicitud } = policyCase(d);
    out.push({ method: 'POST', path: policy, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify({ solicitud }), token: 'valid' });
  }
  const sample = JSON.stringify({
    solicitud: { montoSolicitado: '250000.00', plazo: 24, valorFactura: '350000.00', generaTablaPagos: true },
  });
  out.push({ method: 'POST', path: credit, headers: {}, body: sample, token: 'expired' });
  out.push({ method: 'POST', path: credit, headers: {}, body: sample, token: 'readOnly' });
  out.push({ method: 'POST', path: credit, headers: {}, body: sample, token: 'tampered' });
  out.push({ method: 'POST', path: credit, headers: {}, body: sample });
  out.push({ method: 'POST', path: credit, headers: { 'content-type': 'text/plain' }, body: sample, token: 'valid' });
  out.push({ method: 'POST', path: credit, headers: { accept: 'text/html' }, body: sample, token: 'valid' });
  out.push({ method: 'PUT', path: credit, headers: {}, body: sample, token: 'valid' });
  out.push({ method: 'POST', path: credit, headers: { 'x-big': 'x'.repeat(9000) }, body: sample, token: 'valid' });
  out.push({ method: 'POST', path: credit, headers: {}, body: '', token: 'valid' });
  out.push({ method: 'POST', path: credit, headers: {}, body: 'null', token: 'valid' });
  out.push({ method: 'POST', path: credit, headers: {}, body: '{"solicitud":{}}', token: 'valid' });
  out.push({ method: 'POST', path: '/api/esb/Cotizador/v1/Otro', headers: {}, body: sample, token: 'valid' });

  // Taxpayer documents.
  out.push({ method: 'POST', path: documento, headers: {}, body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}', token: 'valid' });
  out.push({ method: 'POST', path: documento, headers: {}, body: '{"lineaCaptura":"0224WXYZ0000ABCD1111"}', token: 'valid' });
  out.push({ method: 'POST', path: documento, headers: {}, body: '{"lineaCaptura":"9999ZZZZ0000ZZZZ0000"}', token: 'valid' });
  out.push({ method: 'POST', path: documento, headers: {}, body: '{"lineaCaptura":"abc"}', token: 'valid' });
  out.push({ method: 'POST', path: documento, headers: {}, body: '{}', token: 'valid' });

  // ATM API.
  const atmHeaders = { accept: JSON_TYPE };
  out.push({ method: 'GET', path: atms, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: atms, headers: atmHeaders });
  out.push({ method: 'HEAD', path: atms, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: `${atms}/api-version`, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'POST', path: atms, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: atms, headers: { accept: 'text/html' }, token: 'valid' });
  out.push({ method: 'GET', path: `${atms}?service=ATST&open24h=true`, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: `${atms}?lat=19.4326&lon=-99.1332&limit=3`, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: `${atms}?brand=Banco%20Ejemplo&currency=MXN`, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: `${atms}?unknown=1`, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: atms, headers: { ...atmHeaders, 'if-modified-since': 'Wed, 15 Jan 2025 12:00:00 GMT' }, token: 'valid' });
  out.push({ method: 'GET', path: atms, headers: { ...atmHeaders, 'if-modified-since': 'ayer' }, token: 'valid' });
  out.push({ method: 'GET', path: atms, headers: { ...atmHeaders, 'if-none-match': '"nope", W/"x"' }, token: 'valid' });
  out.push({ method: 'GET', path: atms, headers: { ...atmHeaders, 'if-none-match': '*' }, token: 'valid' });
  out.push({ method: 'GET', path: `${atms}/otra`, headers: atmHeaders, token: 'valid' });
  out.push({ method: 'GET', path: '/nada', headers: atmHeaders, token: 'valid' });
  return out;
}

/**
 * An insured credit (`tipoSeguro` 1 or 2) the illustrative tariff quotes: a known vehicle, a sum
 * insured within its limits, the credit's own down payment as `enganche` (one in eight another
 * credit's), every insurer, package and payment form, `iva` 8 and `facturaConIva` 0 among them,
 * external insurance beside it (`plazoSeguro` 0 included) and the features.
 */
function insuredCreditCase(d: Draw): { solicitud: Record<string, unknown>; options?: Record<string, unknown> } {
  const periodicidad = d.pick(['M', 'M', 'M', 'Q', 'C', 'S', 'D']);
  const perYear = { M: 12, Q: 24, C: 26, S: 52, D: 36 }[periodicidad] as number;
  const months = d.int(6, 72);
  const plazo = Math.ceil((months * perYear) / 12);
  const amount = d.int(120_000_00, 700_000_00);
  const price = Math.ceil((amount * 100) / (100 - d.int(20, 50)));
  const iva = d.pick([16, 16, 16, 8]);
  const facturaConIva = d.pick([1, 1, 1, 0]);
  // Without IVA the invoice is the price over 1 + iva; the engine grosses it back up, half-up.
  const valorFactura = facturaConIva === 1 ? price : Math.floor((price * 100) / (100 + iva));
  const grossed = facturaConIva === 1 ? valorFactura : Math.floor((valorFactura * (100 + iva) + 50) / 100);
  const [key, type] = d.pick(VEHICLES.filter(([k]) => k !== 1003));
  const s: Record<string, unknown> = {
    fechaApertura: `2026-${String(d.int(1, 12)).padStart(2, '0')}-${String(d.int(1, 28)).padStart(2, '0')}`,
    montoSolicitado: money(amount),
    valorFactura: money(valorFactura),
    plazo,
    periodicidad,
    tasa: (d.int(950, 3000) / 100).toFixed(2),
    iva,
    facturaConIva,
    tipoSeguro: d.pick([1, 2]),
    generaTablaPagos: true,
    informacionSeguro: {
      idPaquete: d.pick([1, 1, 2, 3]),
      idAseguradora: d.int(1, 3),
      cveEntidadFederativa: d.int(1, 32),
      idTipoUnidad: type,
      idUsoAutomovil: 1,
      idAgencia: key,
      modelo: d.pick([2026, 2026, 2025]),
      numeroAgencia: d.int(1, 9999),
      enganche: money(d.chance(0.125) ? Math.floor(valorFactura / 5) : grossed - amount),
      codigoPostal: d.pick(['03100', '06600', '44100', '55100', '57000', '64000', '25000', '97000']),
      idFormaPago: d.int(1, 4),
      idVigencia: d.pick([2, 2, 1]),
      ...(d.chance(0.3) ? { indicadorReposicion: d.int(1, 3) } : {}),
      ...(d.chance(0.2) ? { sumaAccesorio: money(d.int(0, 5_000_000)) } : {}),
    },
  };
  if (d.chance(0.5)) s['comisiones'] = d.pick(['1.5', '2.00', '3']);
  if (d.chance(0.2)) {
    s['indSeguro'] = 1;
    s['importeSeguros'] = money(d.int(100_000, 3_000_000));
    s['plazoSeguro'] = d.pick([12, 24, 99, 0]);
  } else if (d.chance(0.15)) {
    s['indSeguro'] = 0;
    s['importeSeguros'] = money(d.int(100_000, 3_000_000));
  }
  const options: Record<string, unknown> = {};
  if (d.chance(0.15)) options['prepayments'] = [{ period: Math.max(1, plazo - 3), amount: money(Math.floor(amount / 4)) }];
  if (d.chance(0.1)) options['balloon'] = { percent: '25' };
  if (d.chance(0.1) && plazo > 2) options['grace'] = { periods: 2 };
  if (d.chance(0.15)) options['conventions'] = { businessDays: 'MX' };
  return Object.keys(options).length === 0 ? { solicitud: s } : { solicitud: s, options };
}

/** Every case of the corpus, generated from one seed. */
export function generateCorpus(seed = 20261122): CorpusCase[] {
  const d = new Draw(seed);
  const cases: CorpusCase[] = [];
  for (let k = 0; k < 340; k++) cases.push({ id: `credit-${k}`, kind: 'credit', ...creditCase(d) });
  for (let k = 0; k < 130; k++) cases.push({ id: `policy-${k}`, kind: 'policy', ...policyCase(d) });
  for (let k = 0; k < 70; k++) cases.push({ id: `cat-${k}`, kind: 'cat', ...catCase(d) });
  serviceCases(d).forEach((request, k) => {
    cases.push({ id: `service-${k}`, kind: 'service', request });
  });
  // Added with issue 22 (the insured credit's life premium, its enganche, the insurance's IVA and
  // sum insured): a draw of their own, so the cases above stay as they were drawn.
  const insured = new Draw(seed + 22);
  for (let k = 0; k < 40; k++) cases.push({ id: `credit-insured-${k}`, kind: 'credit', ...insuredCreditCase(insured) });
  return cases;
}
