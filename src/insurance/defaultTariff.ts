/**
 * The library's default tariff, read from `data/tariff.json` (the tariff file format, documented
 * in `docs/data.md`) and validated on first use: nothing runs when the module is imported.
 *
 * ILLUSTRATIVE figures. No Mexican insurer publishes its auto tariff: these are estimates,
 * calibrated from public aggregates (claim frequency × severity for own damage with its
 * deductible, theft by zone with recoveries netted, liability and assistance, a 36–44 % loading;
 * `docs/insurance.md`, "The default tariff's calibration"), so a new car of 300,000 costs about
 * the published average policy; the insurers are fictitious. Never quote a customer with it: load
 * a real tariff with `loadTariff`.
 */
import tariffData from '../../data/tariff.json' with { type: 'json' };
import { loadTariff, type Tariff } from './tariff.js';

let cached: Tariff | undefined;

/**
 * The illustrative default tariff (`illustrative: true`), validated and deep-frozen on the first
 * call, the same object on every later one: three fictitious insurers with the three standard
 * packages each (1 Amplia, 2 Limitada, 3 Responsabilidad Civil); vehicle keys 1001–1003 automóvil,
 * 2001–2002 camioneta, 3001 pick-up; uses 1 particular, 2 comercial (pick-ups only).
 *
 * @example
 * ```ts
 * defaultTariff().illustrative; // true
 * defaultTariff().insurers.map((i) => i.name); // ['Aseguradora Ilustrativa Alfa', 'Aseguradora Ilustrativa Beta', 'Aseguradora Ilustrativa Gamma']
 * ```
 */
export function defaultTariff(): Tariff {
  cached ??= loadTariff(tariffData);
  return cached;
}
