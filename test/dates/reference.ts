/**
 * The date-fns implementation of the same calendar steps, on local-noon `Date`s so that no DST
 * transition can move the calendar day. The engines use the integer path in `./civil.ts`;
 * tests prove both identical under several time zones.
 */
import { addDays, addMonths } from 'date-fns';
import { fromCivilDay, toCivilDay, type CivilDay, type DateStep } from '../../src/dates/civil.js';

function toLocalNoon(date: CivilDay): Date {
  const { year, month, day } = fromCivilDay(date);
  const d = new Date(2000, 0, 1, 12);
  d.setFullYear(year, month - 1, day);
  return d;
}

function fromLocal(date: Date): CivilDay {
  return toCivilDay(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/**
 * `start` plus `k` steps, computed with date-fns.
 *
 * @example
 * ```ts
 * formatIsoDate(addStepsDateFns(toCivilDay(2026, 1, 31), { unit: 'months', count: 1 }, 1)); // '2026-02-28'
 * ```
 */
export function addStepsDateFns(start: CivilDay, step: DateStep, k: number): CivilDay {
  const base = toLocalNoon(start);
  return fromLocal(step.unit === 'months' ? addMonths(base, step.count * k) : addDays(base, step.count * k));
}
