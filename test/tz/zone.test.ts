import { describe, expect, it } from 'vitest';
import { ZONE, underZone } from './zone.js';

/** Minutes behind UTC (Date#getTimezoneOffset) on 2026-01-15 at local noon, per zone. */
const OFFSETS: Readonly<Record<string, number>> = { UTC: 0, 'America/Mexico_City': 360, 'Asia/Tokyo': -540 };

describe(`the time zone of this run (TZ=${ZONE})`, () => {
  it('is in effect: Intl and Date both use it', () => {
    expect(Object.keys(OFFSETS)).toContain(ZONE);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toMatch(ZONE === 'UTC' ? /^(Etc\/)?UTC$/ : new RegExp(`^${ZONE}$`));
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(OFFSETS[ZONE]);
  });

  it('can be switched in-process and is restored', () => {
    const other = ZONE === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo';
    expect(underZone(other, () => new Date(2026, 0, 15, 12).getTimezoneOffset())).toBe(OFFSETS[other]);
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(OFFSETS[ZONE]);
  });
});
