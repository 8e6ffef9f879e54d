/**
 * A grid walked in place: one private working copy of the base solicitud whose varied fields are
 * set as an odometer turns, so quoting a scenario allocates nothing but the quote. This is the
 * grid's hot path (the CLI writes its rows straight from `at` and the result); `scenarioGrid` is
 * the convenient, allocating face of the same enumeration.
 */
import type { CreditRequest, CreditResult } from '../contracts/credit.js';
import { QuoteError } from '../errors/quoteError.js';
import { quoteCredit } from '../quotes/quoteCredit.js';
import type { GridOptions, Scenario } from './grid.js';
import { checkVariations, type FieldValue, type Variation, type Variations } from './variations.js';

/** Where one variation's value goes in the working copy: a top-level key, or a key of a nested object. */
interface Slot {
  readonly values: readonly FieldValue[];
  readonly head: string;
  readonly key: string | undefined;
}

/**
 * A scenario grid as a cursor: `at[i]` is the index of the i-th variation's value, the first
 * variation varying slowest (the order of `scenarios`). `seek` jumps to any scenario, `next`
 * turns the odometer, `quote` quotes the current scenario and returns its result or its error.
 * The base is copied once (`structuredClone`) and never mutated.
 *
 * @example
 * ```ts
 * const cursor = new GridCursor(solicitud, { plazo: [24, 36], tasa: ['11.00', '13.50'] });
 * cursor.total; // 4
 * cursor.seek(3);
 * [...cursor.at]; // [1, 1]
 * (cursor.quote() as CreditResult).pagoMensual; // '10216.91'
 * new GridCursor(solicitud, { plazo: [0] }).quote() instanceof QuoteError; // true
 * cursor.seek(0);
 * cursor.next();
 * cursor.scenario(); // { plazo: 24, tasa: '13.50' }
 * ```
 */
export class GridCursor {
  /** Number of scenarios. */
  readonly total: number;
  /** The value index of each variation at the current scenario. */
  readonly at: Int32Array;
  /** The variations, in order. */
  readonly variations: readonly Variation[];
  readonly #work: Record<string, unknown>;
  readonly #slots: readonly Slot[];
  readonly #options: GridOptions;

  constructor(base: CreditRequest, variations: Variations, options: GridOptions = {}) {
    this.variations = checkVariations(variations);
    this.total = this.variations.reduce((n, v) => n * v.values.length, 1);
    this.at = new Int32Array(this.variations.length);
    this.#options = options;
    this.#work = structuredClone(base) as Record<string, unknown>;
    this.#slots = this.variations.map((v) => {
      const dot = v.field.indexOf('.');
      if (dot < 0) return { values: v.values, head: v.field, key: undefined };
      const head = v.field.slice(0, dot);
      const inner = this.#work[head];
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) this.#work[head] = {};
      return { values: v.values, head, key: v.field.slice(dot + 1) };
    });
    if (this.total > 0) for (let i = 0; i < this.#slots.length; i++) this.#set(i);
  }

  #set(i: number): void {
    const slot = this.#slots[i] as Slot;
    const value = slot.values[this.at[i] as number];
    if (slot.key === undefined) this.#work[slot.head] = value;
    else (this.#work[slot.head] as Record<string, unknown>)[slot.key] = value;
  }

  /** Moves to scenario `index` (0 ≤ index < total), by mixed-radix decoding. */
  seek(index: number): void {
    let rest = index;
    for (let i = this.#slots.length - 1; i >= 0; i--) {
      const n = (this.#slots[i] as Slot).values.length;
      this.at[i] = rest % n;
      rest = Math.floor(rest / n);
      this.#set(i);
    }
  }

  /** Moves to the next scenario (after the last one, back to the first); sets only the fields that change. */
  next(): void {
    for (let i = this.#slots.length - 1; i >= 0; i--) {
      const n = (this.#slots[i] as Slot).values.length;
      const v = (this.at[i] as number) + 1;
      this.at[i] = v === n ? 0 : v;
      this.#set(i);
      if (v !== n) return;
    }
  }

  /** The current scenario's quote, or the engine's {@link QuoteError} for it (any other error is thrown). */
  quote(): CreditResult | QuoteError {
    try {
      return quoteCredit(this.#work as CreditRequest, this.#options);
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error;
      return error;
    }
  }

  /** The current scenario as a fresh object (the varied fields and their values). */
  scenario(): Scenario {
    const out: Record<string, FieldValue> = {};
    this.variations.forEach((v, i) => {
      out[v.field] = v.values[this.at[i] as number] as FieldValue;
    });
    return out;
  }
}
