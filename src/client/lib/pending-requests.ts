/**
 * How many data requests of this tab are on their way (GraphQL over HTTP, counted by a link in lib/apollo.ts): the
 * global spinner shows once some have been waiting for a while, whatever asked for them (a page, the cart, a form).
 * Kept apart from Apollo's chunk so the layout can read it before Apollo has loaded.
 */
let pending = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Counts one request as pending; the returned function ends it (once, however often it is called). */
export function startRequest(): () => void {
  pending += 1;
  changed();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    changed();
  };
}

export function pendingRequests(): number {
  return pending;
}

export function subscribePendingRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
