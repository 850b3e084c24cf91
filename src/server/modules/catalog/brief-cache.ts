/**
 * Answers kept for a short while, per key, in this process: the same search plan or the same large count asked
 * again within seconds is not worked out again. Concurrent askers of one key share one computation. Bounded: the
 * oldest entry goes first when it is full.
 */
export class BriefCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The answer kept for the key, if any (it may still be on its way), without computing one. */
  peek(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  }

  get(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { until: now + this.ttlMs, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failure or an answer not worth keeping is not served to later askers.
    value.then(
      (v) => !keep(v) && this.entries.get(key)?.value === value && this.entries.delete(key),
      () => this.entries.get(key)?.value === value && this.entries.delete(key),
    );
    return value;
  }
}

/**
 * The caches of one database, shared by every operation of the process. An operation sees the database through
 * its own wrapper (the operation deadline), so a wrapper cannot be the key: the server holds one database, and its
 * kind is the key (tests open a PGlite and a PostgreSQL one in one process, each with the same demo catalog).
 * Whatever a cache keeps must therefore stay right for a short while whichever operation asks.
 */
export function cachesOf<T>(caches: Map<string, BriefCache<T>>, db: object, make: () => BriefCache<T>): BriefCache<T> {
  const key = 'kind' in db && typeof db.kind === 'string' ? db.kind : 'db';
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = make()));
  return cache;
}
