import type { LanguageId } from '../../../shared/locales';
import { t } from '../../i18n';

/** What the account API says to the shopper (texts in `locales/server/*.json` and the pages' own). */
export interface AccountTexts {
  /** An email that another account already has: the spec's wording, as registering says it. */
  emailTaken: string;
  /** The address is not an email, as the forms say it. */
  email: string;
  deleted: string;
  newsletterRegistered: string;
}

export function accountTexts(languageId: LanguageId): AccountTexts {
  return {
    emailTaken: t(languageId, 'server.auth.accountExists'),
    email: t(languageId, 'validation.email'),
    deleted: t(languageId, 'server.account.deleted'),
    newsletterRegistered: t(languageId, 'server.account.newsletterRegistered'),
  };
}
