/**
 * Every choice the SegAutoVendor interface leaves open, as data. Callers override the overridable
 * ones through `PolicyOptions`; `docs/insurance.md` gives each default and its reason. Tariff
 * figures (payment forms, surcharges, replacement-value codes…) live in the tariff instead.
 */

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
