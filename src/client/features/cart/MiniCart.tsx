import { useIntl } from '../../i18n/intl';
import { useSnapshot } from 'valtio';
import { usePersisted } from '../../lib/persisted-context';
import { openPanel } from '../../lib/ui-state';
import { Badge, Icon } from '../../components/Icon';
import { itemCount, useCart } from './use-cart';

/** Header cart button: quantity badge and subtotal; opens the cart side panel. */
export function MiniCart() {
  const cart = useCart();
  const intl = useIntl();
  const { vatIncluded } = useSnapshot(usePersisted());
  const count = itemCount(cart);
  const subTotal = cart && count > 0 ? (vatIncluded ? cart.summary.subTotal.sellingPriceIncVatFormatted : cart.summary.subTotal.sellingPriceExVatFormatted) : null;
  return (
    <button
      type="button"
      className="header-action mini-cart"
      aria-label={`${intl.formatMessage({ id: 'header.cart' })}, ${intl.formatMessage({ id: 'header.cartCount' }, { count })}`}
      onClick={() => openPanel('cart')}
    >
      <span className="header-action__icon">
        <Icon name="cart" />
        <Badge count={count} />
      </span>
      {subTotal && <span className="mini-cart__subtotal">{subTotal}</span>}
    </button>
  );
}
