import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTariff } from '../../src/insurance/defaultTariff.js';
import { netPremiumCents } from '../../src/insurance/rating.js';
import { buildReceipts } from '../../src/insurance/receipts.js';
import { Decimal } from '../../src/money/decimal.js';

/** A rate or factor as the tariff format allows it: up to six integer digits and ten decimals. */
const rateText = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 10 }), fc.bigInt({ min: 0n, max: 9_999_999_999n }))
  .map(([whole, decimals, fraction]) =>
    decimals === 0 ? String(whole) : `${whole}.${fraction.toString().padStart(10, '0').slice(0, decimals)}`,
  );
const smallRate = fc.oneof(rateText, fc.constantFrom('0.0320', '1.10', '0.85', '1', '0'));
const cents = fc.integer({ min: 0, max: 10_000_000_000_000 });
const toCents = (d: InstanceType<typeof Decimal>) => d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

describe('the policy rating in exact integers', () => {
  it('netPremiumCents is the cent the decimal.js formula gives, for any tariff factors, total theft rated apart or not', () => {
    const pkg = defaultTariff().insurers[0]!.packages[0]!;
    fc.assert(
      fc.property(
        fc.record({ vehicle: cents, accessories: cents, equipment: cents, months: fc.integer({ min: 1, max: 12 }) }),
        fc.tuple(smallRate, smallRate, smallRate, smallRate, smallRate, smallRate),
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.option(fc.tuple(smallRate, smallRate), { nil: undefined }),
        ({ vehicle, accessories, equipment, months }, [rate, rateFactor, zone, age, accRate, eqRate], fixed, theft) => {
          const fixedPremium = (fixed / 100).toFixed(2);
          const [theftRate, theftZone] = theft ?? [undefined, zone];
          const r = {
            pkg: { ...pkg, accessoriesRate: accRate, specialEquipmentRate: eqRate },
            rate: { idTipoUnidad: 1, idUsoAutomovil: 1, rate, fixedPremium, ...(theftRate === undefined ? {} : { theftRate }) },
            rateFactor,
            zoneFactor: zone,
            theftZoneFactor: theftZone,
            ageFactor: age,
            vehicleCents: vehicle,
            accessoriesCents: accessories,
            specialEquipmentCents: equipment,
            months,
          };
          const annual = new Decimal(vehicle)
            .times(rate)
            .times(rateFactor)
            .plus(new Decimal(accessories).times(accRate))
            .plus(new Decimal(equipment).times(eqRate))
            .plus(new Decimal(fixedPremium).times(100));
          // Total theft, when rated apart: S·theftRate·rateFactor on the zone's theft factor.
          const stolen = new Decimal(vehicle)
            .times(theftRate ?? '0')
            .times(rateFactor)
            .times(theftZone);
          expect(netPremiumCents(r)).toBe(toCents(annual.times(zone).plus(stolen).times(age).times(months).div(12)));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('buildReceipts splits as the decimal.js formulas do', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(1, 3, 6, 12),
        fc.constantFrom('0.16', '0.08', '0', '0.155', '0.1234567891'),
        (premiumCents, policyFeeCents, monthsPerReceipt, ivaRate) => {
          const count = 12 / monthsPerReceipt;
          const iva = new Decimal(ivaRate);
          const later = new Decimal(premiumCents).times(iva.plus(1)).div(count).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
          if (premiumCents + policyFeeCents === 0) return;
          const block = buildReceipts({ start: 20_000, months: 12, monthsPerReceipt, premiumCents, policyFeeCents, ivaRate });
          expect(block.ivaCents).toBe(toCents(new Decimal(premiumCents + policyFeeCents).times(iva)));
          expect(block.receipts.at(-1)!.cents).toBe(count === 1 ? block.totalCents : later);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
