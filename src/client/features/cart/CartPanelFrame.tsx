import './cart-styles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from '../../components/Link';
import { routes } from '../../../shared/routes';
import { closePanel } from '../../lib/ui-state';
import { useLanguageId } from '../../hooks/use-language';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { ChunkBoundary } from '../../components/ChunkBoundary';
import { SidePanel } from '../../components/SidePanel';
import { useCart } from './use-cart';
import { useCartPending } from './use-cart';
import { GoneLineNotes } from './GoneLineNotes';

// The panel is closed on every first render: its body waits for the page to be idle (or for the panel to open),
// out of the first route's JS.
const loadBody = () => import('./CartPanelBody');
const LazyBody = lazy(loadBody);

/** The cart's side panel: in a chunk of its own, mounted once the page has hydrated (CartPanel.tsx). */
export function CartPanelFrame() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const cart = useCart();
  const pending = useCartPending();
  const hasItems = cart !== null && cart.items.length > 0;
  // A body whose code failed to load stays failed in React: a retry needs a new lazy component.
  const [CartPanelBody, setBody] = useState(() => LazyBody);
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
        <ChunkBoundary
          onRetry={() => setBody(() => lazy(loadBody))}
          fallback={(retry) => (
            <div className="cart-panel__empty" role="alert">
              <p>
                <FormattedMessage id="cart.loadFailed" />
              </p>
              <button type="button" className="button" onClick={retry}>
                <FormattedMessage id="offline.retry" />
              </button>
            </div>
          )}
        >
          <Suspense
            fallback={
              <p className="cart-panel__empty" aria-busy="true">
                <FormattedMessage id="cart.loading" />
              </p>
            }
          >
            <CartPanelBody cart={cart} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        <>
          <GoneLineNotes cart={cart} />
          <p className="cart-panel__empty">
            <FormattedMessage id="cart.empty" />
          </p>
        </>
      )}
    </SidePanel>
  );
}
