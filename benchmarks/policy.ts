/** Placeholder filled in by the insurance benchmark: returns no rows until quotePolicy lands. */
export async function benchPolicy(_: { time: number; quick: boolean; creditMean: number }): Promise<{ group: string; name: string; mean: number }[]> {
  return [];
}
