import type { LanguageId } from '../../../shared/locales';
import type { OrderStatus, PaymentMethod } from '../../generated/api-types';
import { t } from '../../i18n';

/**
 * The order's life: received, then processing (being packed), then completed (shipped). It can be cancelled
 * until it is completed; a completed or cancelled order is final (returns are a separate matter).
 */
const allowed: Record<OrderStatus, readonly OrderStatus[]> = {
  RECEIVED: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return allowed[from].includes(to);
}

/**
 * Packing and shipping wait for the money: an unpaid order shipped could still see its payment fail, and
 * cancelling it then would put back stock that has left the warehouse.
 */
export function needsPayment(to: OrderStatus): boolean {
  return to === 'PROCESSING' || to === 'COMPLETED';
}

export const statusLabel = (status: OrderStatus, languageId: LanguageId) => t(languageId, `server.order.status.${status}`);

// The same names the checkout page gives the payment methods.
export const paymentMethodLabel = (method: PaymentMethod, languageId: LanguageId) => t(languageId, `checkout.payment.${method}`);
