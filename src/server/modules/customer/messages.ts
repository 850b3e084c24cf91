import type { LanguageId } from '../../../shared/locales';
import { t } from '../../i18n';

/** What the account API says to the shopper (texts in `locales/server/*.json` and the pages' own). */
export interface AccountTexts {
  /** The address is not an email, as the forms say it. */
  email: string;
  newsletterRegistered: string;
}

export function accountTexts(languageId: LanguageId): AccountTexts {
  return {
    email: t(languageId, 'validation.email'),
    newsletterRegistered: t(languageId, 'server.account.newsletterRegistered'),
  };
}
