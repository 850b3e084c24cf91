import type { LanguageId } from '../../../shared/locales';
import type { PaymentFailureReason, PaymentMethod } from '../../generated/api-types';

/** What a provider gets to start a payment: the order as placed, and where to send the shopper back. */
export interface PaymentOrder {
  orderId: string;
  orderNumber: number;
  email: string;
  languageId: LanguageId;
  paymentMethod: PaymentMethod;
  totalMinor: number;
  totalExVatMinor: number;
  /** The part of totalMinor a gift card paid (a Klarna order shows it as a negative gift_card line). */
  giftCardMinor: number;
  /** The part of totalMinor the customer's store credit paid (a Klarna order shows it as a negative discount line). */
  creditMinor: number;
  /**
   * What the provider charges: totalMinor less giftCardMinor and creditMinor, never 0 (an order they pay in full is
   * never sent to a provider).
   */
  amountToPayMinor: number;
  currency: 'SEK';
  country: string;
  lines: { name: string; quantity: number; totalMinor: number; vatRate: number }[];
  /** Shop paths (localized) the provider returns the shopper to. */
  returnUrls: {
    confirm: string;
    fail(reason: PaymentFailureReason): string;
  };
}

export interface CreatedPayment {
  /** The provider's id for the payment (Klarna's order or session id). */
  reference: string;
  /** Where the shopper goes next: the provider's hosted page, which later returns to a returnUrl. */
  redirectUrl: string;
}

/**
 * The provider's word on a payment. PENDING: it does not know yet (the shopper left its page before deciding,
 * or an invoice check is still running); the order keeps its stock until it is asked again.
 */
export type PaymentOutcome = { status: 'PAID' } | { status: 'FAILED'; reason: PaymentFailureReason } | { status: 'PENDING' };

/**
 * A payment provider. Checkout knows it only by this interface and finds it by name in a registry, so a real
 * provider (Klarna Payments) is one more `registerPaymentProvider` call, not a change to checkout.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Takes no real money (every payment is pretend): the shop says so on every page, and a deployment needs ALLOW_DEMO. */
  readonly demo: boolean;
  /** Called once per order after it is placed; must be safe to call again for the same order id. */
  createPayment(order: PaymentOrder): Promise<CreatedPayment>;
  /**
   * The provider's own word on how the payment went: asked when the shopper is back (or the provider called
   * back), and by the payment sweeper for a shopper who never came back, with nothing `returned`. So it must
   * answer from the provider's record of the payment, not from the return URL. `returned` holds what the
   * provider put on the return URL, if anything. Safe to ask more than once, also concurrently.
   */
  completePayment(reference: string, returned: Record<string, string>): Promise<PaymentOutcome>;
  /**
   * Called before the payment sweeper cancels an order whose payment is still pending past the hard limit:
   * afterwards the payment must not go through, so a late authorisation cannot charge a cancelled order. Must
   * throw when that cannot be promised, such as a payment authorised meanwhile: the order is then left as it is
   * and asked about again in the sweeper's next round. Safe to call more than once.
   */
  cancelPayment(reference: string): Promise<void>;
}

const providers = new Map<string, PaymentProvider>();

export function registerPaymentProvider(provider: PaymentProvider): void {
  providers.set(provider.name, provider);
}

export function paymentProvider(name: string): PaymentProvider {
  const provider = providers.get(name);
  if (!provider) throw new Error(`No payment provider named "${name}" is registered (known: ${[...providers.keys()].join(', ')})`);
  return provider;
}

/** The reasons as they appear on /checkout/klarna-fail?reason=…. */
export const failureReasonSlugs: Record<PaymentFailureReason, string> = {
  GENERAL: 'general',
  OUT_OF_STOCK_OR_BALANCE: 'out-of-stock-or-balance',
  PRODUCT_OUT_OF_STOCK: 'product-out-of-stock',
  BLOCKED: 'blocked',
};
