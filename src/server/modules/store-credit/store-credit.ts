import type { Db, Queryable } from '../../db/client';
import { invalidInput } from '../../domain-error';
import { insertMovement, lockBalance, selectBalance, selectMovements, selectUnreturnedDraw, type CreditMovementRow } from './store-credit-store';

export type { CreditMovementRow as CreditMovement };

/** The signed-in customer's balance as a checkout shows it (unlocked: placeOrder reads it again under the lock). */
export function creditBalanceOf(db: Queryable, customerId: number): Promise<number> {
  return selectBalance(db, customerId);
}

/** The movements, newest first, each with the balance after it. */
export function creditMovements(db: Queryable, customerId: number): Promise<CreditMovementRow[]> {
  return selectMovements(db, customerId);
}

/**
 * The customer's balance locked for a draw. Taken last, after the cart, the SKUs and the gift card (decision
 * 0011): every transaction that locks a balance locks only that one, and nothing after it.
 */
export function lockCreditBalance(tx: Queryable, customerId: number): Promise<number> {
  return lockBalance(tx, customerId, false);
}

/** What the balance pays of what is left after a gift card: all of it when the balance reaches, else the balance. */
export function creditCoverMinor(balanceMinor: number, leftMinor: number): number {
  return Math.max(0, Math.min(balanceMinor, leftMinor));
}

/** Takes `amountMinor` off the (locked) balance for an order, as one movement. */
export async function drawCredit(tx: Queryable, customerId: number, orderId: string, amountMinor: number): Promise<void> {
  if (amountMinor > 0) await insertMovement(tx, customerId, { kind: 'ORDER', amountMinor: -amountMinor, description: '', orderId });
}

/**
 * Gives an order's draw back to the balance, once, as its own movement: a second call (a replayed failure, a
 * cancel after a failed payment) gives nothing. The balance is locked last, as everywhere. The amount given back.
 */
export async function returnCreditDraw(tx: Queryable, orderId: string): Promise<number> {
  const draw = await selectUnreturnedDraw(tx, orderId);
  if (!draw) return 0;
  await lockBalance(tx, draw.customerId, false);
  await insertMovement(tx, draw.customerId, { kind: 'ORDER_RETURN', amountMinor: draw.amountMinor, description: '', orderId });
  return draw.amountMinor;
}

/** The most one booking may add or take, in öre (a typo of a few zeros is refused rather than booked). */
export const MAX_CREDIT_MOVEMENT_MINOR = 10_000_000;

/**
 * An admin adds store credit (or takes some back with a negative amount). The balance row is locked, so movements
 * of one customer are booked one at a time, and the balance never goes below zero. `customerExists` is asked
 * inside the transaction (the customer module owns the account).
 */
export async function bookCredit(
  db: Db,
  customerId: number,
  amountMinor: number,
  description: string,
  customerExists: (tx: Queryable) => Promise<boolean>,
): Promise<void> {
  if (!Number.isInteger(amountMinor) || amountMinor === 0 || Math.abs(amountMinor) > MAX_CREDIT_MOVEMENT_MINOR) {
    throw invalidInput(`amount must be non-zero and at most ${MAX_CREDIT_MOVEMENT_MINOR / 100} kronor either way, in whole öre`);
  }
  const text = description.trim();
  if (text.length === 0 || text.length > 200) throw invalidInput('description must be 1 to 200 characters');
  await db.transaction(async (tx) => {
    if (!(await customerExists(tx))) throw invalidInput(`There is no customer with id ${customerId}`);
    const balance = await lockBalance(tx, customerId, true);
    if (balance + amountMinor < 0) throw invalidInput('The store credit cannot go below zero');
    await insertMovement(tx, customerId, { kind: 'ADMIN', amountMinor, description: text, orderId: null });
  });
}
