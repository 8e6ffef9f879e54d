/**
 * The time zone of a `test/tz` run (vitest.config.ts starts each tz project's workers with its TZ)
 * and a way to quote the same thing under another zone in-process: Node re-reads TZ whenever
 * `process.env.TZ` is assigned, so a test can compare a result with the one computed under UTC.
 */
import { format } from 'date-fns';
import { fromCivilDay, type CivilDay } from '../../src/dates/civil.js';

/** The zone this run was started under. */
export const ZONE = process.env.TZ ?? '';

/** Runs `fn` with `TZ=zone` (until its promise settles, when it returns one), then restores the run's zone. */
export function underZone<T>(zone: string, fn: () => T): T {
  process.env.TZ = zone;
  let result: T;
  try {
    result = fn();
  } catch (error) {
    process.env.TZ = ZONE;
    throw error;
  }
  if (result instanceof Promise) {
    return result.finally(() => {
      process.env.TZ = ZONE;
    }) as T;
  }
  process.env.TZ = ZONE;
  return result;
}

/** Local noon of a civil day, the way date-fns users build their dates (no DST edge can move the day). */
export function localNoon(day: CivilDay): Date {
  const { year, month, day: d } = fromCivilDay(day);
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year, month - 1, d);
  return date;
}

/** date-fns' `dd/MM/yyyy` of a local date: the receipts' format, computed in the local zone. */
export const dmy = (date: Date): string => format(date, 'dd/MM/yyyy');

/** date-fns' `yyyy-MM-dd` of a local date. */
export const iso = (date: Date): string => format(date, 'yyyy-MM-dd');
