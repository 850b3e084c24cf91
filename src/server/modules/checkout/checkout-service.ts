import type { Db, Queryable } from '../../db/client';
import { publishAfterCommit, type Outbox, type PubSub } from '../../pubsub';
import type { LanguageId } from '../../../shared/locales';
import { invalidInput } from '../../domain-error';
import type { CheckoutInput, CheckoutValidationError } from '../../generated/api-types';
import { lockStoredCart, readCart, reconciledCart, type CartModel, type LockedCart } from '../cart';
import { loadCheckout, saveCheckout } from './checkout-store';
import { evaluateCheckout, type CheckoutCredit } from './checkout-view';
import { creditBalanceOf } from '../store-credit';
import { mergeCheckout } from './fields';
import { checkoutTexts } from './messages';
import type { CheckoutFields, CheckoutModel } from './models';
import { overLongFields } from './validation';

export interface OpenedCheckout {
  cart: CartModel;
  fields: CheckoutFields;
  /** Errors of input that was refused and not stored; `fields` are then the form as saved before. */
  refused: CheckoutValidationError[];
}

/**
 * The locked cart (corrected against today's stock and prices) and its saved form with the input merged in and
 * saved, unless a field of the input is over its length limit: then nothing of it is stored and the refusal
 * comes back as field errors.
 */
export async function openCheckout(tx: Queryable, locked: LockedCart, input: CheckoutInput, languageId: LanguageId, outbox: Outbox): Promise<OpenedCheckout> {
  const refused = overLongFields(input, checkoutTexts(languageId));
  const saved = await loadCheckout(tx, locked.cartId);
  const fields = refused.length > 0 ? saved : mergeCheckout(saved, input);
  if (refused.length === 0) await saveCheckout(tx, locked.cartId, fields);
  return { cart: await reconciledCart(tx, locked, languageId, outbox), fields, refused };
}

/** The signed-in customer's store credit as the checkout shows it (not locked: placeOrder reads it again under the lock). */
export async function checkoutCredit(db: Queryable, customerId: number | null): Promise<CheckoutCredit | null> {
  return customerId === null ? null : { balanceMinor: await creditBalanceOf(db, customerId) };
}

/**
 * A checkout belongs to a stored cart: an unknown id (or another customer's cart, which answers the same) is a
 * BAD_USER_INPUT error.
 */
export async function createOrUpdateCheckout(db: Db, pubsub: PubSub, cartId: string, input: CheckoutInput, languageId: LanguageId, customerId: number | null): Promise<CheckoutModel> {
  return publishAfterCommit(db, pubsub, async (tx, outbox) => {
    const locked = await lockStoredCart(tx, cartId, customerId);
    if (!locked) throw invalidInput(`There is no cart with id ${cartId}`);
    const { cart, fields, refused } = await openCheckout(tx, locked, input, languageId, outbox);
    return (await evaluateCheckout(tx, cartId, fields, cart, await checkoutCredit(tx, customerId), refused)).model;
  });
}

/** The saved form over the cart as getCart answers it (an unknown cart: an empty form over an empty cart, id ''). */
export async function readCheckout(db: Db, pubsub: PubSub, cartId: string, languageId: LanguageId, customerId: number | null): Promise<CheckoutModel> {
  const cart = await readCart(db, pubsub, cartId, languageId, customerId);
  const fields = await loadCheckout(db, cart.id);
  return (await evaluateCheckout(db, cart.id, fields, cart, await checkoutCredit(db, customerId))).model;
}
