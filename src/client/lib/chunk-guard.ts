/**
 * A chunk of the app's code that does not arrive, while the browser is online, most often means a new version was
 * deployed and this tab's old chunk names are gone: reloading the page brings the new version's. At most one reload
 * a minute (the time of the last one kept in sessionStorage, per tab), so a chunk that is really broken or
 * blocked shows the page's retry instead of reloading for ever.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'ralph-chunk-reload';

/** What asks for code that did not arrive again: the shopper's next tap or key, or the connection back. */
const RETRY_EVENTS = ['pointerdown', 'keydown', 'online'] as const;

/** Calls `again` once, at the first of RETRY_EVENTS; answers how to stop waiting. */
export function onNextTry(again: () => void): () => void {
  const stop = () => RETRY_EVENTS.forEach((type) => window.removeEventListener(type, once, { capture: true }));
  const once = () => (stop(), again());
  RETRY_EVENTS.forEach((type) => window.addEventListener(type, once, { capture: true }));
  return stop;
}

/** The wordings browsers and Vite give a module or its preloaded CSS that could not be loaded. */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload|error loading dynamically/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && CHUNK_FAILURE.test(message);
}

/**
 * Reloads the page for a chunk that failed to load, unless it did so in the last minute or the browser is offline
 * (the offline notices and retry buttons are for that, and a reload offline could lose what is on the screen).
 * Answers whether it reloads.
 */
export function reloadForFailedChunk(now = Date.now()): boolean {
  // The server renders with the same route table: nothing to reload there.
  if (typeof window === 'undefined' || !navigator.onLine) return false;
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    if (now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage refused (private mode, quota): without a record a reload could loop, so none.
    return false;
  }
  const href = reloadTarget();
  if (href) window.location.assign(href);
  else window.location.reload();
  return true;
}

let reloadTarget: () => string | null = () => null;

/**
 * Where a reload goes: the page being opened when its chunk failed (the router's navigation), so the tap still
 * leads there; the shown page otherwise.
 */
export function reloadTo(target: () => string | null): void {
  reloadTarget = target;
}

/** A lazy load that reloads the page (see reloadForFailedChunk) when its chunk fails, and fails as before otherwise. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    // The page is going away: nothing to show meanwhile.
    if (isChunkLoadError(error) && reloadForFailedChunk()) return new Promise<T>(() => undefined);
    throw error;
  });
}

/**
 * A route loader's own chunk: as loadChunk, except for a loader that runs in the background only to record the
 * first page on the device (recordOnly, lib/offline-data.ts recordFirstPage), whose failure changes nothing: a
 * reload there would take the page from under a shopper who did nothing.
 */
export function loadLoaderChunk<T>(load: () => Promise<T>, env: { recordOnly?: boolean }): Promise<T> {
  return env.recordOnly ? load() : loadChunk(load);
}
