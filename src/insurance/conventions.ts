/**
 * Every choice the SegAutoVendor interface leaves open, as data, and the check of a caller's
 * overrides (key by key, as the credit engine's). Callers override the overridable ones through
 * `PolicyOptions`; `docs/insurance.md` gives each default and its reason. Tariff figures (payment
 * forms, surcharges, replacement-value codes…) live in the tariff instead.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { validationError } from '../validation/messages.js';
import { insuranceError, type InsuranceMessageId } from './messages.js';

/**
 * How the debtor-life premium approximates the credit balance month by month.
 *
 * @example
 * ```ts
 * const offer = (lifeBalance: LifeBalanceMethod) => quotePolicy(policySolicitud, { fechaInicio: '2025-03-10', lifeBalance }).listaSeguroAuto[0]!;
 * offer('declining').segVida; // '4527.60' (336,000.00 × 0.55‰ × (48 + 1)/2)
 * offer('flat').segVida; // '8870.40' (336,000.00 × 0.55‰ × 48)
 * ```
 */
export type LifeBalanceMethod =
  /** Amount financed falling in a straight line to zero over `plazoFinanciado`: Σ = F·(n+1)/2. */
  | 'declining'
  /** The whole amount financed every month: Σ = F·n. */
  | 'flat';

/**
 * The insurance engine's conventions.
 *
 * @example
 * ```ts
 * const { listaSeguroAuto } = quotePolicy(policySolicitud, { fechaInicio: '2025-03-10', conventions: { idLength: 32 } });
 * listaSeguroAuto[0]!.idCotizacion.length; // 32
 * ```
 */
export interface PolicyConventions {
  /** `idVigencia` of a policy of `plazoMeses` months (at most 12). */
  readonly idVigenciaAnual: number;
  /** `idVigencia` of a multi-year policy covering `plazoFinanciado` rounded up to whole years. */
  readonly idVigenciaMultianual: number;
  /** Used when `idVigencia` is 0 or absent. */
  readonly defaultIdVigencia: number;
  /** Used when `plazoMeses` is absent (the interface's default). */
  readonly defaultPlazoMeses: number;
  /** Longest annual policy, in months. */
  readonly maxPlazoMesesAnual: number;
  /** Used when `idFormaPago` is 0 or absent: 1 contado. */
  readonly defaultIdFormaPago: number;
  /** Used when `options.lifeBalance` is absent. */
  readonly lifeBalance: LifeBalanceMethod;
  /** Used when `options.urlTemplate` is absent; placeholders `{idCotizacion}`, `{idAseguradora}`, `{idPaquete}`. */
  readonly urlTemplate: string;
  /** Hex characters of sha256 kept in `idCotizacion` (96 bits). */
  readonly idLength: number;
}

/**
 * The defaults (see `docs/insurance.md`).
 *
 * @example
 * ```ts
 * DEFAULT_POLICY_CONVENTIONS.idVigenciaMultianual; // 2
 * ```
 */
export const DEFAULT_POLICY_CONVENTIONS: PolicyConventions = Object.freeze({
  idVigenciaAnual: 1,
  idVigenciaMultianual: 2,
  defaultIdVigencia: 1,
  defaultPlazoMeses: 12,
  maxPlazoMesesAnual: 12,
  defaultIdFormaPago: 1,
  lifeBalance: 'declining',
  urlTemplate: 'https://cotizador.example/seguro-auto/cotizaciones/{idCotizacion}',
  idLength: 24,
});

/** `ERRESQ005` naming `conventions.<key>` (`conventions` itself when `key` is empty). */
function invalid(key: string, id: InsuranceMessageId, params?: Readonly<Record<string, number>>): QuoteError {
  return insuranceError('ERRESQ005', id, key === '' ? 'conventions' : `conventions.${key}`, params);
}

/** An integer of `min`…`max`, else `ERRESQ005` naming the key. */
function integer(min: number, max: number): (value: unknown, key: string) => void {
  return (value, key) => {
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
      throw invalid(key, 'convencionEntero', { min, max });
    }
  };
}

/** The interface's `idVigencia` codes (0 means "the default", so never a convention's). */
const ID_VIGENCIA = integer(1, 9);

/** One check per key: an override is used only after it passes. */
const CHECKS: { readonly [K in keyof PolicyConventions]: (value: unknown, key: string) => void } = {
  idVigenciaAnual: ID_VIGENCIA,
  idVigenciaMultianual: ID_VIGENCIA,
  defaultIdVigencia: ID_VIGENCIA,
  defaultPlazoMeses: integer(1, 12),
  maxPlazoMesesAnual: integer(1, 12),
  // The interface's `idFormaPago` codes; whether the tariff has it is the tariff's to say.
  defaultIdFormaPago: integer(1, 99),
  lifeBalance: (value, key) => {
    if (value !== 'declining' && value !== 'flat') throw invalid(key, 'lifeBalanceValores');
  },
  urlTemplate: (value, key) => {
    if (typeof value !== 'string' || value === '') throw invalid(key, 'plantillaUrlInvalida');
  },
  idLength: (value, key) => {
    if (!Number.isInteger(value) || (value as number) < 8 || (value as number) > 64) throw invalid(key, 'idLengthRango');
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The defaults with a caller's overrides on top, every override checked first: an unknown key is
 * `ERRESQ003`, a value of the wrong kind or out of range `ERRESQ005`, each naming
 * `conventions.<key>`; then the conventions together (the two `idVigencia` codes differ, the default
 * is one of them, the default term fits the longest annual policy). The result is frozen.
 *
 * @example
 * ```ts
 * resolvePolicyConventions({ idLength: 32 }).idLength; // 32
 * resolvePolicyConventions({ idLength: 4 }); // throws QuoteError ERRESQ005 'conventions.idLength'
 * resolvePolicyConventions({ idLenght: 32 } as never); // throws QuoteError ERRESQ003 'conventions.idLenght'
 * ```
 */
export function resolvePolicyConventions(overrides?: Partial<PolicyConventions>): PolicyConventions {
  if (overrides === undefined) return DEFAULT_POLICY_CONVENTIONS;
  if (!isRecord(overrides)) throw invalid('', 'convencionesObjeto');
  const defined: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key as keyof PolicyConventions] : undefined;
    if (check === undefined) throw validationError('ERRESQ003', 'campoNoDefinido', `conventions.${key}`);
    check(value, key);
    defined[key] = value;
  }
  const merged: PolicyConventions = { ...DEFAULT_POLICY_CONVENTIONS, ...(defined as Partial<PolicyConventions>) };
  if (merged.idVigenciaAnual === merged.idVigenciaMultianual) throw invalid('idVigenciaMultianual', 'convencionVigenciasIguales');
  if (merged.defaultIdVigencia !== merged.idVigenciaAnual && merged.defaultIdVigencia !== merged.idVigenciaMultianual)
    throw invalid('defaultIdVigencia', 'convencionVigenciaOmision');
  if (merged.defaultPlazoMeses > merged.maxPlazoMesesAnual) throw invalid('defaultPlazoMeses', 'convencionPlazoOmision');
  return Object.freeze(merged);
}
