/**
 * `quotePolicy`: the SegAutoVendor quote. Validates the interface's request, maps it onto the
 * insurance engine's typed risk (`src/insurance/priceOffers.ts`), and writes the priced offers
 * back in the response's shape: amounts with two decimals, dates as dd/mm/yyyy, deterministic
 * quote ids and their URLs.
 */
import { PolicyRequestSchema, type PolicyOffer, type PolicyRequest, type PolicyResult, type Receipt } from '../contracts/policy.js';
import { quoteError, type QuoteError } from '../errors/quoteError.js';
import type { MessageId } from '../errors/messages.js';
import { AMOUNT_PATTERN, formatCents, parseCents } from '../money/cents.js';
import { formatDmyDate, parseIsoDate, type CivilDay } from '../dates/civil.js';
import { assertValid } from '../validation/validate.js';
import { DEFAULT_POLICY_CONVENTIONS, type LifeBalanceMethod, type PolicyConventions } from '../insurance/conventions.js';
import { defaultTariff } from '../insurance/defaultTariff.js';
import { priceOffers, type PolicyRisk, type PricedOffer } from '../insurance/priceOffers.js';
import { assertTariff, type Tariff } from '../insurance/tariff.js';
import { canonicalJson, fillUrlTemplate, offerIds } from './policy/offerId.js';

/**
 * Options of {@link quotePolicy}.
 *
 * @example
 * ```ts
 * const options: PolicyOptions = { fechaInicio: '2025-03-10', lifeBalance: 'flat', urlTemplate: 'https://x.example/{idAseguradora}/{idPaquete}' };
 * quotePolicy(policySolicitud, options).listaSeguroAuto[0]!.urlCotizacion; // 'https://x.example/1/1'
 * ```
 */
export interface PolicyOptions {
  /**
   * Policy start, `YYYY-MM-DD`. Required: the engine never reads the clock. A server passes today's
   * date in Mexico City (`mexicoCityDate(new Date())`).
   */
  readonly fechaInicio?: string;
  /** The tariff to rate with (default `defaultTariff()`, ILLUSTRATIVE). Validated on use unless it came from `loadTariff`. */
  readonly tariff?: Tariff;
  /** `urlCotizacion` template; placeholders `{idCotizacion}`, `{idAseguradora}`, `{idPaquete}`. */
  readonly urlTemplate?: string;
  /** How the life premium approximates the credit balance (default `'declining'`). */
  readonly lifeBalance?: LifeBalanceMethod;
  /** The credit's actual balance at the start of each month (amount text); overrides `lifeBalance`. */
  readonly lifeBalances?: readonly string[];
  /** Overrides of the engine's conventions (codes and defaults). */
  readonly conventions?: Partial<PolicyConventions>;
}

function badOption(id: MessageId, field: string): QuoteError {
  return quoteError('ERRESQ005', id, field);
}

function resolveConventions(options: PolicyOptions): PolicyConventions {
  const c: PolicyConventions = { ...DEFAULT_POLICY_CONVENTIONS, ...options.conventions };
  const merged = { ...c, urlTemplate: options.urlTemplate ?? c.urlTemplate, lifeBalance: options.lifeBalance ?? c.lifeBalance };
  if (typeof merged.urlTemplate !== 'string' || merged.urlTemplate === '') throw badOption('plantillaUrlInvalida', 'urlTemplate');
  if (merged.lifeBalance !== 'declining' && merged.lifeBalance !== 'flat') throw badOption('lifeBalanceValores', 'lifeBalance');
  if (!Number.isInteger(merged.idLength) || merged.idLength < 8 || merged.idLength > 64)
    throw badOption('idLengthRango', 'conventions.idLength');
  return merged;
}

/** The validated start date: its text (for ids) and its civil day. */
function parseStart(options: PolicyOptions): { readonly text: string; readonly day: CivilDay } {
  const text = options.fechaInicio;
  if (text === undefined) throw quoteError('ERRESQ006', 'fechaInicioFalta', 'fechaInicio');
  const day = typeof text === 'string' ? parseIsoDate(text) : undefined;
  if (day === undefined) throw badOption('fechaInicioInvalida', 'fechaInicio');
  return { text, day };
}

function parseLifeBalances(options: PolicyOptions): number[] | undefined {
  return options.lifeBalances?.map((b, i) => {
    if (typeof b !== 'string' || !AMOUNT_PATTERN.test(b)) throw badOption('saldoInvalido', `lifeBalances[${i}]`);
    return parseCents(b);
  });
}

