import type { Alternate } from '../../components/Head';
import type { LanguageId } from '../../../shared/locales';
import { alternatesOf, routes } from '../../../shared/routes';

export interface CheckoutData {
  canonicalUrl: string;
  alternates: Alternate[];
}

/** Nothing to fetch on the server: the cart id is the browser's. The language switch needs the other URL. */
export function checkoutLoader(languageId: LanguageId): CheckoutData {
  return { canonicalUrl: routes.checkout(languageId), alternates: alternatesOf('checkout') };
}
