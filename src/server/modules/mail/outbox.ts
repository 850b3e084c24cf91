import type { Queryable } from '../../db/client';
import type { ShopVariant } from '../../../shared/shop';
import { deleteMailsOf, enqueueMail } from './outbox-store';
import { renderOrderMail } from './render';
import { renderBackInStockMail, type BackInStockMailData } from './BackInStockMail';
import type { OrderMailData, OrderMailKind } from './types';

/**
 * Renders an order mail in the order's language and queues it to the customer. Pass the transaction that records
 * the order (or its status change) so the mail exists exactly when the change does. Returns the outbox id, which
 * is also the preview address.
 */
export async function enqueueOrderMail(db: Queryable, kind: OrderMailKind, data: OrderMailData, variant: ShopVariant, orderId: string | null): Promise<string> {
  const rendered = renderOrderMail(kind, data, variant);
  return enqueueMail(db, { ...rendered, kind, to: data.customerEmail, languageId: data.language, orderId });
}

/**
 * A customer's account is erased: the stored mails of their orders go, and the account's own mails (reset, e-mail
 * change) to each of `emails` (its address, and those it moved from or asked to move to).
 */
export function forgetMails(db: Queryable, person: { orderIds: readonly string[]; emails: readonly string[] }): Promise<void> {
  return deleteMailsOf(db, person.orderIds, person.emails);
}

/** Queues the back-in-stock notice to one address, in the language it asked in. */
export async function enqueueBackInStockMail(db: Queryable, to: string, data: BackInStockMailData, variant: ShopVariant): Promise<string> {
  return enqueueMail(db, { ...renderBackInStockMail(data, variant), kind: 'backinstock', to, languageId: data.languageId });
}
