import './checkout-styles';
import { useEffect, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import { Head } from '../../components/Head';
import type { CheckoutData } from './checkout-loader';
import { useLanguageId } from '../../hooks/use-language';
import { routes } from '../../../shared/routes';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { useCart, useCartQueryFailure } from '../cart';
import { AddressSection } from './AddressSection';
import { CheckoutCart } from './CheckoutCart';
import { CustomerSection } from './CustomerSection';
import { PaymentSection } from './PaymentSection';
import { ShippingSection } from './ShippingSection';
import { useCheckout } from './use-checkout';

/** Quantities and codes of a cart: when they change on this page, the checkout's sums and carriers must too. */
const cartSignature = (cart: CartFieldsFragment | null | undefined) =>
  cart ? `${cart.promoCode ?? ''}|${cart.giftCard?.code ?? ''}|${cart.items.map((i) => `${i.skuId}x${i.quantity}`).join(',')}` : '';

/** /kassan and /en/checkout in the undistracted layout: the cart, then four steps on one page. */
export function CheckoutPage() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const data = useLoaderData() as CheckoutData;
  const state = useCheckout();
  const cart = useCart();
  const cartFailure = useCartQueryFailure(cart != null);
  const title = intl.formatMessage({ id: 'checkout.title' });

  const live = cartSignature(cart);
  const judged = cartSignature(state.checkout?.cart);
  const { refresh } = state;
  useEffect(() => {
    if (live && judged && live !== judged) refresh();
    // refresh is a new function each render; the signatures are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, judged]);

  // A checkout that could not be fetched offline is fetched again as soon as the network is back.
  const { failed, offline, retry } = state;
  useEffect(() => {
    if (failed && !offline) retry();
    // Only coming back online matters; retry is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offline]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void state.placeOrder();
  };

  // The cart page shows the cart: a server that refuses it opens the error page with its status (offline it does not).
  if (cartFailure) throw cartFailure;
  const shownCart = cart ?? state.checkout?.cart ?? null;
  return (
    <div className="page checkout-page">
      <Head title={title} canonical={data.canonicalUrl} alternates={data.alternates} />
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="page__title">{title}</h1>
      {state.failed ? (
        <div className="checkout-page__empty" role="alert">
          <p>
            <FormattedMessage id={state.offline ? 'offline.text' : 'error.generic'} />
          </p>
          <button type="button" className="button" onClick={state.retry}>
            <FormattedMessage id="checkout.retry" />
          </button>
        </div>
      ) : !state.ready ? (
        <p className="checkout-page__loading" role="status">
          <FormattedMessage id="checkout.loading" />
        </p>
      ) : !state.cartId || !shownCart || shownCart.items.length === 0 ? (
        <div className="checkout-page__empty">
          <p>
            <FormattedMessage id="cart.empty" />
          </p>
          <Link className="button button--primary" to={routes.home(languageId)}>
            <FormattedMessage id="checkout.continueShopping" />
          </Link>
        </div>
      ) : (
        <div className="checkout-grid">
          <CheckoutCart
            cart={shownCart}
            totals={state.checkout?.totals ?? null}
            shippingChosen={state.checkout?.shippingOptions.some((o) => o.isSelected) ?? false}
          />
          <form className="checkout-form" noValidate onSubmit={submit} aria-label={title}>
            <CustomerSection state={state} />
            <AddressSection state={state} />
            <ShippingSection state={state} />
            <PaymentSection state={state} />
          </form>
        </div>
      )}
    </div>
  );
}
