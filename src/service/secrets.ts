/**
 * How strong a secret is, by one measurable rule: its length times the Shannon entropy of its own
 * symbols (bits per symbol, from how often each symbol occurs in it). A secret that repeats a few
 * symbols scores low whatever its length (`'a'` × 32 scores 0). The estimate knows no words or
 * sequences: it is a floor against repetition and tiny alphabets, not a proof of randomness, so
 * secrets should be generated (`openssl rand -base64 24` for a client, `-base64 48` for HS256).
 */

/**
 * Fewest characters of a client secret (OWASP ASVS 4.0 §2.1.1's minimum for a secret a person
 * could choose).
 *
 * @example
 * ```ts
 * MIN_CLIENT_SECRET_CHARS; // 12
 * ```
 */
export const MIN_CLIENT_SECRET_CHARS = 12;
/**
 * Fewest estimated bits of a client secret ({@link estimatedBits} over its characters). A random
 * 16-character secret of letters and digits always passes; 12 random lowercase letters fall
 * below about once in 80 draws, 12 random digits nearly half the time.
 *
 * @example
 * ```ts
 * MIN_CLIENT_SECRET_BITS; // 32
 * ```
 */
export const MIN_CLIENT_SECRET_BITS = 32;
/**
 * Fewest estimated bits of an HS256 secret ({@link estimatedBits} over its bytes; it must also
 * have 32 bytes). 32 random bytes score at least 140 bits.
 *
 * @example
 * ```ts
 * MIN_SECRET_BITS; // 96
 * ```
 */
export const MIN_SECRET_BITS = 96;

/**
 * The estimated strength of a secret, in bits: its length (in symbols: the characters of a text,
 * or the bytes of a byte array) times the Shannon entropy of its symbols' frequencies in it.
 *
 * @example
 * ```ts
 * estimatedBits('a'.repeat(32)); // 0
 * estimatedBits('abababab'); // 8
 * estimatedBits(new Uint8Array([1, 2, 3, 4])); // 8
 * ```
 */
export function estimatedBits(secret: string | Uint8Array): number {
  const symbols: readonly (string | number)[] = typeof secret === 'string' ? [...secret] : [...secret];
  const counts = new Map<string | number, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / symbols.length);
  // Rounded down to a thousandth: the sum of logarithms is not exact (8 must not read 7.999…).
  return Math.floor(bits * 1000 + 1e-6) / 1000;
}

/**
 * Why a client secret is weak (`'empty'`, `'short'`, `'predictable'`), or undefined when it is not.
 *
 * @example
 * ```ts
 * clientSecretWeakness(''); // 'empty'
 * clientSecretWeakness('s3cret'); // 'short'
 * clientSecretWeakness('abcabcabcabcabc'); // 'predictable'
 * clientSecretWeakness('s3cret-value'); // undefined
 * ```
 */
export function clientSecretWeakness(secret: string): 'empty' | 'short' | 'predictable' | undefined {
  if (secret === '') return 'empty';
  if ([...secret].length < MIN_CLIENT_SECRET_CHARS) return 'short';
  return estimatedBits(secret) < MIN_CLIENT_SECRET_BITS ? 'predictable' : undefined;
}
