import { FormattedMessage, useIntl } from 'react-intl';
import { useShop } from '../lib/shop-context';

/** The shop's name in this variant (retro games or candy). */
export function useShopName(): string {
  const intl = useIntl();
  const { variant } = useShop();
  return intl.formatMessage({ id: variant === 'candy' ? 'shop.name.candy' : 'shop.name' });
}

/** The selling points of the top bar (USP_TEXT), shown in every layout. */
export function UspText() {
  const { variant } = useShop();
  return (
    <p className="top-bar__usp">
      <FormattedMessage id={variant === 'candy' ? 'USP_TEXT.candy' : 'USP_TEXT'} />
    </p>
  );
}

/**
 * While the payment provider takes no real money, every page says so, so nobody takes a demo for a shop that
 * will deliver. Above the sticky header (so it scrolls away on a small screen), in both layouts.
 */
export function DemoNotice() {
  const { demo } = useShop();
  if (!demo) return null;
  return (
    <aside className="demo-notice">
      <FormattedMessage id="demo.notice" />
    </aside>
  );
}

export function Copyright() {
  const shop = useShopName();
  return (
    <p className="site-footer__copyright">
      <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear(), shop }} />
    </p>
  );
}
