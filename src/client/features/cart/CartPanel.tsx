import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { routes } from '../../../shared/routes';
import { closePanel } from '../../lib/ui-state';
import { useLanguageId } from '../../hooks/use-language';
import { SidePanel } from '../../components/SidePanel';
import { CartLines } from './CartLines';
import { CartTotals } from './CartTotals';
import { PromoCodeForm } from './CartCodeForm';
import { useCart } from './use-cart';
import { useCartPending } from './use-outbox';

export function CartPanel() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const cart = useCart();
  const pending = useCartPending();
  const hasItems = cart !== null && cart.items.length > 0;
  return (
    <SidePanel
      name="cart"
      title={intl.formatMessage({ id: 'header.cart' })}
      footer={
        hasItems && (
          <Link to={routes.checkout(languageId)} className="button button--primary cart-panel__checkout" onClick={closePanel}>
            <FormattedMessage id="cart.toCheckout" />
          </Link>
        )
      }
    >
      {pending.count > 0 && (
        <p className="cart-panel__pending pending-note">
          <FormattedMessage id={pending.online ? 'outbox.panelSaving' : 'outbox.panelOffline'} values={{ count: pending.count }} />
        </p>
      )}
      {hasItems ? (
        <div className="cart-panel">
          <CartLines cart={cart} onNavigate={closePanel} />
          <PromoCodeForm cart={cart} />
          <CartTotals cart={cart} />
        </div>
      ) : (
        <p className="cart-panel__empty">
          <FormattedMessage id="cart.empty" />
        </p>
      )}
    </SidePanel>
  );
}
