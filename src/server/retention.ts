import type { Queryable } from './db/client';
import type { Env } from './env';
import { deleteEndedSignIns } from './modules/auth';
import { deleteStaleCartData } from './modules/cart';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/** How long the shop keeps what it needs only for a while (RETENTION_* in env.ts and the README). */
export interface RetentionPeriods {
  emptyGuestCartHours: number;
  guestCartDays: number;
  idempotencyKeyDays: number;
  endedSignInDays: number;
}

export const retentionPeriods = (env: Env): RetentionPeriods => ({
  emptyGuestCartHours: env.RETENTION_EMPTY_GUEST_CART_HOURS,
  guestCartDays: env.RETENTION_GUEST_CART_DAYS,
  idempotencyKeyDays: env.RETENTION_IDEMPOTENCY_KEY_DAYS,
  endedSignInDays: env.RETENTION_ENDED_SIGN_IN_DAYS,
});

const HOUR_MS = 60 * 60 * 1000;
const before = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

/** One round: deletes guest carts, replay keys, ended sessions and spent keys and links past their periods. */
export async function runRetention(db: Queryable, periods: RetentionPeriods, now: Date = new Date()) {
  const cart = await deleteStaleCartData(db, {
    emptyBefore: before(now, periods.emptyGuestCartHours),
    untouchedBefore: before(now, periods.guestCartDays * 24),
    keysBefore: before(now, periods.idempotencyKeyDays * 24),
  });
  const signIns = await deleteEndedSignIns(db, before(now, periods.endedSignInDays * 24));
  return { ...cart, ...signIns };
}

/**
 * Every hour (and once at start). Each instance may run it: the deletes are idempotent, and a row two
 * instances both pick is simply deleted once.
 */
export function startRetentionJob(
  db: Queryable,
  periods: RetentionPeriods,
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void },
): PeriodicJob {
  return startPeriodicJob({
    intervalMs: HOUR_MS,
    run: async () => {
      const deleted = await runRetention(db, periods);
      if (Object.values(deleted).some((count) => count > 0)) log.info({ deleted }, 'Retention: deleted rows past their periods');
    },
    onError: (error) => log.error({ err: error }, 'Retention round failed'),
  });
}
