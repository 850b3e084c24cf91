import type { LanguageId } from '../../../shared/locales';

/** The two order mails; also the `kind` stored in the outbox and the preview path segment. */
export const orderMailKinds = ['orderconfirmed', 'ordershipped'] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];

/** The mails of an e-mail change (modules/auth): the link to the new address, the undo link to the old one, and the notice to an address that is taken. */
export type EmailChangeMailKind = 'emailconfirm' | 'emailchanged' | 'emailtaken';

/**
 * Every kind the outbox holds: the order mails, the password reset mail and the e-mail change's mails
 * (modules/auth), and the back-in-stock notice.
 */
export type MailKind = OrderMailKind | 'passwordreset' | 'backinstock' | EmailChangeMailKind;

/** The kinds whose link holds a key that acts on an account: the outbox keeps such a key only while it may be needed. */
export const keyMailKinds = ['passwordreset', 'emailconfirm', 'emailchanged'] as const satisfies readonly MailKind[];

export function isOrderMailKind(value: unknown): value is OrderMailKind {
  return value === 'orderconfirmed' || value === 'ordershipped';
}

export interface OrderMailLine {
  name: string;
  /** The variant bought ('PAL, komplett i kartong'); empty when the product has only one. */
  skuName: string;
  quantity: number;
  unitPriceFormatted: string;
  totalFormatted: string;
}

export interface OrderMailAddress {
  name: string;
  careOf?: string;
  street: string;
  street2?: string;
  zip: string;
  city: string;
  country: string;
}

/**
 * Everything an order mail shows, already formatted in the order's language. The mail module does not read
 * orders itself: whoever sends the mail (the order module) builds this from its order.
 */
export interface OrderMailData {
  orderNumber: string;
  language: LanguageId;
  customerName: string;
  customerEmail: string;
  lines: OrderMailLine[];
  subtotalFormatted: string;
  shippingFormatted: string;
  /** Absent or empty when the order has no discount: the row is left out. */
  discountFormatted?: string;
  totalFormatted: string;
  vatFormatted: string;
  /** What a gift card paid, when one did. */
  giftCardFormatted?: string;
  /** What the customer's store credit paid, when it paid anything. */
  creditFormatted?: string;
  /** What was left for the payment method; absent when neither a gift card nor store credit paid a part. */
  amountToPayFormatted?: string;
  shippingMethod: string;
  paymentMethod: string;
  shippingAddress: OrderMailAddress;
  /** The carrier's tracking page (http or https only); shown in the shipped mail when present. */
  trackingUrl?: string;
}

/** A rendered mail, ready for the outbox. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
