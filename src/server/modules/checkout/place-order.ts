import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { formatMoney } from '../../../shared/money';
import type { ShopVariant } from '../../../shared/shop';
import { invalidInput } from '../../domain-error';
import type { CheckoutInput, PlaceOrderResult } from '../../generated/api-types';
import type { Outbox, PubSub } from '../../pubsub';
import { cartSkuIds, cartTexts, emptyOrderedCart, lockStoredCart } from '../cart';
import { drawGiftCard, giftCardCoverMinor, lockUsableGiftCard } from '../gift-card';
import { changeStock, type StockLedger } from '../inventory';
import { creditCoverMinor, drawCredit, lockCreditBalance } from '../store-credit';
import { createOrder, findOrderByIdempotencyKey, startPayment, type OrderLine, type OrderRecord } from '../order';
import { checkoutCredit, openCheckout } from './checkout-service';
import { saveCheckout } from './checkout-store';
import { evaluateCheckout, prepaidCover } from './checkout-view';
import { checkoutTexts } from './messages';
import { orderPaymentMethod, validateCheckout } from './validation';

export interface PlaceOrderRequest {
  cartId: string;
  /** The signed-in customer placing the order (their token): the order is theirs. Null for a guest order. */
  customerId: number | null;
  input: CheckoutInput;
  idempotencyKey: string | null;
  languageId: LanguageId;
  /** The provider new orders pay through (PAYMENT_PROVIDER). */
  provider: string;
  /** For the confirmation mail of an order the gift card and store credit pay in full (queued at once). */
  variant: ShopVariant;
}

/**
 * Warnings that mean the cart is not what the shopper last saw: they must look again before paying. A gift card
 * that ran out or expired meanwhile (GIFT_CARD_INVALID) is one of them: the rest would otherwise be charged to
 * a payment method the checkout may have hidden (a card paying everything needs none) and that the shopper
 * never confirmed for this amount.
 */
const CHANGED = new Set(['PRICE_CHANGED', 'STOCK_CHANGED', 'ITEM_REMOVED', 'PROMO_CODE_INVALID', 'PROMO_CODE_REQUIREMENTS_NOT_MET', 'GIFT_CARD_INVALID']);

type Placed = { kind: 'placed'; order: OrderRecord } | { kind: 'refused'; result: PlaceOrderResult };

const refused = (status: 'INVALID' | 'NOT_PLACEABLE', message: string, validationErrors: PlaceOrderResult['validationErrors'] = []): Placed => ({
  kind: 'refused',
  result: { status, message, validationErrors, orderId: null, orderNumber: null, token: null, redirectUrl: null },
});

/**
 * Everything that must hold together, in one transaction: the cart row is locked first (so a replay of the same
 * key waits and then finds the order), then the cart's SKUs in sku_id order (so concurrent orders for the same
 * SKU take turns), then the cart is corrected against the locked stock, the form validated, and last the applied
 * gift card is locked (so concurrent orders spending one card take turns and never overdraw it), and after it the
 * signed-in customer's store credit balance (likewise: two orders of one customer take turns at it); decision
 * 0011 keeps this one lock order. The order is recorded at the cart's prices, the card and the balance drawn
 * from, stock taken and the cart emptied. An order they pay in full is paid here, with GIFT_CARD (or STORE_CREDIT
 * when the credit paid a part) as its method, and its confirmation mail queued with it.
 */
