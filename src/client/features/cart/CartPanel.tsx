import { useMutation } from '@apollo/client/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { usePersisted } from '../../app/persisted';
import { closePanel, notify } from '../../app/ui-state';
import { useChannelVariables } from '../../app/use-language';
import { SidePanel } from '../../components/SidePanel';
import { UpdateCartItemDocument, type CartFieldsFragment } from '../../graphql/generated/operations';
import { PriceTag } from '../catalog/PriceTag';
import { ProductImage } from '../catalog/ProductImage';
import { cartState } from './cart-id';
import { writeCart } from './write-cart';
import { useCart } from './use-cart';

export function CartPanel() {
  const intl = useIntl();
  const cart = useCart();
  return (
    <SidePanel name="cart" title={intl.formatMessage({ id: 'header.cart' })}>
      {cart && cart.items.length > 0 ? (
        <CartContents cart={cart} />
      ) : (
        <p className="cart-panel__empty">
          <FormattedMessage id="cart.empty" />
        </p>
      )}
    </SidePanel>
  );
}

function CartContents({ cart }: { cart: CartFieldsFragment }) {
  const intl = useIntl();
  const channel = useChannelVariables();
  const { vatIncluded } = useSnapshot(usePersisted());
  const [update, { loading }] = useMutation(UpdateCartItemDocument);
  const setQuantity = async (skuId: number, quantity: number) => {
    try {
      const { data } = await update({
        variables: { id: cartState.id, item: { skuId, quantity }, idempotencyKey: crypto.randomUUID(), ...channel },
        update: (cache, result) => {
          if (result.data) writeCart(cache, result.data.updateCartItem, channel);
        },
      });
      for (const warning of data?.updateCartItem.warnings ?? []) notify(warning.message, 'info');
    } catch {
      notify(intl.formatMessage({ id: 'error.generic' }), 'error');
    }
  };
  const { summary } = cart;
  const left = summary.shipping.amountLeftToFreeShipping;
  return (
    <div className="cart-panel">
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <li key={item.skuId} className="cart-line">
            <ProductImage images={item.product.images} name={item.product.name} size={72} />
            <div className="cart-line__text">
              <Link to={item.product.canonicalUrl} onClick={closePanel} className="cart-line__name">
                {item.product.name}
              </Link>
              <span className="cart-line__sku">{item.sku.name}</span>
              <PriceTag price={item.totalPrice} />
            </div>
            <div className="stepper" role="group" aria-label={intl.formatMessage({ id: 'cart.quantityOf' }, { name: item.product.name })}>
              <button type="button" className="icon-button" disabled={loading} aria-label={intl.formatMessage({ id: 'cart.decrease' })} onClick={() => setQuantity(item.skuId, item.quantity - 1)}>
                −
              </button>
              <output aria-live="polite">{item.quantity}</output>
              <button type="button" className="icon-button" disabled={loading} aria-label={intl.formatMessage({ id: 'cart.increase' })} onClick={() => setQuantity(item.skuId, item.quantity + 1)}>
                +
              </button>
            </div>
            <button type="button" className="cart-line__remove" disabled={loading} onClick={() => setQuantity(item.skuId, 0)}>
              <FormattedMessage id="cart.remove" />
            </button>
          </li>
        ))}
      </ul>
      <p className="cart-panel__shipping">
        {left > 0 ? (
          <FormattedMessage id="cart.leftToFreeShipping" values={{ amount: summary.shipping.amountLeftToFreeShippingFormatted }} />
        ) : (
          <FormattedMessage id="cart.freeShipping" />
        )}
      </p>
      <dl className="cart-panel__totals">
        <div>
          <dt>
            <FormattedMessage id="cart.subTotal" />
          </dt>
          <dd>{vatIncluded ? summary.subTotal.sellingPriceIncVatFormatted : summary.subTotal.sellingPriceExVatFormatted}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="cart.shipping" />
          </dt>
          <dd>{summary.shipping.feeIncVatFormatted}</dd>
        </div>
        <div className="cart-panel__total">
          <dt>
            <FormattedMessage id="cart.total" />
          </dt>
          <dd>{vatIncluded ? summary.total.sellingPriceIncVatFormatted : summary.total.sellingPriceExVatFormatted}</dd>
        </div>
      </dl>
    </div>
  );
}
