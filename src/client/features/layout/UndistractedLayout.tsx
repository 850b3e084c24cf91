import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useMatches } from 'react-router';
import { localizePath, type LanguageId } from '../../../shared/locales';
import { useShop } from '../../app/shop-context';
import { PaymentLogos } from './FooterBadges';
import { LanguageSwitch } from './LanguageSwitch';

/** Routes whose handle asks for it (checkout and its return pages) get the reduced layout of spec section 2. */
export function useUndistracted(): boolean {
  return useMatches().some((match) => (match.handle as { undistracted?: boolean } | undefined)?.undistracted === true);
}

/**
 * The checkout's header: selling points, the logo and a way back, nothing else to wander off to (no menu,
 * search or panels).
 */
export function UndistractedHeader({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const { variant } = useShop();
  return (
    <header className="site-header site-header--undistracted">
      <a className="skip-link" href="#main">
        <FormattedMessage id="header.skipToContent" />
      </a>
      <div className="top-bar">
        <p className="top-bar__usp">
          <FormattedMessage id={variant === 'candy' ? 'USP_TEXT.candy' : 'USP_TEXT'} />
        </p>
      </div>
      <div className="header-main">
        <Link to={localizePath('/', languageId)} className="logo">
          {intl.formatMessage({ id: variant === 'candy' ? 'shop.name.candy' : 'shop.name' })}
        </Link>
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
  const intl = useIntl();
  const { variant } = useShop();
  return (
    <footer className="site-footer site-footer--undistracted">
      <PaymentLogos />
      <p className="site-footer__copyright">
        <FormattedMessage
          id="footer.copyright"
          values={{ year: new Date().getFullYear(), shop: intl.formatMessage({ id: variant === 'candy' ? 'shop.name.candy' : 'shop.name' }) }}
        />
      </p>
    </footer>
  );
}
