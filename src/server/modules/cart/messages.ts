import type { LanguageId } from '../../../shared/locales';

/**
 * What the shopper is told about the cart. The Swedish stock and promo-code texts are the spec's own
 * (sections 5 and 8); the rest, and the English, are ours in the same tone.
 */
export interface CartTexts {
  stockLimit(stock: number): string;
  alreadyAtStock(quantity: number): string;
  outOfStock(name: string): string;
  oversellDelivery(name: string): string;
  priceChanged(name: string, from: string, to: string): string;
  stockChanged(name: string, stock: number): string;
  itemRemoved(name: string): string;
  promoCodeInvalid(): string;
  promoCodeRequirementsNotMet(): string;
  giftCardInvalid(): string;
  /** Too many wrong gift card or promo codes from one address (cart-service.ts); the code was not looked up. */
  tooManyCodeAttempts(): string;
}

const sv: CartTexts = {
  stockLimit: (stock) => `Du kan tyvärr inte lägga fler i varukorgen. Endast ${stock} kvar på lager`,
  alreadyAtStock: (quantity) => `Du kan inte addera flera då du redan har ${quantity} i varukorgen`,
  outOfStock: (name) => `Tyvärr är ${name} slut i lager och kunde inte läggas i varukorgen`,
  oversellDelivery: (name) => `Vi har inte så många av ${name} i lager just nu, så leveranstiden kan påverkas`,
  priceChanged: (name, from, to) => `Priset på ${name} har ändrats från ${from} till ${to}`,
  stockChanged: (name, stock) => `Endast ${stock} av ${name} kvar på lager. Antalet i varukorgen har ändrats till ${stock}`,
  itemRemoved: (name) => `${name} är slut i lager och har tagits bort från varukorgen`,
  promoCodeInvalid: () => 'Koden är ej giltig',
  promoCodeRequirementsNotMet: () => 'Du har inte uppfyllt kraven för denna kod',
  giftCardInvalid: () => 'Presentkortet är ogiltigt eller förbrukat',
  tooManyCodeAttempts: () => 'För många försök. Vänta en stund och försök igen.',
};

const en: CartTexts = {
  stockLimit: (stock) => `Sorry, you cannot add more to the cart. Only ${stock} left in stock`,
  alreadyAtStock: (quantity) => `You cannot add more as you already have ${quantity} in the cart`,
  outOfStock: (name) => `Sorry, ${name} is out of stock and could not be added to the cart`,
  oversellDelivery: (name) => `We do not have that many of ${name} in stock right now, so delivery may take longer`,
  priceChanged: (name, from, to) => `The price of ${name} has changed from ${from} to ${to}`,
  stockChanged: (name, stock) => `Only ${stock} of ${name} left in stock. The quantity in your cart has been changed to ${stock}`,
  itemRemoved: (name) => `${name} is out of stock and has been removed from your cart`,
  promoCodeInvalid: () => 'The code is not valid',
  promoCodeRequirementsNotMet: () => 'You have not met the requirements for this code',
  giftCardInvalid: () => 'The gift card is not valid or has no balance left',
  tooManyCodeAttempts: () => 'Too many attempts. Please wait a while and try again.',
};

export function cartTexts(languageId: LanguageId): CartTexts {
  return languageId === 'en' ? en : sv;
}
