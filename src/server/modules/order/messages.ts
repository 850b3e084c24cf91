import type { LanguageId } from '../../../shared/locales';
import type { PaymentFailureReason } from '../../graphql/generated/resolvers-types';

/** The spec names these variants of a payment-provider failure (section 8); the wording is ours. */
const failures: Record<LanguageId, Record<PaymentFailureReason, string>> = {
  sv: {
    GENERAL: 'Betalningen kunde tyvärr inte genomföras. Gå tillbaka och försök igen eller välj ett annat betalsätt.',
    OUT_OF_STOCK_OR_BALANCE: 'Betalningen nekades: en vara är slut i lager eller så räckte inte saldot. Gå tillbaka och försök igen.',
    PRODUCT_OUT_OF_STOCK: 'En vara i din beställning tog tyvärr slut i lager. Gå tillbaka till kassan och kontrollera varukorgen.',
    BLOCKED: 'Betalningen nekades av betalningsleverantören. Gå tillbaka och välj ett annat betalsätt.',
  },
  en: {
    GENERAL: 'Sorry, the payment could not be completed. Go back and try again or choose another payment method.',
    OUT_OF_STOCK_OR_BALANCE: 'The payment was declined: an item is out of stock or the balance was too low. Go back and try again.',
    PRODUCT_OUT_OF_STOCK: 'Sorry, an item in your order ran out of stock. Go back to the checkout and check your cart.',
    BLOCKED: 'The payment was declined by the payment provider. Go back and choose another payment method.',
  },
};

export const paymentFailureMessage = (reason: PaymentFailureReason, languageId: LanguageId) => failures[languageId][reason];

export const orderTexts = (languageId: LanguageId) =>
  languageId === 'en'
    ? {
        transitionRefused: (from: string, to: string) => `An order that is ${from} cannot become ${to}`,
        notPaidYet: 'The order cannot be processed before the payment is complete',
      }
    : {
        transitionRefused: (from: string, to: string) => `En order som är ${from} kan inte bli ${to}`,
        notPaidYet: 'Ordern kan inte behandlas innan betalningen är klar',
      };
