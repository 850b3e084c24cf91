import type { Db, Queryable } from '../../db/client';
import { publishAfterCommit, type Outbox, type PubSub } from '../../pubsub';
import type { LanguageId } from '../../../shared/locales';
import { easiestFreeShipping } from './campaigns';
import { isWellFormedCartId, newCartId, NO_CART_ID } from './cart-id';
import { CartSession } from './cart-session';
import type { RateBudget } from '../../limits/budgets';
import type { CartWarning } from '../../generated/api-types';
import { cartTexts } from './messages';
import {
  addLines,
  clearCart,
  createCartForWrite,
  createCustomerCart,
  deleteCart,
  moveIdempotencyKeys,
  freeShippingCampaigns,
  loadLines,
  lockCart,
  lockCartForWrite,
  lockCustomerCart,
  selectCartOwner,
  selectLineKeys,
  selectSkuIds,
  setGiftCardCode,
  setPromoCode,
  touchCart,
  type CartForWrite,
  type CartRow,
} from './cart-store';
import { MAX_LINE_QUANTITY } from '../../../shared/limits';
import type { CartModel } from './models';
import { cartTotals } from './summary';

export interface CartRequest {
  id: string;
  idempotencyKey: string | null;
  languageId: LanguageId;
  /** The signed-in customer making the request (from their token); null for a guest. */
  customerId: number | null;
}

/**
 * A cart that belongs to a customer is theirs alone: for anyone else (another customer, or no token) its id is
 * as unknown as a made-up one, so nothing tells them it exists. A guest cart is anyone's who holds its id.
 */
const mayUse = (cart: CartRow, customerId: number | null) => cart.customerId === null || cart.customerId === customerId;

/** Locks the cart the id names, if the requester may use it. */
async function lockUsable(tx: Queryable, id: string, customerId: number | null): Promise<CartRow | null> {
  if (!isWellFormedCartId(id)) return null;
  const cart = await lockCart(tx, id);
  return cart && mayUse(cart, customerId) ? cart : null;
}

/**
 * No cart yet: an empty cart whose id is ''. No id is handed out before a mutation stores a cart under it, since
 * a handed-out id that names nothing is one the next mutation could not honour without letting the client choose
 * its cart's id (a made-up id always starts a new cart with an id of the server's making).
 */
async function emptyCart(db: Queryable, languageId: LanguageId): Promise<CartModel> {
  const { totals, campaigns } = cartTotals([], null, easiestFreeShipping(await freeShippingCampaigns(db, languageId)));
  return { languageId, id: NO_CART_ID, promoCode: null, giftCard: null, items: [], campaigns, totals, warnings: [] };
}

/**
 * The one place cartChanged is told: every function here that may write a cart records it in the transaction's
 * outbox, and publishAfterCommit (or changeStock, for checkout and the order module) publishes it once committed.
 */
function tellIfWritten(outbox: Outbox, session: CartSession): void {
  if (session.wrote) outbox.cartChanged(session.cartId);
}

/** getCart: also a write, since it corrects lines whose price or stock changed and tells about it once. */
export async function readCart(db: Db, pubsub: PubSub, id: string, languageId: LanguageId, customerId: number | null): Promise<CartModel> {
  if (isWellFormedCartId(id)) {
    const cart = await publishAfterCommit(db, pubsub, async (tx, outbox) => {
      const row = await lockUsable(tx, id, customerId);
      if (!row) return null;
      const session = await CartSession.open(tx, row, languageId);
      await session.reconcile();
      const model = await session.finish();
      tellIfWritten(outbox, session);
      return model;
    });
    if (cart) return cart;
  }
  return emptyCart(db, languageId);
}

/** Carries a peeked cart out of its transaction, which throwing rolls back. */
class Peeked extends Error {
  constructor(readonly cart: CartModel | null) {
    super('peeked');
  }
}

/**
 * The cart as getCart would answer it now, corrections and their warnings included, but nothing recorded: the
 * transaction is rolled back, so the next getCart or mutation still tells the same corrections. What a
 * cartChanged subscriber receives: every subscriber of the cart sees the same warnings.
 */
export async function peekCart(db: Db, id: string, languageId: LanguageId, customerId: number | null): Promise<CartModel> {
  if (isWellFormedCartId(id)) {
    try {
      await db.transaction(async (tx) => {
        const row = await lockUsable(tx, id, customerId);
        if (!row) throw new Peeked(null);
        const session = await CartSession.open(tx, row, languageId);
        await session.reconcile();
        throw new Peeked(await session.finish());
      });
    } catch (error) {
      if (!(error instanceof Peeked)) throw error;
      if (error.cart) return error.cart;
    }
  }
  return emptyCart(db, languageId);
}

/**
 * Who may follow the cart: 'guest' for a guest cart (anyone holding its id), the customer's id for theirs, and
 * 'none' when no cart has the id (yet: a subscriber of it hears nothing until one does).
 */
