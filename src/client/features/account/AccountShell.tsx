import { lazy, useEffect } from 'react';
import { useIntl } from '../../i18n/intl';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { OptionalChunk } from '../../components/ChunkBoundary';
import { Icon } from '../../components/Icon';
import { useHydrated } from '../../hooks/use-hydrated';
import { useApollo } from '../../lib/apollo-client';
import { hasToken } from '../../lib/auth-token';
import { openPanel } from '../../lib/ui-state';
import { account, readSignedIn } from './account-state';

/*
 * The account pieces in every page's first render, kept to the least: the account button (which only asks
 * whether a token cookie is there). The panel, the session, ?action=login, shop-as and the guard load after the
 * first render (AccountExtras); the footer's newsletter form is the footer's (features/newsletter).
 */

const loadExtras = () => import('./AccountExtras');
const Extras = lazy(loadExtras);

/**
 * Logged in: to the orders page; logged out: the account panel on its login frame. A signed-in customer sees so on
 * the button (a mark on the icon, and its name says it), in every tab, from hydration on (the server's shell is the
 * same for everyone).
 */
export function AccountButton({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { signedIn } = useSnapshot(account);
  useEffect(() => readSignedIn(), []);
  return (
    <button
      type="button"
      className="header-action"
      aria-label={intl.formatMessage({ id: signedIn ? 'header.accountSignedIn' : 'header.account' })}
      onClick={() => {
        if (hasToken()) return void navigate(routes.accountOrders(languageId));
        openPanel('account', 'login');
        // The panel is the extras' (below), which wait for the client: tapped before the page has settled, their
        // code comes beside the client's (which the tap asks for, app/start.tsx) rather than after it.
        void loadExtras().catch(() => undefined);
      }}
    >
      <span className="header-action__icon">
        <Icon name="user" />
        {signedIn && <span className="signed-in-mark" aria-hidden="true" />}
      </span>
    </button>
  );
}

/** Everything else of the account in the layout, once the page has hydrated and the Apollo client has loaded. */
export function AccountExtras({ languageId }: { languageId: LanguageId }) {
  const hydrated = useHydrated();
  const { ready: client } = useApollo();
  return hydrated && client ? (
    <OptionalChunk>
      <Extras languageId={languageId} client={client} />
    </OptionalChunk>
  ) : null;
}
