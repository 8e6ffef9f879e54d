/**
 * The ATM API's three code tables (interface, "ATM object"): code → code name, as data.
 * The names are the interface's own identifiers (Spanish, fixed by the interface).
 */

/**
 * Service codes (`ATMServices`): code → name.
 *
 * @example
 * ```ts
 * ATM_SERVICES.ATCT; // 'RetiroConTarjeta'
 * ```
 */
export const ATM_SERVICES = {
  ATBA: 'ConsultaDeSaldo',
  ATBP: 'PagoServiciosEfectivoOnUs',
  ATBB: 'PagoServiciosEfectivoOffUs',
  ATBM: 'PagoServiciosCargoACuentaOnUs',
  ATBO: 'PagoServiciosCargoACuentaOffUs',
  ATCA: 'DepositosEfectivo',
  ATCD: 'Donativos',
  ATCQ: 'DepositosCheques',
  ATCT: 'RetiroConTarjeta',
  ATST: 'RetiroSinTarjeta',
  ATFC: 'RetiroRapido',
  ATMB: 'RegistroBancaMovil',
  ATMP: 'RegistroWallets',
  ATMM: 'CompraTiempoAireClienteMismoBanco',
  ATMO: 'CompraTiempoAireClienteOtrosBancos',
  ATOS: 'EnvioEstadoCuenta',
  ATOT: 'Otro',
  ATPA: 'ActivacionTarjeta',
  ATPC: 'CambiodeNIP',
  ATPU: 'DesbloqueoNIP',
  ATIC: 'ConsultaCLABE',
  ATCM: 'ConsultaSaldoCreditosOnUs',
  ATCO: 'ConsultaSaldoCreditosOffUs',
  ATTM: 'TransferenciaTercerosOnUs',
  ATTO: 'TransferenciaTercerosOffUs',
  ATTC: 'TransferenciaCuentaPropia',
  ATPM: 'PagoTarjetaOnUs',
  ATPO: 'PagoTarjetaOffUs',
  ATTS: 'ConsultaMovimientos',
} as const;

/**
 * Accessibility codes (`Accessibility`): code → name.
 *
 * @example
 * ```ts
 * ATM_ACCESSIBILITY.ATWA; // 'AccesoSillaRuedas'
 * ```
 */
export const ATM_ACCESSIBILITY = {
  ATAC: 'EntradaAudifonos',
  ATAD: 'PuertasAutomaticas',
  ATER: 'RampaAccesoExterna',
  ATIR: 'RampaAccesoInterna',
  ATLA: 'AccesoSinEscalerasORampas',
  ATLL: 'AlturaSillaRuedas',
  ATOT: 'OtrasUbicaciones',
  ATPT: 'PantallaTouch',
  ATWA: 'AccesoSillaRuedas',
} as const;

/**
 * Location category codes (`Location.LocationCategory`): code → name.
 *
 * @example
 * ```ts
 * ATM_LOCATION_CATEGORIES.ATBI; // 'InteriorSucursal'
 * ```
 */
export const ATM_LOCATION_CATEGORIES = {
  ATBE: 'AccesoIndependienteASucursal',
  ATBI: 'InteriorSucursal',
  ATBL: 'LobbySucursal',
  ATOT: 'OtrasUbicaciones',
  ATRO: 'UbicadoComercio',
  ATRU: 'UnidadMovil',
} as const;

/**
 * One service code.
 *
 * @example
 * ```ts
 * const code: AtmServiceCode = 'ATBA';
 * ```
 */
export type AtmServiceCode = keyof typeof ATM_SERVICES;

/**
 * One accessibility code.
 *
 * @example
 * ```ts
 * const code: AtmAccessibilityCode = 'ATWA';
 * ```
 */
export type AtmAccessibilityCode = keyof typeof ATM_ACCESSIBILITY;

/**
 * One location category code.
 *
 * @example
 * ```ts
 * const code: AtmLocationCategoryCode = 'ATRO';
 * ```
 */
export type AtmLocationCategoryCode = keyof typeof ATM_LOCATION_CATEGORIES;

function codesOf<T extends Record<string, string>>(catalog: T): readonly (keyof T & string)[] {
  return Object.freeze(Object.keys(catalog) as (keyof T & string)[]);
}

/**
 * Every service code, in the interface's table order.
 *
 * @example
 * ```ts
 * ATM_SERVICE_CODES.includes('ATST'); // true
 * ```
 */
export const ATM_SERVICE_CODES: readonly AtmServiceCode[] = codesOf(ATM_SERVICES);

/**
 * Every accessibility code, in the interface's table order.
 *
 * @example
 * ```ts
 * ATM_ACCESSIBILITY_CODES.length; // 9
 * ```
 */
export const ATM_ACCESSIBILITY_CODES: readonly AtmAccessibilityCode[] = codesOf(ATM_ACCESSIBILITY);

/**
 * Every location category code, in the interface's table order.
 *
 * @example
 * ```ts
 * ATM_LOCATION_CATEGORY_CODES[0]; // 'ATBE'
 * ```
 */
export const ATM_LOCATION_CATEGORY_CODES: readonly AtmLocationCategoryCode[] = codesOf(ATM_LOCATION_CATEGORIES);

/**
 * True when `value` is a service code of the table.
 *
 * @example
 * ```ts
 * isAtmServiceCode('ATBA'); // true
 * isAtmServiceCode('XXXX'); // false
 * ```
 */
export function isAtmServiceCode(value: unknown): value is AtmServiceCode {
  return typeof value === 'string' && Object.hasOwn(ATM_SERVICES, value);
}

/**
 * True when `value` is an accessibility code of the table.
 *
 * @example
 * ```ts
 * isAtmAccessibilityCode('ATPT'); // true
 * ```
 */
export function isAtmAccessibilityCode(value: unknown): value is AtmAccessibilityCode {
  return typeof value === 'string' && Object.hasOwn(ATM_ACCESSIBILITY, value);
}

/**
 * True when `value` is a location category code of the table.
 *
 * @example
 * ```ts
 * isAtmLocationCategoryCode('ATRU'); // true
 * ```
 */
export function isAtmLocationCategoryCode(value: unknown): value is AtmLocationCategoryCode {
  return typeof value === 'string' && Object.hasOwn(ATM_LOCATION_CATEGORIES, value);
}
