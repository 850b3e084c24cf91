import type { ApolloClient } from '@apollo/client';
import type { IntlShape } from '../../i18n/intl';
import type { Location, NavigateFunction } from 'react-router';
import { AUTH_PATHS } from '../../../shared/auth';
import type { LanguageId } from '../../../shared/locales';
import { notify } from '../../lib/ui-state';
import { callAuth } from './auth-client';
import { signedIn, startSession } from './session';

/**
 * An admin's one-time "shop as" link: the token in the URL is exchanged for a session of the customer, then
 * leaves the address (it is spent, and must not end up in the history or a bookmark), and the page loads again
 * as that customer.
 */
export async function signInWithLoginToken(options: {
  client: ApolloClient;
  languageId: LanguageId;
  loginToken: string;
  navigate: NavigateFunction;
  location: Location;
  intl: IntlShape;
}): Promise<void> {
  const { client, languageId, loginToken, navigate, location, intl } = options;
  startSession({ client, languageId });
  const search = new URLSearchParams(location.search);
  search.delete('loginToken');
  const query = search.toString();
  try {
    const { success } = await callAuth(AUTH_PATHS.login, { loginToken }, { languageId });
    if (success) await signedIn({ ...success, shopAs: success.shopAs ?? true });
    await navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  } catch (error) {
    notify(error instanceof Error && error.message ? error.message : intl.formatMessage({ id: 'error.generic' }), 'error');
    await navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  }
}
