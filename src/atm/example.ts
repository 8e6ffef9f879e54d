/**
 * The bundled example ATM data set, read from `data/atm-example.json` (the ATM data-set file
 * format, documented in `docs/data.md`) and validated on first use. ILLUSTRATIVE DATA ONLY: the
 * brands are fictitious, and the addresses, postal codes and coordinates are approximate public
 * places in Mexican cities chosen to exercise every field; no real ATM is described. 27 ATMs,
 * 3 brands, 9 cities.
 */
import atmData from '../../data/atm-example.json' with { type: 'json' };
import type { AtmDataset } from '../contracts/atm.js';
import { deepFreeze } from '../util/freeze.js';
import { assertAtmDataset } from './validate.js';

let cached: AtmDataset | undefined;

/**
 * The example data set `createAtmApi` serves when no `atms` is configured: validated and
 * deep-frozen on the first call, the same object afterwards (illustrative, not real ATMs).
 *
 * @example
 * ```ts
 * exampleAtmDataset().data[0]?.Brand[0]?.BrandName; // 'Banco Ejemplo'
 * ```
 */
export function exampleAtmDataset(): AtmDataset {
  if (cached === undefined) {
    const copy: unknown = structuredClone(atmData);
    assertAtmDataset(copy);
    cached = deepFreeze(copy);
  }
  return cached;
}
