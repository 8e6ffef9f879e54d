import { compareCase } from './harness/compare.js';
import { caseAt } from './harness/hunt.js';
for (const i of [86541, 15588, 78255]) {
  const c = caseAt(1, i);
  const o = compareCase(c);
  console.log(
    i,
    JSON.stringify(o.facts, (k, v) => (typeof v === 'bigint' ? String(v) : v)),
  );
}
