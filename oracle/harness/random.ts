/** A small seeded PRNG (sfc32, seeded by splitmix32) so a hunt replays from its seed alone. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return (this.u32() + (this.u32() >>> 11) / 2 ** 21) / 2 ** 32;
  }

  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  /** Uniform BigInt in [lo, hi]. */
  big(lo: bigint, hi: bigint): bigint {
    const span = hi - lo + 1n;
    let x = 0n;
    for (let bits = 0n; 1n << bits < span * 1024n; bits += 32n) x = (x << 32n) | BigInt(this.u32());
    return lo + (x % span);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** Pick by weight: [[weight, value], …]. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((s, [w]) => s + w, 0);
    let x = this.float() * total;
    for (const [w, v] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return (items[items.length - 1] as readonly [number, T])[1];
  }

  /** A log-uniform number in [lo, hi] (both > 0). */
  logUniform(lo: number, hi: number): number {
    return Math.exp(Math.log(lo) + this.float() * (Math.log(hi) - Math.log(lo)));
  }
}