async function placeInTransaction(tx: Queryable, stock: StockLedger, outbox: Outbox, request: PlaceOrderRequest): Promise<Placed> {
  const t = checkoutTexts(request.languageId);
  const locked = await lockStoredCart(tx, request.cartId, request.customerId);
  if (!locked) return refused('NOT_PLACEABLE', t.cartEmpty);
  if (request.idempotencyKey) {
    const existing = await findOrderByIdempotencyKey(tx, request.idempotencyKey);
    if (existing && existing.cartId === locked.cartId) return { kind: 'placed', order: existing };
    if (existing) throw invalidInput('This idempotencyKey already placed an order for another cart');
  }
  await stock.lock(await cartSkuIds(tx, locked));

  const { cart, fields, refused: refusedInput } = await openCheckout(tx, locked, request.input, request.languageId, outbox);
  if (cart.items.length === 0) return refused('NOT_PLACEABLE', cart.warnings[0]?.message ?? t.cartEmpty);
  const changed = cart.warnings.filter((w) => CHANGED.has(w.code));
  if (changed.length > 0) return refused('NOT_PLACEABLE', [t.cartChanged, ...changed.map((w) => w.message)].join('. '));

  const credit = await checkoutCredit(tx, request.customerId);
  const { model, shippingMethod, money } = await evaluateCheckout(tx, locked.cartId, fields, cart, credit, refusedInput);
  if (model.validationErrors.length > 0 || !shippingMethod) return refused('INVALID', t.fieldsInvalid, model.validationErrors);

  const lines: OrderLine[] = cart.items.map((item) => {
    // Reconciling under the lock already lowered lines stock cannot cover; only oversellable lines exceed it.
    if (item.backorderedQuantity > 0 && !item.oversellable) throw new Error(`SKU ${item.skuId} is short of stock after reconciling`);
    return {
      skuId: item.skuId,
      productId: item.productId,
      name: item.name,
      articleNumber: item.articleNumber,
      quantity: item.quantity,
      backordered: item.backorderedQuantity,
      regularUnitMinor: item.regularUnitMinor,
      totalRegularMinor: item.totalRegularMinor,
      totalSellingMinor: item.totalSellingMinor,
      vatRate: item.vatRate,
    };
  });
  // The card as it is under the lock: another order may have spent some or all of what the cart showed. Then
  // nothing is placed, drawn or taken: the shopper sees the new amount and decides how to pay the rest, rather
  // than having it charged to a method chosen earlier, perhaps while the card covered everything and the
  // checkout asked for none.
  const giftCard = cart.giftCard ? await lockUsableGiftCard(tx, cart.giftCard.code) : null;
  const giftCardMinor = giftCard ? giftCardCoverMinor(giftCard.balanceMinor, money.totalMinor) : 0;
  if (giftCardMinor < money.giftCardMinor) {
    const now = giftCardMinor > 0 ? t.giftCardCoversLess(formatMoney(giftCardMinor, request.languageId)) : cartTexts(request.languageId).giftCardInvalid();
    return refused('NOT_PLACEABLE', [t.cartChanged, now].join('. '));
  }
  // The balance likewise, locked after the card: the order is refused when card and credit together now pay less
  // than the checkout showed (another order of the customer spent the credit), so nothing is charged unasked.
  const creditBalance = request.customerId !== null && fields.useStoreCredit ? await lockCreditBalance(tx, request.customerId) : 0;
  const creditMinor = creditCoverMinor(creditBalance, money.totalMinor - giftCardMinor);
  if (giftCardMinor + creditMinor < money.giftCardMinor + money.creditMinor) {
    return refused('NOT_PLACEABLE', [t.cartChanged, t.creditCoversLess(formatMoney(creditMinor, request.languageId))].join('. '));
  }
  const cover = prepaidCover({ giftCardMinor, creditMinor, totalMinor: money.totalMinor }, true);
  // The form was judged with the card and credit as read before the locks; covering more under them (a draw given
  // back meanwhile) may now pay everything, so it is judged again (no method needed then, one recorded for it).
  const paymentErrors = validateCheckout(fields, model.shippingOptions.map((o) => o.shippingMethodId), t, cover);
  const paymentMethod = orderPaymentMethod(fields.paymentMethod, cover, creditMinor);
  if (paymentErrors.length > 0 || !paymentMethod) return refused('INVALID', t.fieldsInvalid, paymentErrors);

  const order = await createOrder(
    tx,
    {
      cartId: locked.cartId,
      customerId: request.customerId,
      idempotencyKey: request.idempotencyKey,
      languageId: request.languageId,
      customer: fields,
      shippingMethodId: shippingMethod.shippingMethodId,
      paymentMethod,
      paymentProvider: request.provider,
      paidInFull: cover === 'ALL',
      promoCode: cart.promoCode,
      giftCardCode: giftCardMinor > 0 ? giftCard!.code : null,
      money: { ...money, giftCardMinor, creditMinor },
      lines,
    },
    request.variant,
  );
  if (giftCardMinor > 0) await drawGiftCard(tx, order.orderId, giftCard!.code, giftCardMinor);
  if (creditMinor > 0) await drawCredit(tx, request.customerId!, order.orderId, creditMinor);
  for (const line of lines) await stock.take(line.skuId, line.quantity);
  await emptyOrderedCart(tx, locked, outbox);
  // The address stays for the next order; the terms are accepted anew each time.
  await saveCheckout(tx, locked.cartId, { ...fields, acceptedPurchaseTerms: false });
  return { kind: 'placed', order };
}

export async function placeOrder(db: Db, pubsub: PubSub, request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  const placed = await changeStock(db, pubsub, (tx, stock, outbox) => placeInTransaction(tx, stock, outbox, request));
  if (placed.kind === 'refused') return placed.result;
  const { order } = placed;
  return {
    status: 'PLACED',
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    token: order.token,
    redirectUrl: await startPayment(db, order),
    message: null,
    validationErrors: [],
  };
}
