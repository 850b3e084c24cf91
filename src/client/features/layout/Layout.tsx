import { Suspense, useEffect, useMemo } from 'react';
import { IntlProvider, reportMissingText } from '../../i18n/intl';
import { Outlet, ScrollRestoration, useLoaderData } from 'react-router';
import { channels, type LanguageId } from '../../../shared/locales';
import { AppHead } from './AppHead';
import { Footer } from './Footer';
import { Header } from './Header';
import { Snackbar } from '../notifications';
import { AccountExtras } from '../account';
import { LiveUpdates } from '../live';
import { CookieConsent } from '../consent';
import { PageViews } from '../analytics';
import { NavigationProgress } from './NavigationProgress';
import { AsOfNote } from './OfflineNotices';
import type { LayoutData } from './layout-loader';
import { useShownMessages } from '../../i18n/messages';
import { OfflineHeader, UndistractedFooter, UndistractedHeader, useOfflineFrame, useUndistracted } from './UndistractedLayout';
import { afterHydration } from '../../components/after-hydration';
import { DemoNotice } from './DemoNotice';
import { usePageEnter } from '../../lib/page-transition';

// The install button, the update prompt and the manifest shortcuts' ?open=: after the first render, not in the entry.
const PwaControls = afterHydration(() => import('../pwa').then((pwa) => pwa.PwaControls));

export function Layout({ languageId }: { languageId: LanguageId }) {
  const { layout, messages: loaded } = useLoaderData() as LayoutData;
  const messages = useShownMessages(loaded);
  const theme = layout.channel.themeSettings;
  const undistracted = useUndistracted();
  // The offline page has the checkout's plain footer too: the shop's footer has buttons and a form.
  const offlineFrame = useOfflineFrame();
  usePageEnter();
  // A boundary the server's HTML marks, which React hydrates after the rest of the page, at idle priority, in slices:
  // the footer and the main menu (Header.tsx) were about a third of the page's elements, and the moment taps work
  // waited for them. A tap inside one before then hydrates it at once and is answered. One element while what it
  // shows stays the same: a new one at a render of the layout would have React hydrate it at once.
  const footer = useMemo(
    () => <Suspense>{undistracted || offlineFrame ? <UndistractedFooter /> : <Footer layout={layout} languageId={languageId} />}</Suspense>,
    [undistracted, offlineFrame, layout, languageId],
  );
  useEffect(() => {
    document.documentElement.lang = languageId;
  }, [languageId]);
  return (
    <IntlProvider locale={channels[languageId].iso} messages={messages} onError={reportMissingText}>
      <div
        className="app"
        style={
          {
            '--header-bg': theme.headerBackground,
            '--header-fg': theme.headerColor,
            '--footer-bg': theme.footerBackground,
            '--footer-fg': theme.footerColor,
            '--brand': theme.brandColor,
          } as React.CSSProperties
        }
      >
        <AppHead languageId={languageId} />
        <NavigationProgress />
        <DemoNotice closable={!offlineFrame} />
        {offlineFrame ? (
          <OfflineHeader languageId={languageId} />
        ) : undistracted ? (
          <UndistractedHeader languageId={languageId} />
        ) : (
          <Header layout={layout} languageId={languageId} />
        )}
        <main id="main" className="main" tabIndex={-1}>
          <AsOfNote />
          <Outlet />
        </main>
        {/* Never in the checkout: a new version's reload must not come under a shopper who is paying. */}
        {!undistracted && <PwaControls />}
        {footer}
        <CookieConsent />
        <Snackbar />
        <PageViews />
        <AccountExtras languageId={languageId} />
        <LiveUpdates languageId={languageId} />
        {/* Scroll to top on navigation; the saved position comes back on back/forward. */}
        <ScrollRestoration />
      </div>
    </IntlProvider>
  );
}
