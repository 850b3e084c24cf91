import type { LanguageId } from '../../../shared/locales';
import type { OrderStatus, PaymentMethod } from '../../graphql/generated/resolvers-types';

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

const statusLabels: Record<LanguageId, Record<OrderStatus, string>> = {
  sv: { RECEIVED: 'Mottagen', PROCESSING: 'Behandlas', COMPLETED: 'Slutförd', CANCELLED: 'Avbruten' },
  en: { RECEIVED: 'Received', PROCESSING: 'Processing', COMPLETED: 'Completed', CANCELLED: 'Cancelled' },
};

export const statusLabel = (status: OrderStatus, languageId: LanguageId) => statusLabels[languageId][status];

const paymentLabels: Record<LanguageId, Record<PaymentMethod, string>> = {
  sv: { CARD: 'Kort', INVOICE: 'Faktura', INSTALMENT: 'Delbetalning', PAY_LATER: 'Betala senare', GIFT_CARD: 'Presentkort' },
  en: { CARD: 'Card', INVOICE: 'Invoice', INSTALMENT: 'Instalments', PAY_LATER: 'Pay later', GIFT_CARD: 'Gift card' },
};

export const paymentMethodLabel = (method: PaymentMethod, languageId: LanguageId) => paymentLabels[languageId][method];
