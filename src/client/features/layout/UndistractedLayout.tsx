import { FormattedMessage } from '../../i18n/intl';
import { Link } from '../../components/Link';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { usePageRoute } from '../../lib/page-route';
import { PaymentLogos } from './footer-lists';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { Copyright, UspText } from '../../components/shop-texts';
import { OfflineBanner } from './OfflineNotices';

/** The checkout and its return pages get the reduced layout: the route table says which. */
export function useUndistracted(): boolean {
  return usePageRoute()?.undistracted === true;
}

/** The service worker's offline page: no app script runs there (see OfflinePage), so nothing that needs one. */
export function useOfflineFrame(): boolean {
  return usePageRoute()?.id === 'offline';
}

/**
 * The offline page's header: the selling points and the logo, a plain link home that the service worker answers
 * even offline. No menu, search, panels or language switch: without the app's script their buttons do nothing.
 */
export function OfflineHeader({ languageId }: { languageId: LanguageId }) {
  return <UndistractedHeader languageId={languageId} offline />;
}

/**
 * The checkout's header: selling points, the logo and a way back, nothing else to wander off to (no menu,
 * search or panels). `offline`: the logo alone (see OfflineHeader).
 */
export function UndistractedHeader({ languageId, offline = false }: { languageId: LanguageId; offline?: boolean }) {
  return (
    <header className="site-header site-header--undistracted">
      <a className="skip-link" href="#main">
        <FormattedMessage id="header.skipToContent" />
      </a>
      <div className="top-bar">
        <UspText />
      </div>
      <div className="header-main">
        <Logo languageId={languageId} />
        {!offline && (
          <div className="header-undistracted__actions">
            <Link to={routes.home(languageId)} className="header-undistracted__back">
              <FormattedMessage id="checkout.backToShop" />
            </Link>
            <LanguageSwitch languageId={languageId} />
          </div>
        )}
      </div>
      {!offline && <OfflineBanner />}
      {!offline && <AncientBrowserMessage />}
    </header>
  );
}

export function UndistractedFooter() {
  return (
    <footer className="site-footer site-footer--undistracted">
      <PaymentLogos />
      <Copyright />
    </footer>
  );
}

/**
 * For a browser too old to run the shop: always in the page, hidden by the layout's CSS in every browser that
 * supports color-mix(), which came with the build's target browsers (Chrome 111, Firefox 113, Safari 16.2). The
 * detection costs a modern browser no script at all, and holds where no script runs.
 */
function AncientBrowserMessage() {
  return (
    <p className="ancient-browser" role="alert">
      <FormattedMessage id="ANCIENT_BROWSER_MESSAGE" />
    </p>
  );
}
