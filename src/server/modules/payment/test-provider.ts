import type { PaymentFailureReason } from '../../generated/api-types';
import { failureReasonSlugs, type PaymentOrder, type PaymentOutcome, type PaymentProvider } from './provider';

/** What a test shopper can ask for: the test page always decides at once, so never PENDING. */
type Decided = Exclude<PaymentOutcome, { status: 'PENDING' }>;

const reasonBySlug = new Map(Object.entries(failureReasonSlugs).map(([reason, slug]) => [slug, reason as PaymentFailureReason]));

/**
 * The outcome a test shopper asks for with the local part of the email: `fail@…` fails (general),
 * `fail+blocked@…`, `fail+out-of-stock-or-balance@…`, `fail+product-out-of-stock@…` fail with that reason,
 * `fail+general@…` as `fail@`; any other address pays.
 */
export function requestedOutcome(email: string): Decided {
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  if (local !== 'fail' && !local.startsWith('fail+')) return { status: 'PAID' };
  const reason = reasonBySlug.get(local.slice('fail+'.length)) ?? 'GENERAL';
  return { status: 'FAILED', reason };
}

const PREFIX = 'test_';

/**
 * Acts like a hosted payment page that answers at once: the shopper is sent straight to the confirmation or
 * the failure page, and the outcome is carried in the reference, as a real provider keeps it on its side.
 * So it never answers PENDING: asked by the payment sweeper about a shopper who closed the tab instead of
 * returning, it answers the outcome recorded when the payment was created.
 */
export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  demo: true,
  async createPayment(order: PaymentOrder) {
    const outcome = requestedOutcome(order.email);
    const code = outcome.status === 'PAID' ? 'paid' : failureReasonSlugs[outcome.reason];
    return {
      reference: `${PREFIX}${order.orderId}_${code}`,
      redirectUrl: outcome.status === 'PAID' ? order.returnUrls.confirm : order.returnUrls.fail(outcome.reason),
    };
  },
  async completePayment(reference: string) {
    if (!reference.startsWith(PREFIX)) throw new Error(`Not a test payment: ${reference}`);
    const code = reference.slice(reference.lastIndexOf('_') + 1);
    if (code === 'paid') return { status: 'PAID' };
    return { status: 'FAILED', reason: reasonBySlug.get(code) ?? 'GENERAL' };
  },
  // Never pending, so there is never a payment left to stop.
  async cancelPayment() {},
};
