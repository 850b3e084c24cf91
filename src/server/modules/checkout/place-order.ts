import type { Db, Queryable } from '../../db/client';
import { channels, type LanguageId } from '../../../shared/locales';
import { formatMoney, toMinor } from '../../../shared/money';
import { badInput } from '../../graphql/errors';
import type { CheckoutInput, PlaceOrderResult } from '../../graphql/generated/resolvers-types';
import type { ShopVariant } from '../../../shared/shop';
import type { PubSub } from '../../pubsub';
import { isWellFormedCartId } from '../cart/cart-id';
import { lockCart } from '../cart/cart-store';
import { drawGiftCard, giftCardCoverMinor, lockUsableGiftCard } from '../cart/gift-cards';
import { cartTexts } from '../cart/messages';
import type { CartModel } from '../cart/models';
import { unitsBeyondStock } from '../cart/stock-rules';
import { queueOrderMail } from '../order/order-mails';
import { findOrder, findOrderByKey, insertOrder, newOrderId, newOrderToken, orderLines, type NewOrderLine, type OrderRow } from '../order/order-store';
import { changeStock, type StockLedger } from '../inventory';
import { openCheckout } from './checkout-service';
import { saveCheckout } from './checkout-store';
import { evaluateCheckout, giftCardCover } from './checkout-view';
import { checkoutTexts } from './messages';
import { failureReasonSlugs, paymentProvider, type PaymentOrder } from '../payment';
import { orderPaymentMethod, validateCheckout } from './validation';

export interface PlaceOrderRequest {
  cartId: string;
  input: CheckoutInput;
  idempotencyKey: string | null;
  languageId: LanguageId;
  /** The provider new orders pay through (PAYMENT_PROVIDER). */
  provider: string;
  /** For the confirmation mail of an order a gift card pays in full (queued at once). */
  variant: ShopVariant;
}

/**
 * Recorded as the payment provider of an order a gift card pays in full. It is not a registered provider and is
 * never asked anything: such an order is PAID and has its redirect when it is placed.
 */
const GIFT_CARD_ONLY_PROVIDER = 'giftcard';

/**
 * Warnings that mean the cart is not what the shopper last saw: they must look again before paying. A gift card
 * that ran out or expired meanwhile (GIFT_CARD_INVALID) is one of them: the rest would otherwise be charged to
 * a payment method the checkout may have hidden (a card paying everything needs none) and that the shopper
 * never confirmed for this amount.
 */
const CHANGED = new Set(['PRICE_CHANGED', 'STOCK_CHANGED', 'ITEM_REMOVED', 'PROMO_CODE_INVALID', 'PROMO_CODE_REQUIREMENTS_NOT_MET', 'GIFT_CARD_INVALID']);

type Placed = { kind: 'placed'; row: OrderRow } | { kind: 'refused'; result: PlaceOrderResult };

const refused = (status: 'INVALID' | 'NOT_PLACEABLE', message: string, validationErrors: PlaceOrderResult['validationErrors'] = []): Placed => ({
  kind: 'refused',
  result: { status, message, validationErrors, orderId: null, orderNumber: null, token: null, redirectUrl: null },
});

async function lineFacts(tx: Queryable, cart: CartModel): Promise<Map<number, { name: string; articleNumber: string; stock: number; oversellable: boolean; isStatic: boolean }>> {
  const rows = await tx.query<{ sku_id: number; name: string | null; sku_name: string | null; article_number: string; stock: number; oversellable: boolean; is_static: boolean; siblings: boolean }>(
    `SELECT s.sku_id, pt.name, st.name AS sku_name, s.article_number, s.stock, s.oversellable, s.is_static,
       EXISTS (SELECT 1 FROM skus o WHERE o.product_id = s.product_id AND o.sku_id <> s.sku_id) AS siblings
     FROM skus s
     LEFT JOIN product_translations pt ON pt.product_id = s.product_id AND pt.language_id = $2
     LEFT JOIN sku_translations st ON st.sku_id = s.sku_id AND st.language_id = $2
     WHERE s.sku_id = ANY($1::int[])`,
    [cart.items.map((i) => i.skuId), cart.languageId],
  );
  return new Map(
    rows.map((r) => {
      const product = r.name ?? `#${r.sku_id}`;
      const name = r.siblings && r.sku_name ? `${product} (${r.sku_name})` : product;
      return [r.sku_id, { name, articleNumber: r.article_number, stock: r.stock, oversellable: r.oversellable, isStatic: r.is_static }];
    }),
  );
}

