import { Suspense, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLocation, useNavigation } from 'react-router';
import { Link } from '../../components/Link';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { useSnapshot } from 'valtio';
import { closePanel, openPanel, ui } from '../../lib/ui-state';
import { Badge, Icon } from '../../components/Icon';
import { afterHydration } from '../../components/after-hydration';
import { SmartLink } from '../../components/SmartLink';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { AccountButton } from '../account';
import { CartPanel, MiniCart } from '../cart';
import { useFavorites } from '../favorites';
import { CustomerTypeToggle } from '../pricing';
import { SearchBar } from '../search';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { MainNav } from './MainNav';
import { OfflineBanner } from './OfflineNotices';
import { UspText } from '../../components/shop-texts';
import { useHeaderScroll } from './use-header-scroll';

// Closed on every first render, when the panel is an empty <dialog>: its code (the phone menu's accordions) loads
// once the page has hydrated, out of the first route's JS.
const MenuPanel = afterHydration(() => import('./MenuPanel').then((module) => module.MenuPanel));

export function Header({ layout, languageId }: { layout: LayoutQuery; languageId: LanguageId }) {
  const intl = useIntl();
  const { scrolled, hidden } = useHeaderScroll();
  const favorites = useFavorites();
  const location = useLocation();
  // A change of page closes the panels as it starts (a menu link's tap shows the old page leave, not the open
  // panel), and again when it ends elsewhere.
  const target = useNavigation().location?.pathname ?? location.pathname;
  useEffect(() => closePanel(), [target]);
  const { searchOpen } = useSnapshot(ui);
  const searchRef = useRef<HTMLDivElement>(null);
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  // The phone's search toggle reveals the field and focuses it, which opens the search.
  useEffect(() => {
    if (searchOpen) searchRef.current?.querySelector('input')?.focus();
  }, [searchOpen]);
  const menuLabel = layout.mainMenu?.title || intl.formatMessage({ id: 'header.menu' });
  const menuItems = layout.mainMenu?.menuItems;
  // Hydrated after the page (as the footer, Layout.tsx): a phone hides it, and a wide screen opens its menus by CSS
  // alone. One element while what it shows stays the same: a new one at any render of the header (a scroll, a
  // favourite) would have React hydrate the menu at once, in one task, rather than later in slices.
  const mainNav = useMemo(
    () => (
      <Suspense>
        <MainNav items={menuItems ?? []} label={menuLabel} languageId={languageId} />
      </Suspense>
    ),
    [menuItems, menuLabel, languageId],
  );
  return (
    <>
      <header className={`site-header ${scrolled ? 'site-header--scrolled' : ''} ${hidden ? 'site-header--hidden' : ''}`}>
        <a className="skip-link" href="#main">
          <FormattedMessage id="header.skipToContent" />
        </a>
        <div className="top-bar">
          <UspText />
          <nav className="top-bar__nav" aria-label={layout.topBar?.title || 'top-bar'}>
            {layout.topBar?.menuItems.map((item) => (
              <SmartLink key={item.id} href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank}>
                {item.label}
              </SmartLink>
            ))}
          </nav>
        </div>
        <div className="header-main">
          <button type="button" className="header-action header-action--phone" aria-label={menuLabel} onClick={() => openPanel('menu')}>
            <Icon name="menu" />
          </button>
          <button
            ref={searchToggleRef}
            type="button"
            className="header-action header-action--search-toggle"
            aria-label={intl.formatMessage({ id: 'header.openSearch' })}
            aria-expanded={searchOpen}
            onClick={() => toggleSearch(!searchOpen)}
          >
            <Icon name="search" />
          </button>
          <Logo languageId={languageId} />
          <div ref={searchRef} className={`header-search ${searchOpen ? 'header-search--open' : ''}`}>
            <SearchBar
              languageId={languageId}
              onClose={() => {
                // On phones the field disappears with the search: focus goes back to its toggle.
                if (ui.searchOpen && searchToggleRef.current?.checkVisibility()) searchToggleRef.current.focus();
                toggleSearch(false);
              }}
            />
          </div>
          <div className="header-actions">
            <Link
              to={routes.favorites(languageId)}
              className="header-action"
              aria-label={intl.formatMessage({ id: 'header.favoritesCount' }, { count: favorites.count })}
            >
              <span className="header-action__icon">
                <Icon name="heart" />
                <Badge count={favorites.count} />
              </span>
            </Link>
            <AccountButton languageId={languageId} />
            <MiniCart />
          </div>
          <div className="header-settings">
            <CustomerTypeToggle />
            <LanguageSwitch languageId={languageId} />
          </div>
        </div>
        {mainNav}
        <OfflineBanner />
      </header>
      <MenuPanel title={menuLabel} items={menuItems ?? []} topBarItems={layout.topBar?.menuItems ?? null} languageId={languageId} />
      <CartPanel />
    </>
  );
}

function toggleSearch(open: boolean): void {
  ui.searchOpen = open;
}
