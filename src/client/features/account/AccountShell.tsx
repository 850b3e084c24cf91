import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { OptionalChunk } from '../../components/ChunkBoundary';
import { Icon } from '../../components/Icon';
import { useHydrated } from '../../hooks/use-hydrated';
import { useApollo } from '../../lib/apollo-client';
import { hasToken } from '../../lib/auth-token';
import { openPanel } from '../../lib/ui-state';

/*
 * The account pieces in every page's first render, kept to the least: the account button (which only asks
 * whether a token cookie is there). The newsletter form, the panel, the session, ?action=login, shop-as and
 * the guard load after the first render (AccountExtras).
 */

const Extras = lazy(() => import('./AccountExtras'));

/** Logged in: to the orders page; logged out: the account panel on its login frame. */
export function AccountButton({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="header-action"
      aria-label={intl.formatMessage({ id: 'header.account' })}
      onClick={() => (hasToken() ? void navigate(routes.accountOrders(languageId)) : openPanel('account', 'login'))}
    >
      <Icon name="user" />
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