/**
 * Everything that must hold together, in one transaction: the cart row is locked first (so a replay of the same
 * key waits and then finds the order), then the cart's SKUs in sku_id order (so concurrent orders for the same
 * SKU take turns), then the cart is corrected against the locked stock, the form validated, and last the applied
 * gift card is locked (so concurrent orders spending one card take turns and never overdraw it; see migration
 * 0006 for the lock order). The order is recorded at the cart's prices, the card drawn from, stock taken and
 * the cart emptied. An order the card pays in full is paid here, with GIFT_CARD as its method, and its
 * confirmation mail queued with it.
 */
async function placeInTransaction(tx: Queryable, stock: StockLedger, request: PlaceOrderRequest): Promise<Placed> {
  const t = checkoutTexts(request.languageId);
  const row = isWellFormedCartId(request.cartId) ? await lockCart(tx, request.cartId) : null;
  if (!row) return refused('NOT_PLACEABLE', t.cartEmpty);
  if (request.idempotencyKey) {
    const existing = await findOrderByKey(tx, request.idempotencyKey);
    if (existing && existing.cart_id === row.cartId) return { kind: 'placed', row: existing };
    if (existing) throw badInput('This idempotencyKey already placed an order for another cart');
  }
  const skuIds = (await tx.query<{ sku_id: number }>('SELECT sku_id FROM cart_items WHERE cart_id = $1 ORDER BY sku_id', [row.cartId])).map((r) => r.sku_id);
  await stock.lock(skuIds);

  const { cart, fields, refused: refusedInput } = await openCheckout(tx, row.cartId, request.input, request.languageId);
  if (cart.items.length === 0) return refused('NOT_PLACEABLE', cart.warnings[0]?.message ?? t.cartEmpty);
  const changed = cart.warnings.filter((w) => CHANGED.has(w.code));
  if (changed.length > 0) return refused('NOT_PLACEABLE', [t.cartChanged, ...changed.map((w) => w.message)].join('. '));

  const { model, shippingMethod, money } = await evaluateCheckout(tx, row.cartId, fields, cart, refusedInput);
  if (model.validationErrors.length > 0 || !shippingMethod) return refused('INVALID', t.fieldsInvalid, model.validationErrors);

  const facts = await lineFacts(tx, cart);
  const lines: NewOrderLine[] = cart.items.map((item) => {
    const f = facts.get(item.skuId)!;
    // Reconciling under the lock already lowered lines stock cannot cover; only oversellable lines exceed it.
    const backordered = unitsBeyondStock(item.quantity, f);
    if (backordered > 0 && !f.oversellable) throw new Error(`SKU ${item.skuId} is short of stock after reconciling`);
    return {
      skuId: item.skuId,
      productId: item.productId,
      name: f.name,
      articleNumber: f.articleNumber,
      quantity: item.quantity,
      backordered,
      regularUnitMinor: toMinor(item.unitPrice.regularPriceIncVat),
      totalRegularMinor: toMinor(item.totalPrice.regularPriceIncVat),
      totalSellingMinor: toMinor(item.totalPrice.sellingPriceIncVat),
      vatRate: item.unitPrice.vatRate,
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
  const cover = giftCardCover({ giftCardMinor, totalMinor: money.totalMinor }, true);
  const paidByGiftCard = cover === 'ALL';
  // The form was judged with the card as the cart read it; a card that covers more under the lock (a draw given
  // back meanwhile) may now pay everything, so it is judged again (no method needed then, GIFT_CARD recorded).
  const paymentErrors = validateCheckout(fields, model.shippingOptions.map((o) => o.shippingMethodId), t, cover);
  const paymentMethod = orderPaymentMethod(fields.paymentMethod, cover);
  if (paymentErrors.length > 0 || !paymentMethod) return refused('INVALID', t.fieldsInvalid, paymentErrors);

  const orderId = newOrderId();
  await insertOrder(tx, {
    orderId,
    token: newOrderToken(),
    cartId: row.cartId,
    idempotencyKey: request.idempotencyKey,
    languageId: request.languageId,
    customer: fields,
    shippingMethodId: shippingMethod.shippingMethodId,
    paymentMethod,
    paymentProvider: paidByGiftCard ? GIFT_CARD_ONLY_PROVIDER : request.provider,
    promoCode: cart.promoCode,
    ...money,
    giftCardCode: giftCardMinor > 0 ? giftCard!.code : null,
    giftCardMinor,
    lines,
  });
  if (giftCardMinor > 0) await drawGiftCard(tx, orderId, giftCard!.code, giftCardMinor);
  for (const line of lines) await stock.take(line.skuId, line.quantity);
  await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [row.cartId]);
  await tx.query('UPDATE carts SET promo_code = NULL, gift_card_code = NULL, updated_at = now() WHERE cart_id = $1', [row.cartId]);
  // The address stays for the next order; the terms are accepted anew each time.
  await saveCheckout(tx, row.cartId, { ...fields, acceptedPurchaseTerms: false });
  const placed = (await findOrder(tx, orderId))!;
  return { kind: 'placed', row: paidByGiftCard ? await payWithGiftCardOnly(tx, placed, request.variant) : placed };
}

/** Shop paths (localized) for the order: the confirmation, and the failure page with its reason. */
function returnUrls(row: OrderRow): PaymentOrder['returnUrls'] {
  const languageId = row.language_id === 'en' ? 'en' : 'sv';
  const query = `order=${encodeURIComponent(row.order_id)}&token=${encodeURIComponent(row.token)}`;
  const base = `${channels[languageId].prefix}/checkout`;
  return {
    confirm: `${base}/confirm?${query}`,
    fail: (reason) => `${base}/klarna-fail?${query}&reason=${failureReasonSlugs[reason]}`,
  };
}

/**
 * Nothing is left to pay: the order is paid as placed and goes straight to the confirmation. The confirmation
 * mail is queued here, as completePayment does for a paid order (which then finds it settled and changes nothing).
 */
async function payWithGiftCardOnly(tx: Queryable, row: OrderRow, variant: ShopVariant): Promise<OrderRow> {
  await tx.query(`UPDATE orders SET payment_status = 'PAID', redirect_url = $2, updated_at = now() WHERE order_id = $1`, [
    row.order_id,
    returnUrls(row).confirm,
  ]);
  const paid = (await findOrder(tx, row.order_id))!;
  await queueOrderMail(tx, paid, 'orderconfirmed', variant);
  return paid;
}

function paymentOrder(row: OrderRow, lines: { name: string; quantity: number; total_selling_minor: number; vat_rate: number }[]): PaymentOrder {
  const languageId = row.language_id === 'en' ? 'en' : 'sv';
  return {
    orderId: row.order_id,
    orderNumber: row.order_number,
    email: row.customer.email ?? '',
    languageId,
    paymentMethod: row.payment_method,
    totalMinor: row.total_minor,
    totalExVatMinor: row.total_ex_vat_minor,
    giftCardMinor: row.gift_card_minor,
    amountToPayMinor: row.total_minor - row.gift_card_minor,
    currency: 'SEK',
    country: row.customer.country,
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, totalMinor: l.total_selling_minor, vatRate: l.vat_rate })),
    returnUrls: returnUrls(row),
  };
}

