import type { LanguageId } from '../../../shared/locales';
import type { CustomerType, OrderStatus, PaymentFailureReason, PaymentMethod, PaymentStatus } from '../../generated/api-types';

/** The order's money in öre inc VAT, as charged. */
export interface OrderMoney {
  /** The goods at regular prices, and after campaigns. */
  regularMinor: number;
  goodsMinor: number;
  /** The promo code's discount off the goods (campaign prices are already in the goods). */
  discountMinor: number;
  shippingFeeMinor: number;
  totalMinor: number;
  totalExVatMinor: number;
  /** The part of totalMinor a gift card pays; the payment provider charges what it and the credit leave. */
  giftCardMinor: number;
  /** The part of totalMinor the signed-in customer's store credit pays (after the gift card). */
  creditMinor: number;
}

/** What is left for the payment provider once the gift card and the store credit have paid their parts. */
export const amountToPayMinor = (m: Pick<OrderMoney, 'totalMinor' | 'giftCardMinor' | 'creditMinor'>): number => m.totalMinor - m.giftCardMinor - m.creditMinor;

/** Who ordered and where it goes, as entered at checkout (null: not filled in). */
export interface OrderCustomer {
  customerType: CustomerType;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  careOf: string | null;
  streetAddress: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  personalIdNumber: string | null;
  organisationIdNumber: string | null;
  companyName: string | null;
  orderMessage: string | null;
  entryCode: string | null;
}

/** An order line as sold: names and prices copied, so later catalog changes do not rewrite an order. */
export interface OrderLine {
  skuId: number;
  productId: number;
  name: string;
  articleNumber: string;
  quantity: number;
  /** Units of an oversellable SKU sold beyond stock: never taken off the shelf, so never put back. */
  backordered: number;
  regularUnitMinor: number;
  totalRegularMinor: number;
  totalSellingMinor: number;
  vatRate: number;
}

/** An order (table orders). */
export interface OrderRecord {
  orderId: string;
  orderNumber: number;
  /** The secret in the confirmation link: whoever holds it may read the order. */
  token: string;
  cartId: string;
  languageId: LanguageId;
  status: OrderStatus;
  customer: OrderCustomer;
  shippingMethodId: string;
  paymentMethod: PaymentMethod;
  paymentProvider: string;
  paymentReference: string | null;
  paymentStatus: PaymentStatus;
  paymentFailure: PaymentFailureReason | null;
  /** Where placeOrder sent the shopper (the provider's page, or the confirmation). */
  redirectUrl: string | null;
  promoCode: string | null;
  giftCardCode: string | null;
  money: OrderMoney;
  tracking: string | null;
  /** ISO 8601 (UTC). */
  createdAt: string;
}

/** What checkout records when an order is placed. */
export interface NewOrder {
  cartId: string;
  /** The signed-in customer who placed it; null for a guest order (never linked to an account later). */
  customerId: number | null;
  idempotencyKey: string | null;
  languageId: LanguageId;
  customer: OrderCustomer;
  shippingMethodId: string;
  paymentMethod: PaymentMethod;
  /** The registered provider that will charge the order; ignored for an order paid in full as placed. */
  paymentProvider: string;
  /** The gift card and the store credit pay it all: no provider is asked, the order is paid as placed. */
  paidInFull: boolean;
  promoCode: string | null;
  giftCardCode: string | null;
  money: OrderMoney;
  lines: OrderLine[];
}
