/** Shared fixtures and arbitraries for the insurance tests. */
import fc from 'fast-check';
import type { PolicyRequest } from '../../src/contracts/policy.js';
import { formatCents, parseCents } from '../../src/money/cents.js';
import { daysInMonth, formatIsoDate, toCivilDay } from '../../src/dates/civil.js';

/** A private sedan in Coahuila (zone factor 1.00), valor comercial, new: easy arithmetic. */
export const BASE: PolicyRequest = {
  idPaquete: 1,
  idAseguradora: 3,
  cveEntidadFederativa: 5,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idClaveVehiculo: 1001,
  modelo: 2025,
  idAgencia: 77,
  montoSumaAsegurada: '300000.00',
  enganche: '60000.00',
  plazoFinanciado: 24,
  codigoPostal: '25000',
  indicadorReposicion: 2,
};

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export const sumCents = (amounts: readonly string[]): number => amounts.reduce((s, a) => s + parseCents(a), 0);

/** dd/mm/yyyy → comparable number yyyymmdd. */
export const dmyKey = (d: string): number => {
  const [dd, mm, yyyy] = d.split('/');
  return Number(`${yyyy}${mm}${dd}`);
};

/** The (unit type, use, vehicle key) combinations the default tariff rates. */
const RATED = [
  { idTipoUnidad: 1, idUsoAutomovil: 1, idClaveVehiculo: 1001 },
  { idTipoUnidad: 1, idUsoAutomovil: 1, idClaveVehiculo: 1002 },
  { idTipoUnidad: 2, idUsoAutomovil: 1, idClaveVehiculo: 2001 },
  { idTipoUnidad: 3, idUsoAutomovil: 1, idClaveVehiculo: 3001 },
  { idTipoUnidad: 3, idUsoAutomovil: 2, idClaveVehiculo: 3001 },
] as const;

export const startArb = fc
  .record({ year: fc.integer({ min: 2000, max: 2040 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, day }) => formatIsoDate(toCivilDay(year, month, Math.min(day, daysInMonth(year, month)))));

/** A valid request for the default tariff and its start date. */
export const requestArb = fc
  .record({
    combo: fc.constantFrom(...RATED),
    start: startArb,
    ageOffset: fc.integer({ min: -1, max: 10 }),
    amount: fc.integer({ min: 8_000_000, max: 300_000_000 }),
    downShare: fc.integer({ min: 0, max: 100 }),
    plazoFinanciado: fc.integer({ min: 1, max: 72 }),
    idFormaPago: fc.integer({ min: 1, max: 4 }),
    idVigencia: fc.constantFrom(1, 2),
    plazoMeses: fc.integer({ min: 1, max: 12 }),
    indicadorReposicion: fc.integer({ min: 1, max: 3 }),
    cve: fc.integer({ min: 1, max: 32 }),
    cp: fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, '0')),
    accessories: fc.integer({ min: 0, max: 15_000_000 }),
    equipment: fc.integer({ min: 0, max: 30_000_000 }),
    idPaquete: fc.integer({ min: 0, max: 3 }),
  })
  .map((r) => {
    const solicitud: PolicyRequest = {
      idPaquete: r.idPaquete,
      cveEntidadFederativa: r.cve,
      idTipoUnidad: r.combo.idTipoUnidad,
      idUsoAutomovil: r.combo.idUsoAutomovil,
      idClaveVehiculo: r.combo.idClaveVehiculo,
      modelo: Number(r.start.slice(0, 4)) - r.ageOffset,
      idAgencia: 1,
      idFormaPago: r.idFormaPago,
      idVigencia: r.idVigencia,
      plazoMeses: r.plazoMeses,
      indicadorReposicion: r.indicadorReposicion,
      montoSumaAsegurada: formatCents(r.amount),
      sumaAccesorio: formatCents(r.accessories),
      sumaEquipoEspecial: formatCents(r.equipment),
      enganche: formatCents(Math.floor((r.amount * r.downShare) / 100)),
      plazoFinanciado: r.plazoFinanciado,
      codigoPostal: r.cp,
    };
    return { solicitud, fechaInicio: r.start };
  });
