import type { LanguageId } from '../../../shared/locales';
import { t } from '../../i18n';

/**
 * What the shopper is told about the cart (texts in `locales/server/*.json`). The stock and promo-code texts are
 * the shop's required Swedish wording: a quantity over the stock, a code that is not valid, a code whose
 * conditions the cart does not meet.
 */
export interface CartTexts {
  stockLimit(stock: number): string;
  alreadyAtStock(quantity: number): string;
  outOfStock(name: string): string;
  oversellDelivery(name: string): string;
  priceChanged(name: string, from: string, to: string): string;
  stockChanged(name: string, stock: number): string;
  itemRemoved(name: string): string;
  /** A line left out when carts are merged at sign-in: the cart already holds as many lines as it may. */
  cartFull(name: string, max: number): string;
  promoCodeInvalid(): string;
  promoCodeRequirementsNotMet(): string;
  giftCardInvalid(): string;
  /** Too many wrong gift card or promo codes from one address (cart-service.ts); the code was not looked up. */
  tooManyCodeAttempts(): string;
}

export function cartTexts(languageId: LanguageId): CartTexts {
  return {
    stockLimit: (stock) => t(languageId, 'server.cart.stockLimit', { stock: String(stock) }),
    alreadyAtStock: (quantity) => t(languageId, 'server.cart.alreadyAtStock', { quantity: String(quantity) }),
    outOfStock: (name) => t(languageId, 'server.cart.outOfStock', { name }),
    oversellDelivery: (name) => t(languageId, 'server.cart.oversellDelivery', { name }),
    priceChanged: (name, from, to) => t(languageId, 'server.cart.priceChanged', { name, from, to }),
    stockChanged: (name, stock) => t(languageId, 'server.cart.stockChanged', { name, stock: String(stock) }),
    itemRemoved: (name) => t(languageId, 'server.cart.itemRemoved', { name }),
    cartFull: (name, max) => t(languageId, 'server.cart.cartFull', { name, max: String(max) }),
    promoCodeInvalid: () => t(languageId, 'server.cart.promoCodeInvalid'),
    promoCodeRequirementsNotMet: () => t(languageId, 'server.cart.promoCodeRequirementsNotMet'),
    giftCardInvalid: () => t(languageId, 'server.cart.giftCardInvalid'),
    tooManyCodeAttempts: () => t(languageId, 'server.tooManyAttempts'),
  };
}