export async function cartOwner(db: Queryable, id: string): Promise<'guest' | 'none' | number> {
  if (!isWellFormedCartId(id)) return 'none';
  const owner = await selectCartOwner(db, id);
  return owner === undefined ? 'none' : owner === null ? 'guest' : owner;
}

/** The SKUs and products of the cart's lines (none for an id that names no cart). */
export async function cartLineKeys(db: Queryable, id: string): Promise<{ skuId: number; productId: number }[]> {
  return isWellFormedCartId(id) ? selectLineKeys(db, id) : [];
}

/**
 * The cart a mutation works on, locked, and whether the mutation is to be applied: not when its key is on record
 * for this very cart (a replay). Keys are never looked up without the cart: a request without a usable id starts
 * a new cart whatever key it carries, so a key cannot lead anyone to a cart they do not already hold the id of.
 * (A request that started a cart and is sent again without the id it was answered starts another; its change
 * lands once in the cart the shopper goes on with.) A signed-in customer has one cart: a request of theirs
 * without a usable id goes to it, made now if they have none. Each step is one statement (lock or make the cart
 * and record the key together).
 */
async function openForWrite(tx: Queryable, request: CartRequest): Promise<CartForWrite & { created: boolean }> {
  const { id, idempotencyKey: key, customerId } = request;
  const ownCart = () => (customerId !== null ? lockCartForWrite(tx, { customerId }, key) : null);
  const existing = (isWellFormedCartId(id) ? await lockCartForWrite(tx, { cartId: id, usableBy: customerId }, key) : null) ?? (await ownCart());
  if (existing) return { ...existing, created: false };
  const cart = await createCartForWrite(tx, newCartId(), customerId, key);
  if (cart) return { cart, applies: true, created: true };
  // Another request of the customer's made their cart since ownCart() looked: the unique index kept it to one.
  const made = await ownCart();
  if (!made) throw new Error(`A new cart (customer ${customerId}) was neither created nor found`);
  return { ...made, created: false };
}

/**
 * Runs one cart mutation in one transaction. The idempotency key is recorded in the same transaction as the
 * change, so a replay, even one racing the first request, changes nothing and answers the cart as it is.
 */
export async function mutateCart(db: Db, pubsub: PubSub, request: CartRequest, change: (session: CartSession) => Promise<void>): Promise<CartModel> {
  return publishAfterCommit(db, pubsub, async (tx, outbox) => {
    const { cart, applies, created } = await openForWrite(tx, request);
    const session = await CartSession.open(tx, cart, request.languageId, { created });
    await session.reconcile();
    if (applies) await change(session);
    const model = await session.finish();
    if (created) outbox.cartChanged(cart.cartId);
    tellIfWritten(outbox, session);
    return model;
  });
}

/**
 * A code (gift card or promo code) tried by a client address. Codes are guessable, so a wrong one counts against
 * the address in `guesses` (per instance, or in Redis across instances), and an address that has used up its
 * attempts is answered its cart as it is with a warning, the code not looked up at all (so a good one cannot be
 * told from a wrong one). The attempt counts from its start, so concurrent requests cannot all slip past the
 * check; `apply` answers false for a wrong code, and anything else gives the attempt back. Removing a code ('')
 * is never limited.
 */
async function tryCodeLimited(
  db: Db,
  pubsub: PubSub,
  guesses: RateBudget,
  address: string,
  request: CartRequest,
  refusedCode: CartWarning['code'],
  apply: (cart: CartSession) => Promise<boolean>,
): Promise<CartModel> {
  if (!(await guesses.take(address)).allowed) {
    const cart = await readCart(db, pubsub, request.id, request.languageId, request.customerId);
    const warning = { code: refusedCode, message: cartTexts(request.languageId).tooManyCodeAttempts(), skuId: null };
    return { ...cart, warnings: [...cart.warnings, warning] };
  }
  let wrong = false;
  try {
    return await mutateCart(db, pubsub, request, async (cart) => {
      wrong = !(await apply(cart));
    });
  } finally {
    // A replay (the change did not run) or an error is no guess either.
    if (!wrong) await guesses.giveBack(address);
  }
}

export interface CodeGuessLimits {
  giftCardGuesses: RateBudget;
  promoCodeGuesses: RateBudget;
}

/** setCartGiftCard, with wrong codes counted per client address. */
export async function setGiftCardLimited(db: Db, pubsub: PubSub, limits: CodeGuessLimits, address: string, request: CartRequest, code: string): Promise<CartModel> {
  if (code === '') return mutateCart(db, pubsub, request, async (cart) => void (await cart.setGiftCard(code)));
  return tryCodeLimited(db, pubsub, limits.giftCardGuesses, address, request, 'GIFT_CARD_INVALID', (cart) => cart.setGiftCard(code));
}

