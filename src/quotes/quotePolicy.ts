/**
 * `quotePolicy`: the SegAutoVendor quote. Validates the interface's request, resolves its options
 * (`./policy/settings.ts`), maps it onto the insurance engine's typed risk (`./policy/risk.ts`,
 * priced by `src/insurance/priceOffers.ts`), and writes the priced offers back in the response's
 * shape: amounts with two decimals, dates as dd/mm/yyyy, deterministic quote ids and their URLs.
 */
import { PolicyRequestSchema, type PolicyOffer, type PolicyRequest, type PolicyResult, type Receipt } from '../contracts/policy.js';
import { formatCents } from '../money/cents.js';
import { formatDmyDate, type CivilDay } from '../dates/civil.js';
import { assertValid } from '../validation/validate.js';
import type { PolicyConventions } from '../insurance/conventions.js';
import { priceOffers, type PricedOffer } from '../insurance/priceOffers.js';
import { isLoadedTariff, type TariffPackage } from '../insurance/tariff.js';
import { canonicalJson, offerIds, tariffDigest, urlFiller } from './policy/offerId.js';
import { toRisk } from './policy/risk.js';
import { policySettings, type PolicyOptions } from './policy/settings.js';

export type { PolicyOptions } from './policy/settings.js';

/** One receipt's texts up to its amount, shared by the offers of a quote (same start, same receipts). */
interface ReceiptHead {
  readonly number: number;
  readonly from: CivilDay;
  readonly to: CivilDay;
  readonly numberText: string;
  readonly fromText: string;
  readonly toText: string;
}

/** What every offer of one quote writes the same way, computed once per quote. */
interface QuoteTexts {
  /** An offer's id from its identity's JSON text. */
  readonly idOf: (json: string) => string;
  readonly fillUrl: (values: Readonly<Record<string, string>>) => string;
  /** The package's `descPaquete`. */
  readonly describe: (pkg: TariffPackage) => string;
  /** Receipt texts by position (every offer of a quote has the same receipts' dates). */
  readonly heads: ReceiptHead[];
}

/** `descPaquete` of the packages of loaded (deep-frozen) tariffs: it depends on the package alone. */
// Speed: a loaded tariff's package descriptions remembered instead of written for each offer; buys
// 2.9 µs of 65 µs per policy quote (its 9 descriptions: 2.9 µs written, 0.08 µs looked up; npm run
// bench's policy case and a throwaway A/B of the descriptions alone, 2026-11-26, 62d6257).
const descriptions = new WeakMap<TariffPackage, string>();

function describePackage(pkg: TariffPackage): string {
  return pkg.coverages.map((x) => `${x.name} (suma asegurada: ${x.sumInsured}; deducible: ${x.deductible})`).join(', ');
}

function describeFrozenPackage(pkg: TariffPackage): string {
  let text = descriptions.get(pkg);
  if (text === undefined) {
    text = describePackage(pkg);
    descriptions.set(pkg, text);
  }
  return text;
}

/** The receipts in the response's shape; equal consecutive amounts are formatted once. */
function toReceipts(offer: PricedOffer, heads: ReceiptHead[]): Receipt[] {
  // Speed: a receipt's number and dates as text kept for the next offer (every offer of a quote has
  // the same receipts' dates) and a repeated amount's text reused, instead of formatting each
  // receipt's four texts; buys 65–70 µs of 59–66 µs per policy quote (A/B on npm run bench's policy
  // case, 9 offers and 432 receipts, 2026-11-26, 62d6257).
  const receipts: Receipt[] = new Array(offer.receipts.length);
  let lastCents = -1;
  let lastText = '';
  for (let i = 0; i < offer.receipts.length; i++) {
    const r = offer.receipts[i] as PricedOffer['receipts'][number];
    let head = heads[i];
    if (head === undefined || head.number !== r.number || head.from !== r.from || head.to !== r.to) {
      head = {
        number: r.number,
        from: r.from,
        to: r.to,
        numberText: String(r.number),
        fromText: formatDmyDate(r.from),
        toText: formatDmyDate(r.to),
      };
      heads[i] = head;
    }
    if (r.cents !== lastCents) {
      lastCents = r.cents;
      lastText = formatCents(r.cents);
    }
    receipts[i] = { numeroRecibo: head.numberText, vigenciaInicial: head.fromText, vigenciaFin: head.toText, primaTotal: lastText };
  }
  return receipts;
}

