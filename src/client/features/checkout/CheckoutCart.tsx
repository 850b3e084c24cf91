import { FormattedMessage } from 'react-intl';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { CartLines, GiftCardForm, PromoCodeForm } from '../cart/parts';

/**
 * The cart part of the checkout: the lines can still be changed here, and codes and gift cards applied. The
 * sums live in the payment step, where the chosen carrier's fee is known.
 */
export function CheckoutCart({ cart }: { cart: CartFieldsFragment }) {
  return (
    <section className="checkout-section checkout-cart" aria-labelledby="checkout-cart-heading">
      <h2 className="checkout-section__title" id="checkout-cart-heading">
        <FormattedMessage id="checkout.cart" />
      </h2>
      <CartLines cart={cart} />
      <PromoCodeForm cart={cart} />
      <GiftCardForm cart={cart} />
    </section>
  );
}
