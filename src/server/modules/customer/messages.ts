import type { LanguageId } from '../../../shared/locales';
import { t } from '../../i18n';

/** What the account API says to the shopper (texts in `locales/server/*.json` and the pages' own). */
export interface AccountTexts {
  /** The address is not an email, as the forms say it. */
  email: string;
  newsletterRegistered: string;
  /** A balance movement: what an order drew, and that draw given back (failed payment, cancellation). */
  creditDrawn: string;
  creditReturned: string;
}

export function accountTexts(languageId: LanguageId): AccountTexts {
  return {
    email: t(languageId, 'validation.email'),
    newsletterRegistered: t(languageId, 'server.account.newsletterRegistered'),
    creditDrawn: t(languageId, 'server.account.creditDrawn'),
    creditReturned: t(languageId, 'server.account.creditReturned'),
  };
}
