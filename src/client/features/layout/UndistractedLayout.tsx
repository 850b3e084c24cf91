import { FormattedMessage } from 'react-intl';
import { Link, useMatches } from 'react-router';
import { localizePath, type LanguageId } from '../../../shared/locales';
import { PaymentLogos } from './FooterBadges';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { Copyright, UspText } from './shop-texts';

/** Routes whose handle asks for it (checkout and its return pages) get the reduced layout of spec section 2. */
export function useUndistracted(): boolean {
  return useMatches().some((match) => (match.handle as { undistracted?: boolean } | undefined)?.undistracted === true);
}

/**
 * The checkout's header: selling points, the logo and a way back, nothing else to wander off to (no menu,
 * search or panels).
 */
export function UndistractedHeader({ languageId }: { languageId: LanguageId }) {
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
        <div className="header-undistracted__actions">
          <Link to={localizePath('/', languageId)} className="header-undistracted__back">
            <FormattedMessage id="checkout.backToShop" />
          </Link>
          <LanguageSwitch languageId={languageId} />
        </div>
      </div>
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
