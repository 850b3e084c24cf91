import type { LanguageId } from '../../../shared/locales';
import type { PaymentFailureReason } from '../../generated/api-types';
import { t } from '../../i18n';

/**
 * What the shopper is told when the payment provider refuses an order: a general failure, or out of stock or too
 * little balance, a product out of stock, or the shopper blocked at the provider; each offers going back.
 */
export const paymentFailureMessage = (reason: PaymentFailureReason, languageId: LanguageId) => t(languageId, `server.order.paymentFailure.${reason}`);

export const orderTexts = (languageId: LanguageId) => ({
  transitionRefused: (from: string, to: string) => t(languageId, 'server.order.transitionRefused', { from, to }),
  notPaidYet: t(languageId, 'server.order.notPaidYet'),
});
