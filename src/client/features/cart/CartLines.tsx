import './cart-styles';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from '../../components/Link';
import { useSnapshot } from 'valtio';
import { usePersisted } from '../../lib/persisted-context';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { PriceTag } from '../../components/PriceTag';
import { ProductImage } from '../../components/ProductImage';
import { visibleCampaignNames } from './campaign-names';
import { useUpdateCartItem } from './use-update-cart-item';
import { useCartPending } from './use-cart';
import { cartNotices } from './cart-notices';
import { GoneLineNotes } from './GoneLineNotes';

type CartLine = CartFieldsFragment['items'][number];

/**
 * The cart's lines with quantity steppers and remove buttons, for the cart panel and the checkout.
 * onNavigate runs when a product link is followed (the panel closes itself with it).
 */
export function CartLines({ cart, onNavigate }: { cart: CartFieldsFragment; onNavigate?: () => void }) {
  const { setQuantity, updating } = useUpdateCartItem();
  const pending = useCartPending();
  const { bySku } = useSnapshot(cartNotices);
  return (
    <>
      <GoneLineNotes cart={cart} />
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <CartLineRow
            key={item.skuId}
            item={item}
            notes={bySku.get(item.skuId) ?? []}
            busy={updating}
            pending={pending.skus.has(item.skuId) ? (pending.online ? 'saving' : 'offline') : null}
            onQuantity={(quantity) => void setQuantity(item.skuId, quantity)}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </>
  );
}

function CartLineRow({
  item,
  notes,
  busy,
  pending,
  onQuantity,
  onNavigate,
}: {
  item: CartLine;
  /** What the server last said about this line (its stock or price moved). */
  notes: readonly string[];
  busy: boolean;
  /** A change of this line waits in the outbox: being sent, or until the shopper is back online. */
  pending: 'saving' | 'offline' | null;
  onQuantity: (quantity: number) => void;
  onNavigate?: () => void;
}) {
  const intl = useIntl();
  const { vatIncluded } = useSnapshot(usePersisted());
  const campaigns = visibleCampaignNames(item.campaign?.appliedCampaigns ?? []);
  const unit = vatIncluded ? item.unitPrice.sellingPriceIncVatFormatted : item.unitPrice.sellingPriceExVatFormatted;
  const name = item.product.name;
  return (
    <li className="cart-line">
      <ProductImage images={item.product.images} name={name} size={72} />
      <div className="cart-line__text">
        <Link to={item.product.canonicalUrl} onClick={onNavigate} className="cart-line__name">
          {name}
        </Link>
        <span className="cart-line__sku">{item.sku.name}</span>
        <PriceTag price={item.totalPrice} className="cart-line__price" />
        {item.quantity > 1 && (
          <span className="cart-line__unit">
            <FormattedMessage id="cart.unitPrice" values={{ quantity: item.quantity, price: unit }} />
          </span>
        )}
        {item.backorderedQuantity > 0 && (
          <p className="cart-line__note">
            <FormattedMessage id="cart.preOrdered" values={{ all: String(item.backorderedQuantity === item.quantity), count: item.backorderedQuantity }} />
          </p>
        )}
        {notes.map((note) => (
          <p key={note} className="cart-line__note">
            {note}
          </p>
        ))}
        {pending && (
          <p className="cart-line__pending pending-note">
            <FormattedMessage id={pending === 'offline' ? 'outbox.pendingOffline' : 'outbox.saving'} />
          </p>
        )}
        {campaigns.length > 0 && (
          <ul className="cart-line__campaigns" aria-label={intl.formatMessage({ id: 'cart.campaigns' })}>
            {campaigns.map((campaign) => (
              <li key={campaign} className="campaign-tag">
                {campaign}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="cart-line__actions">
        <div className="stepper" role="group" aria-label={intl.formatMessage({ id: 'cart.quantityOf' }, { name })}>
          <button type="button" className="icon-button" disabled={busy} aria-label={intl.formatMessage({ id: 'cart.decrease' })} onClick={() => onQuantity(item.quantity - 1)}>
            −
          </button>
          <output aria-live="polite">{item.quantity}</output>
          <button type="button" className="icon-button" disabled={busy} aria-label={intl.formatMessage({ id: 'cart.increase' })} onClick={() => onQuantity(item.quantity + 1)}>
            +
          </button>
        </div>
        <button type="button" className="cart-line__remove" disabled={busy} aria-label={intl.formatMessage({ id: 'cart.removeItem' }, { name })} onClick={() => onQuantity(0)}>
          <FormattedMessage id="cart.remove" />
        </button>
      </div>
    </li>
  );
}
