import './pwa.css';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import { useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { installPrompt } from '../../lib/install-prompt';
import { usePageRoute } from '../../lib/page-route';
import { OPEN_PANEL_PARAM, pageRoutes } from '../../../shared/routes';
import { isCostlyConnection } from '../../lib/prefetch';
import { openPanel, ui } from '../../lib/ui-state';
import { updates } from '../../lib/sw-updates';
import { installGuidance, panelToOpen } from './install-guidance';
import { CACHE_PAGE_MESSAGE } from '../../../shared/offline-caches';

/**
 * The installed app's controls, loaded after the first render and never on the checkout's pages (the layout
 * leaves them out there), so a new version's reload can never come under a shopper who is paying.
 */
export function PwaControls() {
  useOpenFromUrl();
  useStoreVisitedPages();
  return (
    <>
      <InstallApp />
      <UpdatePrompt />
    </>
  );
}

/**
 * The manifest's shortcuts open the search and the cart through ?open=: opened once, then taken off the address. That
 * change of the query runs no loader again (the page shows its data already; as any other change of the query it
 * would fetch the page's again, and the address stayed until it answered: seconds on 2G). It waits
 * for a navigation or a revalidation under way, which it would otherwise cut short and leave unanswered.
 */
export function useOpenFromUrl(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // The history entries whose panel was opened: Back to one whose ?open= is still there does not open it again.
  const openedFor = useRef(new Set<string>());
  const idle = navigation.state === 'idle' && revalidator.state === 'idle';
  // The shopper is already on the way to another page: its panel would open over that one.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== location.pathname;
  const panel = panelToOpen(new URLSearchParams(location.search).get(OPEN_PANEL_PARAM));
  useEffect(() => {
    if (!panel || leaving || openedFor.current.has(location.key)) return;
    openedFor.current.add(location.key);
    if (panel === 'search') ui.searchOpen = true;
    else openPanel(panel);
  }, [panel, leaving, location.key]);
  useEffect(() => {
    // (A revalidation started after this render and before the effect would still be cut short: only a tap starts
    // one, the offline page's retry or a saved setting, not in the moment a shortcut's page opens.)
    if (!panel || !idle) return;
    const params = new URLSearchParams(location.search);
    params.delete(OPEN_PANEL_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, defaultShouldRevalidate: false },
    );
  }, [panel, idle, location.search, location.pathname, location.hash, navigate]);
}

/** How long the shopper stays on a page reached inside the app before the worker is asked to store it. */
export const STORE_PAGE_AFTER_MS = 2000;

/**
 * After an in-app navigation the worker has seen only the page's data, not the page: it is asked to store the
 * page too, so a reload opens it offline. Only a new address (not a filter or sort change of the same page),
 * only once the shopper has stayed on it a moment (each stored page costs the server a render), and never on
 * 2G or with data saving. The worker skips a page it has already.
 */
function useStoreVisitedPages() {
  const location = useLocation();
  const pageRoute = usePageRoute();
  // A shopper's own pages (checkout, its return pages, the account) are never stored, so never fetched for it.
  const personal = pageRoute ? pageRoutes[pageRoute.id].personal : true;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      // The page the tab opened on came through the worker already.
      first.current = false;
      return;
    }
    const controller = navigator.serviceWorker?.controller;
    if (!controller || isCostlyConnection() || personal) return;
    const url = window.location.pathname + window.location.search;
    const timer = window.setTimeout(() => controller.postMessage({ type: CACHE_PAGE_MESSAGE, url }), STORE_PAGE_AFTER_MS);
    return () => window.clearTimeout(timer);
    // The address decides; personal follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}

const standaloneQuery = '(display-mode: standalone)';

function InstallApp() {
  const offer = useSyncExternalStore(installPrompt.subscribe, installPrompt.current, () => null);
  const guidance = installGuidance({
    offered: offer !== null,
    standalone: window.matchMedia(standaloneQuery).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
  if (guidance === 'none') return null;
  return (
    <aside className="pwa-install" aria-labelledby="pwa-install-title">
      {guidance === 'button' ? (
        <button id="pwa-install-title" type="button" className="button button--primary" onClick={() => void installPrompt.prompt()}>
          <FormattedMessage id="pwa.install.button" />
        </button>
      ) : (
        <>
          <h2 id="pwa-install-title" className="pwa-install__title">
            <FormattedMessage id="pwa.install.iosTitle" />
          </h2>
          <p className="pwa-install__steps">
            <FormattedMessage id="pwa.install.iosSteps" />
          </p>
        </>
      )}
    </aside>
  );
}

function UpdatePrompt() {
  const waiting = useSyncExternalStore(updates.subscribe, updates.waiting, () => false);
  const deferred = useSyncExternalStore(updates.subscribe, updates.deferred, () => false);
  if (!waiting) return null;
  return (
    <div className="pwa-update" role="status">
      <p className="pwa-update__text">
        <FormattedMessage id={deferred ? 'pwa.update.deferred' : 'pwa.update.text'} />
      </p>
      {!deferred && (
        <button type="button" className="button button--primary" onClick={() => updates.apply()}>
          <FormattedMessage id="pwa.update.reload" />
        </button>
      )}
    </div>
  );
}
