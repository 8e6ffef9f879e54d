/**
 * The tariff model: everything the premium depends on, as data. Defined once as a TypeBox schema;
 * `loadTariff` checks the shape and then the cross-field rules, naming the field at fault.
 * Rates and factors are decimal strings (exact), never floats.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { deepFreeze } from '../util/freeze.js';
import { amountField } from '../validation/fields.js';
import { Decimal } from '../money/decimal.js';
import { assertValid } from '../validation/validate.js';
import { insuranceError, type InsuranceMessageId } from './messages.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/checks.js';

/**
 * A non-negative decimal rate or factor as text: "0.0325", "1.15", "0".
 *
 * @example
 * ```ts
 * new RegExp(RATE_TEXT).test('0.0325'); // true
 * ```
 */
export const RATE_TEXT = '^(0|[1-9][0-9]{0,5})(\\.[0-9]{1,10})?$';

const rate = (description: string) => Type.String({ pattern: RATE_TEXT, maxLength: 17, description });
const amount = amountField;
const id = (maximum: number, description: string) => Type.Integer({ minimum: 0, maximum, description });
const name = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });
const strict = { additionalProperties: false } as const;

const PaymentFormSchema = Type.Object(
  {
    idFormaPago: id(99, 'Código de forma de pago del request'),
    name: name('Nombre: contado, semestral, trimestral, mensual'),
    monthsPerReceipt: Type.Integer({ minimum: 1, maximum: 12, description: 'Meses que cubre cada recibo; divide a 12' }),
  },
  strict,
);

const LimitsSchema = Type.Object(
  {
    minSumInsured: amount('Suma asegurada mínima'),
    maxSumInsured: amount('Suma asegurada máxima'),
    maxAccessories: amount('Máximo de sumaAccesorio'),
    maxSpecialEquipment: amount('Máximo de sumaEquipoEspecial'),
    maxVehicleAgeYears: Type.Integer({ minimum: 0, maximum: 99, description: 'Antigüedad máxima asegurable al inicio' }),
    maxPolicyYears: Type.Integer({ minimum: 1, maximum: 10, description: 'Años máximos de una póliza multianual' }),
  },
  strict,
);

const VehicleSchema = Type.Object(
  {
    idClaveVehiculo: id(999_999_999, 'Clave del vehículo'),
    description: name('Descripción'),
    idTipoUnidad: id(999, 'Tipo de unidad de la clave'),
    maxSumInsured: Type.Optional(amount('Suma asegurada máxima para esta clave')),
  },
  strict,
);

const ZonesSchema = Type.Object(
  {
    states: Type.Array(
      Type.Object(
        {
          cveEntidadFederativa: Type.Integer({ minimum: 1, maximum: 32 }),
          name: name('Entidad'),
          factor: rate('Factor de zona'),
          theftFactor: Type.Optional(rate('Factor de zona del robo total (theftRate); sin él, factor')),
        },
        strict,
      ),
      { minItems: 1 },
    ),
    postalPrefixes: Type.Array(
      Type.Object(
        {
          prefix: Type.String({ pattern: '^[0-9]{1,5}$' }),
          factor: rate('Factor; sustituye al de la entidad'),
          theftFactor: Type.Optional(rate('Factor del robo total; sustituye al de la entidad')),
        },
        strict,
      ),
    ),
  },
  strict,
);

const AgeFactorSchema = Type.Object(
  { fromYears: Type.Integer({ minimum: 0, maximum: 99 }), factor: rate('Factor por antigüedad desde estos años') },
  strict,
);

const ReplacementSchema = Type.Object(
  {
    indicadorReposicion: Type.Integer({ minimum: 1, maximum: 9 }),
    name: name('valor factura, valor comercial, valor convenido'),
    rateFactor: rate('Multiplica la parte proporcional (daños y robo) de la prima'),
    sumInsuredByYear: Type.Array(rate('Fracción del valor factura asegurada en el año k (≤ 1, no creciente)'), {
      minItems: 1,
      maxItems: 10,
    }),
  },
  strict,
);

