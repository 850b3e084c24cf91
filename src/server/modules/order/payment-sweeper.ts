import type { Db } from '../../db/client';
import type { ShopVariant } from '../../../shared/shop';
import type { Env } from '../../env';
import type { PubSub } from '../../pubsub';
import { startPeriodicJob, type PeriodicJob } from '../../periodic-job';
import { settlePayment, type Settlement } from './order-service';
import { claimAbandonedOrders, selectOrder } from './order-store';

/**
 * A shopper who closes the tab on the provider's page never reaches /checkout/confirm or /checkout/klarna-fail,
 * so nothing calls completePayment and the order would hold its stock (and gift card draw) forever, without a
 * confirmation mail. The sweeper asks the provider about such orders instead, through the same settlePayment
 * as the shopper's return, and gives up on a payment the provider still calls pending after a hard limit.
 */

const DEFAULT_SWEEP_INTERVAL_MS = 5 * 60_000;
const DEFAULT_BATCH_SIZE = 50;
/** How long an order a sweeper took is left to it before another instance may ask about it too. */
const DEFAULT_LEASE_MS = 2 * 60_000;

export interface SweepLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SweepOptions {
  /** For the confirmation mail of an order found paid. */
  variant: ShopVariant;
  /** Orders younger than this are left to the shopper, who may still be on the provider's page. */
  graceMs: number;
  /** Orders older than this are cancelled when the provider still answers pending. */
  hardLimitMs: number;
  /** Orders asked about per round, so one round stays short and a provider is not flooded. */
  batchSize?: number;
  /** See DEFAULT_LEASE_MS; tests pass 0 to let two sweepers take the same order. */
  leaseMs?: number;
  log?: SweepLog;
}

/** The sweeper's limits as configured (PAYMENT_GRACE_MINUTES, PAYMENT_TIMEOUT_HOURS; env.ts has their defaults). */
export function sweepLimits(env: Pick<Env, 'PAYMENT_GRACE_MINUTES' | 'PAYMENT_TIMEOUT_HOURS'>): Pick<SweepOptions, 'graceMs' | 'hardLimitMs'> {
  return { graceMs: env.PAYMENT_GRACE_MINUTES * 60_000, hardLimitMs: env.PAYMENT_TIMEOUT_HOURS * 3_600_000 };
}

export type SweepResult = Record<'checked' | 'paid' | 'failed' | 'timedOut' | 'pending' | 'alreadySettled' | 'errors', number>;

const counter: Record<Settlement, keyof SweepResult> = {
  PAID: 'paid',
  FAILED: 'failed',
  TIMED_OUT: 'timedOut',
  PENDING: 'pending',
  ALREADY_SETTLED: 'alreadySettled',
};

/**
 * One round: settles what the providers have decided about abandoned payments, cancels those still pending
 * past the hard limit (the provider told to stop the payment first), and those whose payment was never created
 * (the provider failed at placeOrder) once past the grace period. The cart is never refilled (see
 * SettleOptions.refillCart). A provider that cannot be asked or cannot stop the payment (it throws) leaves the
 * order as it is, even past the hard limit, since the payment may have gone through; it is asked again in a
 * later round.
 */
export async function settleAbandonedPayments(db: Db, pubsub: PubSub, options: SweepOptions): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, paid: 0, failed: 0, timedOut: 0, pending: 0, alreadySettled: 0, errors: 0 };
  const claimed = await claimAbandonedOrders(db, options.batchSize ?? DEFAULT_BATCH_SIZE, {
    graceMs: options.graceMs,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    hardLimitMs: options.hardLimitMs,
  });
  for (const { orderId, expired } of claimed) {
    result.checked += 1;
    try {
      const found = await selectOrder(db, orderId);
      if (!found) continue;
      const { settlement } = await settlePayment(db, pubsub, found, {
        variant: options.variant,
        refillCart: false,
        by: 'payment-sweeper',
        cancelIfStillPending: expired,
        // Past the grace period a retry of placeOrder (which would create the payment) is not coming.
        cancelIfNoPayment: true,
      });
      result[counter[settlement]] += 1;
    } catch (error) {
      result.errors += 1;
      options.log?.warn(`Payment of order ${orderId} not settled: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return result;
}

export interface PaymentSweeper {
  sweep(): Promise<SweepResult>;
  /** Runs a round every intervalMs (and one right away) until stop(). */
  start(intervalMs?: number): void;
  /** Stops the timer and waits for a round in progress to finish. */
  stop(): Promise<void>;
}

export function createPaymentSweeper(db: Db, pubsub: PubSub, options: SweepOptions & { log: SweepLog }): PaymentSweeper {
  const { log } = options;
  let job: PeriodicJob | undefined;

  const sweep = () => settleAbandonedPayments(db, pubsub, options);
  const round = async () => {
    const r = await sweep();
    if (r.paid || r.failed || r.timedOut) {
      log.info(`Payment sweeper: ${r.paid} paid, ${r.failed} failed, ${r.timedOut} cancelled after the time limit, ${r.pending} still pending`);
    }
  };

  return {
    sweep,
    start(intervalMs = DEFAULT_SWEEP_INTERVAL_MS) {
      job ??= startPeriodicJob({
        intervalMs,
        run: round,
        onError: (error) => log.error(`Payment sweeper round failed: ${error instanceof Error ? error.message : String(error)}`),
      });
    },
    async stop() {
      await job?.stop();
      job = undefined;
    },
  };
}
