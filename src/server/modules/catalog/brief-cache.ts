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

  /** Forgets every answer (one still on its way finishes for its askers, but is not served again). */
  clear(): void {
    this.entries.clear();
  }

  /** Keeps an answer worked out elsewhere, in place of what the key held. */
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { until: Date.now() + this.ttlMs, value: Promise.resolve(value) });
    this.trim();
  }

  get(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { until: now + this.ttlMs, value });
    this.trim();
    // A failure or an answer not worth keeping is not served to later askers.
    value.then(
      (v) => !keep(v) && this.entries.get(key)?.value === value && this.entries.delete(key),
      () => this.entries.get(key)?.value === value && this.entries.delete(key),
    );
    return value;
  }

  private trim(): void {
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * The caches of one database, shared by every operation of the process. An operation sees the database through
 * its own wrapper (the operation deadline), so a wrapper cannot be the key: the server holds one database, and its
 * kind is the key (tests open a PGlite and a PostgreSQL one in one process, each with the same demo catalog).
 * Whatever a cache keeps must therefore stay right for a short while whichever operation asks.
 */
export function cachesOf<T>(caches: Map<string, BriefCache<T>>, db: object, make: () => BriefCache<T>): BriefCache<T> {
  const kind = kindOf(db);
  let cache = caches.get(kind);
  if (!cache) {
    caches.set(kind, (cache = make()));
    let ofKind = cachesByKind.get(kind);
    if (!ofKind) cachesByKind.set(kind, (ofKind = new Set()));
    ofKind.add(cache as BriefCache<unknown>);
  }
  return cache;
}

const kindOf = (db: object): string => ('kind' in db && typeof db.kind === 'string' ? db.kind : 'db');
const cachesByKind = new Map<string, Set<BriefCache<unknown>>>();
const catalogStateSeen = new Map<string, string>();

/**
 * A catalog read's ETag names the catalog's state it was read after (readCatalogVersion), so nothing kept from
 * before that state may go into its answer: a count or a search plan kept from before a write would otherwise be
 * served under the new tag, and revalidated as current until the next write. The first read that sees a new state
 * empties this database's caches; a computation started after it reads the new state.
 */
export function seeCatalogState(db: object, state: string): void {
  const kind = kindOf(db);
  if (catalogStateSeen.get(kind) === state) return;
  catalogStateSeen.set(kind, state);
  for (const cache of cachesByKind.get(kind) ?? []) cache.clear();
}