const CoverageSchema = Type.Object(
  { name: name('Cobertura'), sumInsured: name('Suma asegurada (texto)'), deductible: name('Deducible (texto)') },
  strict,
);

const PackageRateSchema = Type.Object(
  {
    idTipoUnidad: id(999, 'Tipo de unidad'),
    idUsoAutomovil: id(999, 'Uso'),
    rate: rate('Tasa anual sobre la suma asegurada del año'),
    theftRate: Type.Optional(rate('Tasa anual del robo total sobre la suma asegurada; con el factor de robo de la zona')),
    fixedPremium: amount('Prima anual fija (RC, gastos médicos, defensa, asistencia)'),
  },
  strict,
);

const PackageSchema = Type.Object(
  {
    idPaquete: Type.Integer({ minimum: 1, maximum: 999_999 }),
    name: name('Amplia, Limitada, Responsabilidad Civil'),
    coverages: Type.Array(CoverageSchema, { minItems: 1 }),
    accessoriesRate: rate('Tasa anual sobre sumaAccesorio'),
    specialEquipmentRate: rate('Tasa anual sobre sumaEquipoEspecial'),
    rates: Type.Array(PackageRateSchema, { minItems: 1 }),
  },
  strict,
);

const InsurerSchema = Type.Object(
  {
    idAseguradora: Type.Integer({ minimum: 1, maximum: 999_999 }),
    name: name('Aseguradora'),
    policyFee: amount('Derecho de póliza, en el primer recibo'),
    surcharges: Type.Array(
      Type.Object({ idFormaPago: id(99, 'Forma de pago'), rate: rate('Recargo por pago fraccionado sobre la prima neta') }, strict),
      { minItems: 1 },
    ),
    gap: Type.Optional(
      Type.Object(
        {
          base: Type.Union([Type.Literal('invoice'), Type.Literal('financed')], { description: 'Base: valor factura o monto financiado' }),
          annualRate: rate('Tasa anual sobre la base'),
          vat: Type.Boolean({ description: 'Se cobra IVA sobre el GAP' }),
        },
        strict,
      ),
    ),
    life: Type.Optional(Type.Object({ monthlyRatePerThousand: rate('Al millar mensual sobre el saldo; sin IVA') }, strict)),
    packages: Type.Array(PackageSchema, { minItems: 1 }),
  },
  strict,
);

/**
 * The tariff's shape. See `docs/insurance.md` for every field.
 *
 * @example
 * ```ts
 * validateWith(TariffSchema, defaultTariff()).success; // true
 * ```
 */
export const TariffSchema = precompiled(
  Type.Object(
    {
      name: name('Nombre de la tarifa'),
      version: Type.String({ minLength: 1, maxLength: 50 }),
      illustrative: Type.Boolean({ description: 'true: cifras ilustrativas, no de una aseguradora real' }),
      ivaRate: rate('IVA: "0.16"'),
      paymentForms: Type.Array(PaymentFormSchema, { minItems: 1 }),
      limits: LimitsSchema,
      unitTypes: Type.Array(Type.Object({ idTipoUnidad: id(999, 'Tipo de unidad'), name: name('Nombre') }, strict), { minItems: 1 }),
      uses: Type.Array(Type.Object({ idUsoAutomovil: id(999, 'Uso'), name: name('Nombre') }, strict), { minItems: 1 }),
      vehicles: Type.Array(VehicleSchema, { minItems: 1 }),
      zones: ZonesSchema,
      vehicleAge: Type.Array(AgeFactorSchema, { minItems: 1 }),
      replacementValues: Type.Array(ReplacementSchema, { minItems: 1 }),
      defaultIndicadorReposicion: Type.Integer({ minimum: 1, maximum: 9 }),
      insurers: Type.Array(InsurerSchema, { minItems: 1 }),
    },
    { additionalProperties: false, $id: 'Tarifa', title: 'tariff' },
  ),
  checks.checkTariff,
);

