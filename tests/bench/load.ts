/** Helpers the load benches share. */

/** Runs `work` for 0..count-1 with at most `limit` at once. */
export async function pool(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
