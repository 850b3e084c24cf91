import { FormattedMessage } from '../../i18n/intl';
import { formatMoney, toMinor } from '../../../shared/money';
import { useLanguageId } from '../../hooks/use-language';

/**
 * Said under the promo code's discount when the code took the goods under the free-shipping limit: the fee
 * that came back and what the code really saves (or costs) on the whole order, both as the server reckoned them.
 */
export function PromoCodeShippingNote({ fee, netSaving, suffix = '' }: { fee: number; netSaving: number; suffix?: string }) {
  const languageId = useLanguageId();
  const money = (major: number) => `${formatMoney(toMinor(Math.abs(major)), languageId)}${suffix}`;
  const effect = netSaving > 0 ? 'saves' : netSaving < 0 ? 'costs' : 'nothing';
  return <FormattedMessage id="cart.promoShipping" values={{ fee: money(fee), net: money(netSaving), effect }} />;
}
