import type { Db } from './db/client';
import { isMigrated } from './db/migrate';

/** How long /healthz waits for its own database check before answering from the last one. */
export const HEALTH_CHECK_WAIT_MS = 100;
/** With no passed check to fall back on (just started, or failing), it waits this long for the answer. */
export const FIRST_HEALTH_CHECK_WAIT_MS = 5_000;
/** How recent a passed check must be to count when the database is too busy to answer in time. */
export const HEALTH_CHECK_MAX_AGE_MS = 30_000;

/**
 * /healthz's answer: the database is migrated and answers. PGlite runs one query at a time, so under load the
 * check queues behind every catalog query already waiting; rather than wait seconds (and let a load balancer
 * take a busy instance out of service), the answer falls back to the last check when that passed recently.
 * A database that fails a check, or has not passed one for HEALTH_CHECK_MAX_AGE_MS, is unhealthy.
 */
export function createHealthCheck(
  db: Db,
  options: { waitMs?: number; firstWaitMs?: number; maxAgeMs?: number; now?: () => number } = {},
) {
  const { waitMs = HEALTH_CHECK_WAIT_MS, firstWaitMs = FIRST_HEALTH_CHECK_WAIT_MS, maxAgeMs = HEALTH_CHECK_MAX_AGE_MS, now = Date.now } = options;
  let lastPassed: number | null = null;
  let running: { promise: Promise<boolean>; since: number } | null = null;

  const check = () => {
    // A check that never settles (a hung connection) is left behind after maxAgeMs, so the answer can recover.
    if (running && now() - running.since > maxAgeMs) running = null;
    if (!running) {
      const current = {
        since: now(),
        promise: isMigrated(db)
          .catch(() => false)
          .then((ok) => {
            if (running === current) {
              lastPassed = ok ? now() : null;
              running = null;
            }
            return ok;
          }),
      };
      running = current;
    }
    return running.promise;
  };

  return async function healthy(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const wait = lastPassed === null ? firstWaitMs : waitMs;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), wait)));
    const result = await Promise.race([check(), late]);
    clearTimeout(timer);
    if (result !== 'late') return result;
    return lastPassed !== null && now() - lastPassed <= maxAgeMs;
  };
}
