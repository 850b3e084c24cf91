import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { CheckoutInput } from '../../graphql/generated/resolvers-types';
import { readCart } from '../cart/cart-service';
import { CartSession } from '../cart/cart-session';
import { lockCart } from '../cart/cart-store';
import { badInput } from '../cart/input';
import type { CartModel } from '../cart/models';
import { isWellFormedCartId } from '../cart/cart-id';
import { loadCheckout, saveCheckout } from './checkout-store';
import { evaluateCheckout } from './checkout-view';
import { mergeCheckout } from './fields';
import type { CheckoutFields, CheckoutModel } from './models';

export interface OpenedCheckout {
  cart: CartModel;
  session: CartSession;
  fields: CheckoutFields;
}

/**
 * The cart (locked, corrected against today's stock and prices) and its saved form with the input merged in and
 * saved. A checkout belongs to a stored cart: an unknown id is a BAD_USER_INPUT error.
 */
export async function openCheckout(tx: Queryable, cartId: string, input: CheckoutInput, languageId: LanguageId): Promise<OpenedCheckout> {
  const row = isWellFormedCartId(cartId) ? await lockCart(tx, cartId) : null;
  if (!row) throw badInput(`There is no cart with id ${cartId}`);
  const fields = mergeCheckout(await loadCheckout(tx, cartId), input);
  await saveCheckout(tx, cartId, fields);
  const session = await CartSession.open(tx, row, languageId);
  await session.reconcile();
  return { cart: await session.finish(), session, fields };
}

export async function createOrUpdateCheckout(db: Db, cartId: string, input: CheckoutInput, languageId: LanguageId): Promise<CheckoutModel> {
  return db.transaction(async (tx) => {
    const { cart, fields } = await openCheckout(tx, cartId, input, languageId);
    return (await evaluateCheckout(tx, cartId, fields, cart)).model;
  });
}

/** The saved form over the cart as getCart answers it (an unknown cart: an empty form over a new, empty cart). */
export async function readCheckout(db: Db, cartId: string, languageId: LanguageId): Promise<CheckoutModel> {
  const cart = await readCart(db, cartId, languageId);
  const fields = await loadCheckout(db, cart.id);
  return (await evaluateCheckout(db, cart.id, fields, cart)).model;
}
