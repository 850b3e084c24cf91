/**
 * The install step's own fetches: the required ones must all succeed (or the install fails and the old worker
 * stays); the optional ones are best effort, since one 500, 503 or 429 must not leave the shopper without any
 * offline support. What an optional fetch missed is filled in later, when the shopper uses it.
 */
export async function installAll(required: readonly (() => Promise<void>)[], optional: readonly (() => Promise<void>)[]): Promise<void> {
  const settled = Promise.allSettled(optional.map((step) => step()));
  await Promise.all(required.map((step) => step()));
  await settled;
}

/** Where the install step puts what it fetched for a runtime cache, until this worker activates. */
export const stagedName = (cacheName: string): string => `${cacheName}-next`;

/**
 * At activate: what the install step fetched moves into the runtime caches. Written there at install, it would
 * replace entries the old worker, still active meanwhile, serves (its offline page in its own frame).
 */
export async function promoteStaged(storage: Pick<CacheStorage, 'has' | 'open' | 'delete'>, cacheNames: readonly string[]): Promise<void> {
  for (const cacheName of cacheNames) {
    if (!(await storage.has(stagedName(cacheName)))) continue;
    const staged = await storage.open(stagedName(cacheName));
    const target = await storage.open(cacheName);
    for (const request of await staged.keys()) {
      const response = await staged.match(request);
      if (response) await target.put(request, response);
    }
    await storage.delete(stagedName(cacheName));
  }
}
