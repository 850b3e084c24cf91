import { FormattedMessage } from '../../i18n/intl';
import { useRouteLoaderData } from 'react-router';
import { routes } from '../../../shared/routes';
import { OfflineMessage } from '../../components/OfflineMessage';
import { resolveLink } from '../../components/SmartLink';
import { useLanguageId } from '../../hooks/use-language';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { SAVED_PAGES_ID } from './saved-pages';

/**
 * What the service worker answers for a page it cannot fetch and never stored, under the asked address: the shop's
 * frame with its menus, the menu's categories as plain links, and the stored pages (filled in by a small script,
 * see render). It carries no app scripts: hydrated under another page's address its router data would not match.
 * Plain links go through the worker, which opens a stored page or this page again.
 */
export function OfflinePage() {
  const languageId = useLanguageId();
  const layout = useRouteLoaderData<{ layout: LayoutQuery }>(`layout-${languageId}`)?.layout;
  const menu = layout?.mainMenu?.menuItems ?? [];
  return (
    <div className="page error-page offline-page">
      <meta name="robots" content="noindex" />
      <OfflineMessage
        actions={
          <>
            {/* An empty href is the address the page is shown under: the page asked for. */}
            <a className="button button--primary" href="">
              <FormattedMessage id="offline.retry" />
            </a>
            <a className="button" href={routes.home(languageId)}>
              <FormattedMessage id="error.home" />
            </a>
          </>
        }
      />
      <section className="offline-page__saved" aria-labelledby={`${SAVED_PAGES_ID}-title`} hidden>
        <h2 id={`${SAVED_PAGES_ID}-title`}>
          <FormattedMessage id="pwa.offline.saved" />
        </h2>
        <ul id={SAVED_PAGES_ID} className="offline-page__links" />
      </section>
      {menu.length > 0 && (
        <nav className="offline-page__menu" aria-labelledby="offline-menu-title">
          <h2 id="offline-menu-title">
            <FormattedMessage id="pwa.offline.menu" />
          </h2>
          <ul className="offline-page__links">
            {menu.map((item) => {
              const target = resolveLink(item.canonicalUrl, languageId, null);
              return (
                <li key={item.id}>
                  <a href={target.kind === 'internal' ? target.to : target.href}>{item.label}</a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