/**
 * A tariff (see {@link TariffSchema}).
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * const tariff: Tariff = loadTariff(JSON.parse(readFileSync('data/tariff.json', 'utf8'))); // the default tariff's own file
 * tariff.insurers.length; // 3
 * ```
 *
 * @useDeclaredType
 */
export type Tariff = Static<typeof TariffSchema>;
/**
 * One insurer of a tariff.
 *
 * @example
 * ```ts
 * const alfa: TariffInsurer = defaultTariff().insurers[0]!;
 * alfa.policyFee; // '550.00'
 * ```
 */
export type TariffInsurer = Tariff['insurers'][number];
/**
 * One package of an insurer.
 *
 * @example
 * ```ts
 * const amplia: TariffPackage = defaultTariff().insurers[0]!.packages[0]!;
 * amplia.name; // 'Amplia'
 * ```
 */
export type TariffPackage = TariffInsurer['packages'][number];
/**
 * One replacement-value type (`indicadorReposicion`).
 *
 * @example
 * ```ts
 * const comercial: ReplacementValue = defaultTariff().replacementValues[1]!;
 * comercial.sumInsuredByYear; // ['1', '0.85', '0.76', '0.68', '0.61', '0.55']
 * ```
 */
export type ReplacementValue = Tariff['replacementValues'][number];

function fail(path: string, id: InsuranceMessageId): never {
  throw insuranceError('ERRESQ005', id, path);
}

function assertUnique<T>(items: readonly T[], key: (item: T) => string | number, path: string, field: string): void {
  const seen = new Set<string | number>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) fail(`${path}[${i}].${field}`, 'tarifaValorRepetido');
    seen.add(k);
  });
}

/** The cross-field rules the schema cannot state. Throws the first violation, naming its field. */
function checkRules(t: Tariff): void {
  const P = 'tariff';
  assertUnique(t.paymentForms, (f) => f.idFormaPago, `${P}.paymentForms`, 'idFormaPago');
  t.paymentForms.forEach((f, i) => {
    if (12 % f.monthsPerReceipt !== 0) fail(`${P}.paymentForms[${i}].monthsPerReceipt`, 'tarifaMesesPorRecibo');
  });
  const minSum = new Decimal(t.limits.minSumInsured);
  if (minSum.gt(t.limits.maxSumInsured)) fail(`${P}.limits.minSumInsured`, 'tarifaSumaMinima');
  assertUnique(t.unitTypes, (u) => u.idTipoUnidad, `${P}.unitTypes`, 'idTipoUnidad');
  assertUnique(t.uses, (u) => u.idUsoAutomovil, `${P}.uses`, 'idUsoAutomovil');
  const unitTypes = new Set(t.unitTypes.map((u) => u.idTipoUnidad));
  const uses = new Set(t.uses.map((u) => u.idUsoAutomovil));
  assertUnique(t.vehicles, (v) => v.idClaveVehiculo, `${P}.vehicles`, 'idClaveVehiculo');
  t.vehicles.forEach((v, i) => {
    if (!unitTypes.has(v.idTipoUnidad)) fail(`${P}.vehicles[${i}].idTipoUnidad`, 'tarifaTipoUnidad');
  });
  assertUnique(t.zones.states, (s) => s.cveEntidadFederativa, `${P}.zones.states`, 'cveEntidadFederativa');
  assertUnique(t.zones.postalPrefixes, (z) => z.prefix, `${P}.zones.postalPrefixes`, 'prefix');
  t.vehicleAge.forEach((a, i) => {
    const prev = t.vehicleAge[i - 1];
    if (i === 0 ? a.fromYears !== 0 : prev !== undefined && a.fromYears <= prev.fromYears) {
      fail(`${P}.vehicleAge[${i}].fromYears`, 'tarifaAntiguedades');
    }
  });
  assertUnique(t.replacementValues, (r) => r.indicadorReposicion, `${P}.replacementValues`, 'indicadorReposicion');
  t.replacementValues.forEach((r, i) => {
    r.sumInsuredByYear.forEach((f, k) => {
      const path = `${P}.replacementValues[${i}].sumInsuredByYear[${k}]`;
      if (new Decimal(f).gt(1)) fail(path, 'tarifaFraccion');
      const prev = r.sumInsuredByYear[k - 1];
      if (prev !== undefined && new Decimal(f).gt(prev)) fail(path, 'tarifaSumaCreciente');
    });
  });
  if (!t.replacementValues.some((r) => r.indicadorReposicion === t.defaultIndicadorReposicion)) {
    fail(`${P}.defaultIndicadorReposicion`, 'tarifaReposicion');
  }
  const forms = new Set(t.paymentForms.map((f) => f.idFormaPago));
  assertUnique(t.insurers, (s) => s.idAseguradora, `${P}.insurers`, 'idAseguradora');
  t.insurers.forEach((ins, i) => {
    const ip = `${P}.insurers[${i}]`;
    assertUnique(ins.surcharges, (s) => s.idFormaPago, `${ip}.surcharges`, 'idFormaPago');
    ins.surcharges.forEach((s, j) => {
      if (!forms.has(s.idFormaPago)) fail(`${ip}.surcharges[${j}].idFormaPago`, 'tarifaFormaPago');
    });
    assertUnique(ins.packages, (p) => p.idPaquete, `${ip}.packages`, 'idPaquete');
    ins.packages.forEach((pkg, j) => {
      const pp = `${ip}.packages[${j}]`;
      assertUnique(pkg.rates, (r) => `${r.idTipoUnidad}/${r.idUsoAutomovil}`, `${pp}.rates`, 'idUsoAutomovil');
      pkg.rates.forEach((r, k) => {
        if (!unitTypes.has(r.idTipoUnidad)) fail(`${pp}.rates[${k}].idTipoUnidad`, 'tarifaTipoUnidad');
        if (!uses.has(r.idUsoAutomovil)) fail(`${pp}.rates[${k}].idUsoAutomovil`, 'tarifaUso');
      });
    });
  });
}

