import { FormattedMessage } from '../../i18n/intl';
import type { CartFieldsFragment, CheckoutTotalsFieldsFragment } from '../../graphql/generated/operations';
import { CartLines, GiftCardForm, PromoCodeForm } from '../cart/parts';

/**
 * The cart part of the checkout: the lines can still be changed here, and codes and gift cards applied. The
 * full sums live in the payment step, where the chosen carrier's fee is known; beside the form (wide screens)
 * the cart also says what the order costs, so the shopper need not scroll down to learn it.
 */
export function CheckoutCart({ cart, totals, shippingChosen }: { cart: CartFieldsFragment; totals: CheckoutTotalsFieldsFragment | null; shippingChosen: boolean }) {
  return (
    <section className="checkout-section checkout-cart" aria-labelledby="checkout-cart-heading">
      <h2 className="checkout-section__title" id="checkout-cart-heading">
        <FormattedMessage id="checkout.cart" />
      </h2>
      <CartLines cart={cart} />
      <PromoCodeForm cart={cart} />
      <GiftCardForm cart={cart} />
      {totals && (
        <dl className="checkout-totals checkout-cart__totals">
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.shipping" />
            </dt>
            <dd>{shippingChosen ? totals.shippingFeeIncVatFormatted : '–'}</dd>
          </div>
          <div className="checkout-totals__total">
            <dt>
              <FormattedMessage id={totals.giftCardIncVat > 0 ? 'cart.amountToPay' : 'checkout.summary.total'} />
            </dt>
            <dd>{totals.amountToPayIncVatFormatted}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
