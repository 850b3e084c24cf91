import './account-styles';
import type { ApolloClient } from '@apollo/client';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { LanguageId } from '../../../shared/locales';
import { loginPath, routes } from '../../../shared/routes';
import { SidePanel } from '../../components/SidePanel';
import { usePageRoute } from '../../lib/page-route';
import { notify, openPanel, ui } from '../../lib/ui-state';
import { account, readSignedIn } from './account-state';
import { AccountPanelContent } from './AccountPanelContent';
import { signInWithLoginToken } from './login-token';
import { startSession } from './session';
import { wholeMessages } from '../../i18n/messages';
import { accountAddress } from './account-address';

const GUARDED = new Set(['accountOrders', 'accountSettings', 'accountBalance']);

/**
 * After the first render: the account panel, the tab's session (refresh, other tabs), ?action=login, an admin's
 * ?loginToken, the shop-as label, and the client side of the authenticated guard (a tab signed out, here or in
 * another tab, leaves the account pages for the home page; a guest gets the login panel and comes back).
 */
export default function AccountExtras({ languageId, client }: { languageId: LanguageId; client: ApolloClient }) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const pageRoute = usePageRoute();
  const { signedIn, known, shopAs } = useSnapshot(account);
  const { panel, panelFrame } = useSnapshot(ui);
  useEffect(() => {
    readSignedIn();
    startSession({ client, languageId });
    // Where no message from another tab arrived (no BroadcastChannel, a tab asleep), the cookie still tells.
    const reread = () => {
      if (document.visibilityState === 'visible') readSignedIn();
    };
    document.addEventListener('visibilitychange', reread);
    window.addEventListener('focus', reread);
    return () => {
      document.removeEventListener('visibilitychange', reread);
      window.removeEventListener('focus', reread);
    };
  }, [client, languageId]);
  const { action, loginToken } = accountAddress(location.search);
  useEffect(() => {
    if (action === 'login' && !account.signedIn) openPanel('account', 'login');
  }, [action]);
  useEffect(() => {
    if (!loginToken) return;
    // The toast keeps its text as formatted: not before the language's texts are whole (i18n/messages.ts).
    void wholeMessages()
      .catch(() => undefined)
      .then(() => notify(intl.formatMessage({ id: 'account.shopAs.signingIn' })));
    void signInWithLoginToken({ client, languageId, loginToken, navigate, location, intl });
    // Only a new token starts a login; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginToken]);
  const guarded = pageRoute !== null && GUARDED.has(pageRoute.id);
  // Signed out while on an account page (here or in another tab): home, as the spec's guard says. A guest who
  // reached one in the app (history, a link): the login panel, and back here after it, as the server's guard does.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
  }, [signedIn]);
  const asked = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!known || signedIn || !guarded || loginToken) return;
    void navigate(wasSignedIn.current ? routes.home(languageId) : loginPath(languageId, asked), { replace: true });
  }, [known, signedIn, guarded, loginToken, navigate, languageId, asked]);
  const title = panelFrame === 'register' ? 'account.register.title' : panelFrame === 'forgot' ? 'account.forgot.title' : 'account.login.title';
  return (
    <>
      <SidePanel name="account" title={intl.formatMessage({ id: title })}>
        {panel === 'account' && <AccountPanelContent />}
      </SidePanel>
      {shopAs && (
        <p className="shop-as-label" role="status">
          <FormattedMessage id="account.shopAs.unknown" />
        </p>
      )}
    </>
  );
}
