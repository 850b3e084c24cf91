import { FormattedMessage, useIntl } from '../i18n/intl';
import { useShop } from '../lib/shop-context';

/** The shop's name in this variant (retro games or candy). */
export function useShopName(): string {
  const intl = useIntl();
  const { variant } = useShop();
  return intl.formatMessage({ id: variant === 'candy' ? 'shop.name.candy' : 'shop.name' });
}

/**
 * The selling points of the top bar (USP_TEXT, the points separated by ' · '), shown in every layout. One part
 * each, so a narrow screen shows the first points that fit on one line (layout.css .one-line).
 */
export function UspText() {
  const intl = useIntl();
  const { variant } = useShop();
  const points = intl.formatMessage({ id: variant === 'candy' ? 'USP_TEXT.candy' : 'USP_TEXT' }).split(' · ');
  return (
    <p className="top-bar__usp one-line">
      {points.map((point, index) => (
        <span key={point}>
          {/* The leading space keeps the points apart when read out; at the start of a line it takes no room. */}
          {index > 0 && (
            <>
              {' '}
              <span aria-hidden="true">·</span>{' '}
            </>
          )}
          {point}
        </span>
      ))}
    </p>
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