/**
 * Starts the payment once the order is committed (no locks held while a provider is asked). A replay, or a
 * first attempt that died before this, starts it again; providers are idempotent per order, and the first
 * redirect recorded wins.
 */
async function ensurePayment(db: Db, row: OrderRow): Promise<string> {
  if (row.redirect_url) return row.redirect_url;
  // A replay that comes after the payment sweeper gave up on an order whose payment was never created: it is
  // cancelled, its stock back on the shelf, so no payment may start for it now.
  if (row.status === 'CANCELLED' || row.payment_status !== 'PENDING') return returnUrls(row).fail('GENERAL');
  const created = await paymentProvider(row.payment_provider).createPayment(paymentOrder(row, await orderLines(db, row.order_id)));
  const [updated] = await db.query<{ redirect_url: string }>(
    `UPDATE orders SET payment_reference = COALESCE(payment_reference, $2), redirect_url = COALESCE(redirect_url, $3), updated_at = now()
     WHERE order_id = $1 RETURNING redirect_url`,
    [row.order_id, created.reference, created.redirectUrl],
  );
  return updated!.redirect_url;
}

export async function placeOrder(db: Db, pubsub: PubSub, request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  const placed = await changeStock(db, pubsub, (tx, stock) => placeInTransaction(tx, stock, request));
  if (placed.kind === 'refused') return placed.result;
  const redirectUrl = await ensurePayment(db, placed.row);
  return {
    status: 'PLACED',
    orderId: placed.row.order_id,
    orderNumber: placed.row.order_number,
    token: placed.row.token,
    redirectUrl,
    message: null,
    validationErrors: [],
  };
}
