import { FormattedMessage } from 'react-intl';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { PriceTag } from '../catalog/PriceTag';

/** The cart part of the checkout: what is being bought. */
export function CheckoutCart({ cart }: { cart: CartFieldsFragment | null }) {
  return (
    <section className="checkout-section checkout-cart" aria-labelledby="checkout-cart-heading">
      <h2 className="checkout-section__title" id="checkout-cart-heading">
        <FormattedMessage id="checkout.cart" />
      </h2>
      <ul className="checkout-cart__lines">
        {cart?.items.map((item) => (
          <li key={item.skuId}>
            {item.quantity} × {item.product.name} ({item.sku.name}) <PriceTag price={item.totalPrice} />
          </li>
        ))}
      </ul>
    </section>
  );
}
