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
