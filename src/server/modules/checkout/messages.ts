import type { LanguageId } from '../../../shared/locales';
import { t } from '../../i18n';

/**
 * Checkout texts (in `locales/server/*.json`, and the pages' own where the checkout page says the same). The
 * Swedish required-field, email, personnummer, purchase-terms, no-shipping and 'fields invalid' texts are the
 * shop's required wording.
 */
export interface CheckoutTexts {
  required: string;
  email: string;
  personalIdNumber: string;
  organisationIdNumber: string;
  phoneNumber: string;
  zip: string;
  country: string;
  tooLong: (max: number) => string;
  shippingMethodUnavailable: string;
  purchaseTerms: string;
  invoiceNeedsId: string;
  /** GIFT_CARD or STORE_CREDIT chosen (only the server sets them) while the card and credit leave something to pay. */
  payTheRest: string;
  noShippingOptions: string;
  fieldsInvalid: string;
  cartEmpty: string;
  cartChanged: string;
  /** The applied gift card covers less when the order is placed than the checkout showed (another order spent it). */
  giftCardCoversLess: (amount: string) => string;
  /** The store credit covers less when the order is placed than the checkout showed (another order spent it). */
  creditCoversLess: (amount: string) => string;
}

function textsIn(languageId: LanguageId): CheckoutTexts {
  return {
    required: t(languageId, 'server.checkout.required'),
    email: t(languageId, 'validation.email'),
    personalIdNumber: t(languageId, 'server.checkout.personalIdNumber'),
    organisationIdNumber: t(languageId, 'server.checkout.organisationIdNumber'),
    phoneNumber: t(languageId, 'server.checkout.phoneNumber'),
    zip: t(languageId, 'server.checkout.zip'),
    country: t(languageId, 'server.checkout.country'),
    tooLong: (max) => t(languageId, 'server.checkout.tooLong', { max: String(max) }),
    shippingMethodUnavailable: t(languageId, 'server.checkout.shippingMethodUnavailable'),
    purchaseTerms: t(languageId, 'server.checkout.purchaseTerms'),
    invoiceNeedsId: t(languageId, 'server.checkout.invoiceNeedsId'),
    payTheRest: t(languageId, 'server.checkout.payTheRest'),
    noShippingOptions: t(languageId, 'server.checkout.noShippingOptions'),
    fieldsInvalid: t(languageId, 'checkout.fieldsInvalid'),
    cartEmpty: t(languageId, 'server.checkout.cartEmpty'),
    cartChanged: t(languageId, 'server.checkout.cartChanged'),
    giftCardCoversLess: (amount) => t(languageId, 'server.checkout.giftCardCoversLess', { amount }),
    creditCoversLess: (amount) => t(languageId, 'server.checkout.creditCoversLess', { amount }),
  };
}

const texts: Record<LanguageId, CheckoutTexts> = { sv: textsIn('sv'), en: textsIn('en') };

export function checkoutTexts(languageId: LanguageId): CheckoutTexts {
  return texts[languageId];
}
