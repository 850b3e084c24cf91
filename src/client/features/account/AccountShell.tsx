import { useApolloClient } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { Icon } from '../../components/Icon';
import { SidePanel } from '../../components/SidePanel';
import { notify, openPanel, ui } from '../../lib/ui-state';
import { usePageRoute } from '../../lib/page-route';
import { isValidEmail } from '../../../shared/email';
import { account, readSignedIn } from './account-state';

/*
 * The account pieces every page's shell shows. They stay small: the forms, the auth calls and the session's
 * code load when first needed, after the first render.
 */

const PanelContent = lazy(() => import('./AccountPanelContent'));
const loadSession = () => import('./session');
const loadLoginToken = () => import('./login-token');

/** Logged in: to the orders page; logged out: the account panel on its login frame. */
export function AccountButton({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { signedIn } = useSnapshot(account);
  return (
    <button
      type="button"
      className="header-action"
      aria-label={intl.formatMessage({ id: 'header.account' })}
      onClick={() => (account.signedIn ? void navigate(routes.accountOrders(languageId)) : openPanel('account', 'login'))}
    >
      <Icon name="user" />
      {signedIn && <span className="header-action__dot" aria-hidden="true" />}
    </button>
  );
}

export function AccountPanel() {
  const intl = useIntl();
  const { panel, panelFrame } = useSnapshot(ui);
  const title = panelFrame === 'register' ? 'account.register.title' : panelFrame === 'forgot' ? 'account.forgot.title' : 'account.login.title';
  return (
    <SidePanel name="account" title={intl.formatMessage({ id: title })}>
      {panel === 'account' && (
        <Suspense fallback={null}>
          <PanelContent />
        </Suspense>
      )}
    </SidePanel>
  );
}

/**
 * After hydration: reads the token cookie, starts the session (refresh, other tabs), opens the login panel for
 * ?action=login, signs in with an admin's ?loginToken, and leaves an account page once the tab is signed out.
 */
export function AccountSync({ languageId }: { languageId: LanguageId }) {
  const client = useApolloClient();
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const pageRoute = usePageRoute();
  const { signedIn, known } = useSnapshot(account);
  useEffect(() => {
    readSignedIn();
    void loadSession().then(({ startSession }) => startSession({ client, languageId }));
  }, [client, languageId]);
  const params = new URLSearchParams(location.search);
  const action = params.get('action');
  const loginToken = params.get('loginToken');
  useEffect(() => {
    if (action === 'login' && !account.signedIn) openPanel('account', 'login');
  }, [action]);
  useEffect(() => {
    if (!loginToken) return;
    notify(intl.formatMessage({ id: 'account.shopAs.signingIn' }));
    void loadLoginToken().then(({ signInWithLoginToken }) => signInWithLoginToken({ client, languageId, loginToken, navigate, location, intl }));
    // Only a new token starts a login; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginToken]);
  const guarded = pageRoute?.id === 'accountOrders' || pageRoute?.id === 'accountSettings' || pageRoute?.id === 'accountBalance';
  useEffect(() => {
    if (known && !signedIn && guarded && !loginToken) void navigate(routes.home(languageId), { replace: true });
  }, [known, signedIn, guarded, loginToken, navigate, languageId]);
  return null;
}

/** While an admin shops as the customer, every page says so. */
export function ShopAsLabel() {
  const { shopAs } = useSnapshot(account);
  if (!shopAs) return null;
  return (
    <p className="shop-as-label" role="status">
      <FormattedMessage id="account.shopAs.unknown" />
    </p>
  );
}

/** The footer's newsletter sign-up (the 30 % promise); the mutation loads on the first submit. */
export function NewsletterSignup() {
  const intl = useIntl();
  const client = useApolloClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const languageId = useLocationLanguage();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setError(intl.formatMessage({ id: 'validation.email' }));
    setBusy(true);
    try {
      const { subscribeToNewsletter } = await import('./newsletter');
      const answer = await subscribeToNewsletter(client, languageId, email);
      if (answer.ok) {
        setError(null);
        setEmail('');
        notify(answer.message ?? intl.formatMessage({ id: 'account.success.newsletter' }), 'success');
      } else setError(answer.message ?? intl.formatMessage({ id: 'error.generic' }));
    } catch {
      setError(intl.formatMessage({ id: 'error.generic' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="newsletter-signup" method="post" noValidate onSubmit={submit}>
      <label className="field__label" htmlFor="newsletter-email">
        <FormattedMessage id="footer.newsletterEmail" />
      </label>
      <div className="newsletter-signup__row">
        <input
          id="newsletter-email"
          className="field__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          <FormattedMessage id="footer.newsletterSubmit" />
        </button>
      </div>
      {error && (
        <p className="field__error" id="newsletter-email-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function useLocationLanguage(): LanguageId {
  return useIntl().locale.startsWith('en') ? 'en' : 'sv';
}