/** setCartPromoCode, with wrong codes counted per client address as gift card codes are. */
export async function setPromoCodeLimited(db: Db, pubsub: PubSub, limits: CodeGuessLimits, address: string, request: CartRequest, code: string): Promise<CartModel> {
  if (code === '') return mutateCart(db, pubsub, request, async (cart) => void (await cart.setPromoCode(code)));
  return tryCodeLimited(db, pubsub, limits.promoCodeGuesses, address, request, 'PROMO_CODE_INVALID', (cart) => cart.setPromoCode(code));
}

/*
 * What checkout and the order module do with a cart, in their own transactions. Lock order: the cart row first,
 * then its SKUs (inventory), then a gift card.
 */

/** A stored cart whose row the caller's transaction holds locked. */
export type LockedCart = CartRow;

/**
 * Locks the cart's row for a shopper; null when the id names no cart they may use (unknown, malformed, or another
 * customer's).
 */
export async function lockStoredCart(tx: Queryable, cartId: string, customerId: number | null): Promise<LockedCart | null> {
  return lockUsable(tx, cartId, customerId);
}

/** Locks the cart's row for the shop itself (putting a failed order's lines back), whoever it belongs to. */
export async function lockCartForShop(tx: Queryable, cartId: string): Promise<LockedCart | null> {
  return isWellFormedCartId(cartId) ? lockCart(tx, cartId) : null;
}

/** The SKUs in the cart, in the order their rows are locked in. */
export function cartSkuIds(tx: Queryable, cart: LockedCart): Promise<number[]> {
  return selectSkuIds(tx, cart.cartId);
}

/** The locked cart corrected against today's prices and stock (the corrections are its warnings), and priced. */
export async function reconciledCart(tx: Queryable, cart: LockedCart, languageId: LanguageId, outbox: Outbox): Promise<CartModel> {
  const session = await CartSession.open(tx, cart, languageId);
  await session.reconcile();
  const model = await session.finish();
  tellIfWritten(outbox, session);
  return model;
}

/** An order was placed from the cart: its lines and codes are gone, the cart itself (and its id) stays. */
export async function emptyOrderedCart(tx: Queryable, cart: LockedCart, outbox: Outbox): Promise<void> {
  await clearCart(tx, cart.cartId);
  outbox.cartChanged(cart.cartId);
}

/**
 * Puts a failed order's lines back into its cart at today's prices (a line already there grows, up to the most a
 * line holds), and its promo code and gift card unless the shopper has applied others since: 'go back' from a
 * failed payment finds the cart as it was.
 */
export async function refillCart(
  tx: Queryable,
  cart: LockedCart,
  lines: readonly { skuId: number; quantity: number }[],
  codes: { promoCode: string | null; giftCardCode: string | null },
  outbox: Outbox,
): Promise<void> {
  await addLines(tx, cart.cartId, lines, MAX_LINE_QUANTITY);
  if (!cart.promoCode && codes.promoCode) await setPromoCode(tx, cart.cartId, codes.promoCode);
  if (!cart.giftCardCode && codes.giftCardCode) await setGiftCardCode(tx, cart.cartId, codes.giftCardCode);
  outbox.cartChanged(cart.cartId);
}

/**
 * claimCart at sign-in: the guest cart's lines and codes go into the customer's own cart (made now if they have
 * none), each line capped as addToCart caps it and every cap a warning, and the guest cart is removed. The guest
 * cart is locked before the customer's (two claims into one cart wait for each other; nothing locks the other
 * way round). An id that names no guest cart, or names the customer's own, answers their cart as it is (an empty
 * one with id '' when they have none).
 */
export async function claimCart(db: Db, pubsub: PubSub, guestId: string, customerId: number, languageId: LanguageId): Promise<CartModel> {
  const claimed = await publishAfterCommit(db, pubsub, async (tx, outbox) => {
    const guest = await lockUsable(tx, guestId, null);
    const own = await lockCustomerCart(tx, customerId);
    if (!guest || guest.cartId === own?.cartId) {
      if (!own) return null;
      return reconciledCart(tx, own, languageId, outbox);
    }
    const target = own ?? (await createCustomerCart(tx, newCartId(), customerId));
    const lines = await loadLines(tx, guest.cartId, languageId);
    const session = await CartSession.open(tx, target, languageId);
    await session.reconcile();
    await session.merge(lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })));
    await session.adoptCodes(guest);
    await moveIdempotencyKeys(tx, guest.cartId, target.cartId);
    await deleteCart(tx, guest.cartId);
    await touchCart(tx, target.cartId);
    // The guest cart's subscribers read it again and find it gone (an empty cart, id ''): it moved to the customer's.
    outbox.cartChanged(guest.cartId);
    outbox.cartChanged(target.cartId);
    return session.finish();
  });
  return claimed ?? emptyCart(db, languageId);
}