/** One priced offer in the response's shape, with its deterministic id and URL. */
function toOffer(q: QuoteTexts, offer: PricedOffer): PolicyOffer {
  const listaRecibos = toReceipts(offer, q.heads);
  const idAseguradora = String(offer.insurer.idAseguradora);
  const idPaquete = String(offer.pkg.idPaquete);
  // JSON.stringify({ idAseguradora, idPaquete }) of the two integers.
  const idCotizacion = q.idOf(`{"idAseguradora":${idAseguradora},"idPaquete":${idPaquete}}`);
  return {
    vigenciaInicial: formatDmyDate(offer.start),
    vigenciaFin: formatDmyDate(offer.end),
    primaTotal: formatCents(offer.totalCents),
    idAseguradora,
    aseguradora: offer.insurer.name,
    paquete: offer.pkg.name,
    descPaquete: q.describe(offer.pkg),
    seguroGap: formatCents(offer.gapCents),
    segVida: formatCents(offer.lifeCents),
    idCotizacion,
    urlCotizacion: q.fillUrl({ idCotizacion, idAseguradora, idPaquete }),
    listaRecibos,
  };
}

/** The conventions' part of the id: their known members, each a number or a string. */
const CONVENTION_KEYS: readonly (keyof PolicyConventions)[] = [
  'idVigenciaAnual',
  'idVigenciaMultianual',
  'defaultIdVigencia',
  'defaultPlazoMeses',
  'maxPlazoMesesAnual',
  'defaultIdFormaPago',
  'lifeBalance',
  'urlTemplate',
  'idLength',
];

function conventionsForId(c: PolicyConventions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of CONVENTION_KEYS) {
    const v: unknown = c[key];
    // Anything else (never valid) enters by its type: JSON.stringify would throw on a bigint.
    out[key] = typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v === undefined ? v : `(${typeof v})`;
  }
  return out;
}

/**
 * {@link quotePolicy} for a request already validated against `PolicyRequestSchema` (the service
 * validates once, at the boundary).
 *
 * @example
 * ```ts
 * const checked = validateSegAutoVendor(JSON.stringify({ solicitud: policySolicitud }));
 * if (checked.success) quoteValidPolicy(checked.data.solicitud, { fechaInicio: '2026-01-31' }).listaSeguroAuto.length; // 9
 * ```
 */
export function quoteValidPolicy(solicitud: PolicyRequest, options: PolicyOptions = {}): PolicyResult {
  const settings = policySettings(options);
  const { tariff, conventions, lifeBalances } = settings;
  const offers = priceOffers(toRisk(solicitud, solicitud), settings);
  // Everything the offers' content depends on, serialised canonically and hashed once per quote;
  // each offer's id continues that hash with its insurer and package.
  const frozen = isLoadedTariff(tariff);
  const { idOf } = offerIds(
    canonicalJson({
      solicitud,
      fechaInicio: settings.startText,
      tarifa: `${tariff.name}@${tariff.version}`,
      contenidoTarifa: tariffDigest(tariff, frozen),
      convenciones: conventionsForId(conventions),
      saldosVida: lifeBalances,
    }),
    conventions.idLength,
  );
  const q: QuoteTexts = {
    idOf,
    fillUrl: urlFiller(conventions.urlTemplate),
    describe: frozen ? describeFrozenPackage : describePackage,
    heads: [],
  };
  return { listaSeguroAuto: offers.map((offer) => toOffer(q, offer)) };
}

/**
 * Quotes vehicle insurance (SegAutoVendor): one offer per selected insurer × package, each with
 * its receipts, GAP and debtor-life premiums. Takes the object inside the request's `solicitud`
 * wrapper and returns the response's `resultado`. Pure: never reads the clock, never mutates its
 * inputs, same result under any `TZ`.
 *
 * Throws {@link QuoteError}: ERRESQ002–006 for a malformed request (`valorIncorrecto` = field path),
 * ERRESQ006 `fechaInicio` when the start date is missing, ERRNEG001 naming the field for what the
 * tariff does not cover (unknown `idClaveVehiculo`, `montoSumaAsegurada` out of limits, unit
 * type/use not rated…).
 *
 * @example
 * ```ts
 * const { listaSeguroAuto } = quotePolicy(
 *   { idPaquete: 0, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1, idClaveVehiculo: 1001,
 *     modelo: 2025, idAgencia: 10, montoSumaAsegurada: '350000.00', enganche: '70000.00',
 *     plazoFinanciado: 36, codigoPostal: '03100', idFormaPago: 4 },
 *   { fechaInicio: '2025-01-15' },
 * );
 * listaSeguroAuto.length; // 9 (3 insurers × 3 packages)
 * listaSeguroAuto[0]!.listaRecibos.length; // 12 (mensual)
 * ```
 */
export function quotePolicy(solicitud: PolicyRequest, options: PolicyOptions = {}): PolicyResult {
  assertValid(PolicyRequestSchema, solicitud);
  return quoteValidPolicy(solicitud, options);
}