/** Tariffs that came out of {@link loadTariff}: deep-frozen, so their validation cannot go stale. */
const loaded = new WeakSet<object>();

/**
 * Whether `value` came out of {@link loadTariff} (deep-frozen and validated): what is derived from
 * it alone, its content digest or a package's description, can be remembered.
 *
 * @example
 * ```ts
 * [isLoadedTariff(defaultTariff()), isLoadedTariff(structuredClone(defaultTariff()))]; // [true, false]
 * ```
 */
export function isLoadedTariff(value: unknown): boolean {
  return typeof value === 'object' && value !== null && loaded.has(value);
}

/**
 * Validates `value` as a tariff without copying it (the engine's per-call check).
 *
 * @example
 * ```ts
 * const tariff = defaultTariff();
 * assertTariff(tariff); // passes
 * assertTariff({ ...tariff, limits: { ...tariff.limits, maxSumInsured: '-1' } }); // throws QuoteError ERRESQ005 'tariff.limits.maxSumInsured'
 * ```
 */
export function assertTariff(value: unknown): asserts value is Tariff {
  if (typeof value === 'object' && value !== null && loaded.has(value)) return;
  assertValid(TariffSchema, value, 'tariff');
  checkRules(value);
}

/**
 * Validates a tariff (shape, then cross-field rules) and returns a deep-frozen copy; the input is
 * not touched. Throws a {@link QuoteError} whose `valorIncorrecto` names the field, e.g.
 * `tariff.insurers[0].packages[1].rates[0].rate`: schema violations carry the request codes
 * (ERRESQ002–006), rule violations (duplicates, rising sums insured…) ERRESQ005.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * const tariff = loadTariff(JSON.parse(readFileSync('data/tariff.json', 'utf8'))); // your own tariff file
 * quotePolicy(policySolicitud, { fechaInicio: '2025-01-15', tariff }).listaSeguroAuto.length; // 9
 * ```
 */
export function loadTariff(value: unknown): Tariff {
  assertTariff(value);
  const copy = deepFreeze(structuredClone(value));
  loaded.add(copy);
  return copy;
}