/** The request as the engine's typed risk (amounts in cents). */
function toRisk(s: PolicyRequest): PolicyRisk {
  return {
    idPaquete: s.idPaquete ?? 0,
    idAseguradora: s.idAseguradora ?? 0,
    cveEntidadFederativa: s.cveEntidadFederativa,
    idTipoUnidad: s.idTipoUnidad,
    idUsoAutomovil: s.idUsoAutomovil,
    idClaveVehiculo: s.idClaveVehiculo,
    modelo: s.modelo,
    montoSumaAsegurada: parseCents(s.montoSumaAsegurada),
    sumaAccesorio: parseCents(s.sumaAccesorio ?? '0'),
    sumaEquipoEspecial: parseCents(s.sumaEquipoEspecial ?? '0'),
    enganche: parseCents(s.enganche),
    plazoFinanciado: s.plazoFinanciado,
    codigoPostal: s.codigoPostal,
    idFormaPago: s.idFormaPago,
    indicadorReposicion: s.indicadorReposicion,
    idVigencia: s.idVigencia,
    plazoMeses: s.plazoMeses,
  };
}

/** One receipt's texts up to its amount, shared by the offers of a quote (same start, same receipts). */
interface ReceiptHead {
  readonly number: number;
  readonly from: CivilDay;
  readonly to: CivilDay;
  readonly numberText: string;
  readonly fromText: string;
  readonly toText: string;
  /** The receipt's JSON text up to the amount's value. */
  readonly json: string;
}

/**
 * The receipts in the response's shape, and their JSON text for the offer's id: exactly
 * `JSON.stringify` of the same objects (every value is digits, '/' and '.', nothing to escape),
 * written once per receipt and quote instead of serialising 9 × 48 objects again.
 */
function toReceipts(offer: PricedOffer, heads: ReceiptHead[]): { receipts: Receipt[]; json: string } {
  const receipts: Receipt[] = new Array(offer.receipts.length);
  let json = '[';
  for (let i = 0; i < offer.receipts.length; i++) {
    const r = offer.receipts[i] as PricedOffer['receipts'][number];
    let head = heads[i];
    if (head === undefined || head.number !== r.number || head.from !== r.from || head.to !== r.to) {
      const numberText = String(r.number);
      const fromText = formatDmyDate(r.from);
      const toText = formatDmyDate(r.to);
      const json = `{"numeroRecibo":"${numberText}","vigenciaInicial":"${fromText}","vigenciaFin":"${toText}","primaTotal":"`;
      head = { number: r.number, from: r.from, to: r.to, numberText, fromText, toText, json };
      heads[i] = head;
    }
    const primaTotal = formatCents(r.cents);
    receipts[i] = { numeroRecibo: head.numberText, vigenciaInicial: head.fromText, vigenciaFin: head.toText, primaTotal };
    json += `${i === 0 ? '' : ','}${head.json}${primaTotal}"}`;
  }
  return { receipts, json: `${json}]` };
}

/** One priced offer in the response's shape, with its deterministic id and URL. */
function toOffer(idOf: (json: string) => string, heads: ReceiptHead[], offer: PricedOffer, c: PolicyConventions): PolicyOffer {
  const { receipts: listaRecibos, json: receiptsJson } = toReceipts(offer, heads);
  const core = {
    vigenciaInicial: formatDmyDate(offer.start),
    vigenciaFin: formatDmyDate(offer.end),
    primaTotal: formatCents(offer.totalCents),
    idAseguradora: String(offer.insurer.idAseguradora),
    aseguradora: offer.insurer.name,
    paquete: offer.pkg.name,
    descPaquete: offer.pkg.coverages.map((x) => `${x.name} (suma asegurada: ${x.sumInsured}; deducible: ${x.deductible})`).join(', '),
    seguroGap: formatCents(offer.gapCents),
    segVida: formatCents(offer.lifeCents),
  };
  // JSON.stringify({ idPaquete, oferta: core, listaRecibos }), the receipts' part written by toReceipts.
  const idPaquete = offer.pkg.idPaquete;
  const idCotizacion = idOf(`{"idPaquete":${JSON.stringify(idPaquete)},"oferta":${JSON.stringify(core)},"listaRecibos":${receiptsJson}}`);
  const urlCotizacion = fillUrlTemplate(c.urlTemplate, {
    idCotizacion,
    idAseguradora: core.idAseguradora,
    idPaquete: String(idPaquete),
  });
  return { ...core, idCotizacion, urlCotizacion, listaRecibos };
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
  const start = parseStart(options);
  const conventions = resolveConventions(options);
  const lifeBalances = parseLifeBalances(options);
  const tariff = options.tariff ?? defaultTariff();
  assertTariff(tariff);
  const offers = priceOffers(toRisk(solicitud), { start: start.day, tariff, conventions, lifeBalances });
  // The request's share of every offer id, serialised canonically once per quote.
  const { idOf } = offerIds(
    canonicalJson({ solicitud, fechaInicio: start.text, tarifa: `${tariff.name}@${tariff.version}` }),
    conventions.idLength,
  );
  const heads: ReceiptHead[] = [];
  return { listaSeguroAuto: offers.map((offer) => toOffer(idOf, heads, offer, conventions)) };
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
