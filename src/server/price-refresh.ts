import type { Db } from './db/client';
import { refreshPrices, type PriceRefresh } from './db/prepare';
import { publishAfterCommit, type PubSub } from './pubsub';

export interface PriceRefreshOptions {
  db: Db;
  pubsub: PubSub;
  /** The longest wait between refreshes (an hour in the shop). */
  intervalMs: number;
  onError(error: unknown): void;
  /**
   * A refresh the start has just made (prepareDatabase's): the first round then waits for its next boundary rather
   * than running again at once. At 100 000 products a refresh reads every SKU's price, about a second of the
   * database's time, and on the embedded database it holds the one connection meanwhile.
   */
  after?: PriceRefresh;
}

/** A refresh comes this long after a campaign's start or end, so the database's clock has surely passed it too. */
const AFTER_BOUNDARY_MS = 1_000;

/**
 * Keeps the materialised lowest prices in step with campaigns and tells pricesChanged subscribers which products'
 * prices changed: right away (unless the start just did), then at the next campaign start or end (or after intervalMs, whichever is sooner).
 * Each round looks at the campaigns that started or ended since the previous one. Every instance runs it: with
 * several, subscribers may hear of a change once per instance (they read the prices again; no harm).
 */
export function startPriceRefresh(options: PriceRefreshOptions): { stop(): Promise<void> } {
  let since: Date | null = options.after?.at ?? null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (next: Date | null) => {
    if (stopped) return;
    const untilNext = next ? next.getTime() - Date.now() + AFTER_BOUNDARY_MS : Infinity;
    timer = setTimeout(round, Math.max(AFTER_BOUNDARY_MS, Math.min(options.intervalMs, untilNext)));
    timer.unref();
  };

  function round() {
    running = publishAfterCommit(options.db, options.pubsub, async (tx, outbox) => {
      const refresh = await refreshPrices(tx, since);
      outbox.pricesChanged(refresh.productIds);
      return refresh;
    })
      .then(
        (refresh) => {
          since = refresh.at;
          schedule(refresh.next);
        },
        (error: unknown) => {
          options.onError(error);
          schedule(null);
        },
      )
      .finally(() => {
        running = undefined;
      });
  }

  if (options.after) schedule(options.after.next);
  else round();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
