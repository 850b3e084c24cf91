import { lazy, Suspense, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { routes } from '../../../shared/routes';
import { closePanel } from '../../lib/ui-state';
import { useLanguageId } from '../../hooks/use-language';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { SidePanel } from '../../components/SidePanel';
import { useCart } from './use-cart';
import { useCartPending } from './use-outbox';

// The panel is closed on every first render: its body waits for the page to be idle (or for the panel to open),
// out of the first route's JS.
const loadBody = () => import('./CartPanelBody');
const CartPanelBody = lazy(loadBody);

export function CartPanel() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const cart = useCart();
  const pending = useCartPending();
  const hasItems = cart !== null && cart.items.length > 0;
  useEffect(() => {
    prefetchWhenIdle(() => void loadBody().catch(() => undefined));
  }, []);
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
        <Suspense fallback={null}>
          <CartPanelBody cart={cart} />
        </Suspense>
      ) : (
        <p className="cart-panel__empty">
          <FormattedMessage id="cart.empty" />
        </p>
      )}
    </SidePanel>
  );
}
