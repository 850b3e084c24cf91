import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { Order, OrderStatus } from '../../generated/api-types';
import { eraseCustomerFromOrders, selectCustomerOrders, selectOrderNumbers } from './order-store';
import { orderView } from './order-view';

/*
 * A signed-in customer's orders. Only orders placed with their token are theirs: a guest order is never linked to
 * an account afterwards, even when its email is the account's, since nothing proves the account holder placed it.
 */

const IN_PROGRESS: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['RECEIVED', 'PROCESSING']);

/** The customer's orders, in progress (received, processing) and history (completed, cancelled), newest first. */
export async function customerOrders(db: Queryable, customerId: number, languageId: LanguageId): Promise<{ inProgress: Order[]; history: Order[] }> {
  const inProgress: Order[] = [];
  const history: Order[] = [];
  for (const order of await selectCustomerOrders(db, customerId)) {
    (IN_PROGRESS.has(order.status) ? inProgress : history).push(await orderView(db, order, languageId));
  }
  return { inProgress, history };
}

/**
 * The account is being deleted: its orders stay for the bookkeeping (lines, money, VAT, shipping and payment,
 * status history, dates) but no longer belong to anyone, and the person's details in them are blanked (see
 * KEPT_CUSTOMER_FIELDS). Answers the orders' ids, so the caller can erase what else is tied to them.
 */
export function eraseCustomerOrders(tx: Queryable, customerId: number): Promise<string[]> {
  return eraseCustomerFromOrders(tx, customerId);
}

/** The numbers customers know their orders by, for order ids (a store credit movement names its order). */
export function orderNumbersOf(db: Queryable, orderIds: readonly string[]): Promise<Map<string, number>> {
  return selectOrderNumbers(db, orderIds);
}
