import type { LanguageId } from '../../../shared/locales';

/**
 * Checkout texts. The Swedish required, email, personnummer, purchase-terms, no-shipping and 'fields invalid'
 * texts are the spec's own (sections 5 and 8); the rest, and the English, are ours in the same tone.
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
  /** GIFT_CARD chosen (only the server sets it) while the card leaves something to pay. */
  payTheRest: string;
  noShippingOptions: string;
  fieldsInvalid: string;
  cartEmpty: string;
  cartChanged: string;
  /** The applied gift card covers less when the order is placed than the checkout showed (another order spent it). */
  giftCardCoversLess: (amount: string) => string;
}

const sv: CheckoutTexts = {
  required: 'Detta fält är obligatoriskt',
  email: 'Du måste ange en giltig email',
  personalIdNumber: 'Du måste ange ett giltigt personnummer',
  organisationIdNumber: 'Du måste ange ett giltigt organisationsnummer',
  phoneNumber: 'Du måste ange ett giltigt telefonnummer',
  zip: 'Du måste ange ett giltigt postnummer',
  country: 'Vi levererar tyvärr inte till det landet',
  tooLong: (max) => `Får vara högst ${max} tecken`,
  shippingMethodUnavailable: 'Fraktalternativet finns inte för angivet postnummer',
  purchaseTerms: 'Du måste godkänna köpvillkoren innan du slutför ditt köp',
  invoiceNeedsId: 'Du måste ange personnummer eller organisationsnummer för att betala med faktura',
  payTheRest: 'Välj hur du vill betala resten',
  noShippingOptions: 'Hittade inga fraktalternativ för angivet postnummer',
  fieldsInvalid: 'Se till att alla fält är giltiga',
  cartEmpty: 'Varukorgen är tom',
  cartChanged: 'Varukorgen har ändrats. Kontrollera den innan du slutför ditt köp',
  giftCardCoversLess: (amount) => `Presentkortet räcker nu bara till ${amount}`,
};

const en: CheckoutTexts = {
  required: 'This field is required',
  email: 'You must enter a valid email',
  personalIdNumber: 'You must enter a valid personal identity number',
  organisationIdNumber: 'You must enter a valid organisation number',
  phoneNumber: 'You must enter a valid phone number',
  zip: 'You must enter a valid postcode',
  country: 'Sorry, we do not deliver to that country',
  tooLong: (max) => `May be at most ${max} characters`,
  shippingMethodUnavailable: 'This shipping option is not available for the postcode entered',
  purchaseTerms: 'You must accept the terms of purchase before completing your purchase',
  invoiceNeedsId: 'You must enter a personal identity number or organisation number to pay by invoice',
  payTheRest: 'Choose how to pay the rest',
  noShippingOptions: 'No shipping options found for the postcode entered',
  fieldsInvalid: 'Make sure all fields are valid',
  cartEmpty: 'The cart is empty',
  cartChanged: 'Your cart has changed. Please check it before completing your purchase',
  giftCardCoversLess: (amount) => `The gift card now only covers ${amount}`,
};

export function checkoutTexts(languageId: LanguageId): CheckoutTexts {
  return languageId === 'en' ? en : sv;
}
