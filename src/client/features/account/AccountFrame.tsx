import './account-styles';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useNavigate } from 'react-router';
import { NavLink } from '../../components/Link';
import { routes } from '../../../shared/routes';
import { Head } from '../../components/Head';
import { useLanguageId } from '../../hooks/use-language';
import { notify } from '../../lib/ui-state';
import type { UserFieldsFragment } from '../../graphql/generated/operations';
import { signOut } from './session';
import { useStartSession } from './use-session';

type AccountTitle = 'account.orders.title' | 'account.settings.title' | 'account.balance.title';

/** The frame of the account pages: title, the pages' tabs (which keep the scroll position) and logout. */
export function AccountFrame({ title, user, children }: { title: AccountTitle; user: UserFieldsFragment | null; children: ReactNode }) {
  const intl = useIntl();
  const languageId = useLanguageId();
  const navigate = useNavigate();
  const start = useStartSession();
  const text = intl.formatMessage({ id: title });
  const logout = async () => {
    start();
    // Home first, then the sign-out: an account page that heard the sign-out first sent the shopper to the login
    // (its guard) whenever that revalidation came before the way home, which the page transition made likelier.
    await navigate(routes.home(languageId), { replace: true });
    await signOut();
    notify(intl.formatMessage({ id: 'account.success.loggedOut' }), 'success');
  };
  const tabs = [
    { to: routes.accountOrders(languageId), label: 'account.nav.orders' },
    { to: routes.accountSettings(languageId), label: 'account.nav.settings' },
    { to: routes.accountBalance(languageId), label: 'account.nav.balance' },
  ] as const;
  return (
    <div className="account-page">
      <Head title={text} />
      <nav className="account-nav" aria-label={intl.formatMessage({ id: 'account.nav.label' })}>
        {tabs.map((tab) => (
          // Between account pages the scroll position stays where it was.
          <NavLink key={tab.to} to={tab.to} preventScrollReset className="account-nav__link">
            <FormattedMessage id={tab.label} />
          </NavLink>
        ))}
      </nav>
      <div className="account-page__head">
        <h1>{text}</h1>
        {user && (
          <p className="account-page__who">
            <FormattedMessage id="account.greeting" values={{ email: user.email }} />
          </p>
        )}
        <button type="button" className="button" onClick={() => void logout()}>
          <FormattedMessage id="account.logout" />
        </button>
      </div>
      {children}
    </div>
  );
}

/** Between an admin's shop-as link and its session: the notice, then the page loads as the customer. */
export function SigningIn() {
  return (
    <div className="account-page">
      <p role="status">
        <FormattedMessage id="account.shopAs.signingIn" />
      </p>
    </div>
  );
}
