import { Suspense, useMemo } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import { Link } from '../../components/Link';
import type { ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLiveProduct } from '../../lib/live-catalog';
import { useAddToCart } from '../cart';
import { FavoriteButton } from '../favorites';
import { PriceTag } from '../../components/PriceTag';
import { ProductImage } from '../../components/ProductImage';
import { StockStatus } from './StockStatus';

export function ProductCard({ product: loaded, eager = false }: { product: ProductCardFieldsFragment; eager?: boolean }) {
  // Stock and price as the live updates last heard them, on top of the list's.
  const product = useLiveProduct(loaded);
  return (
    <article className="product-card">
      <Link to={product.canonicalUrl} className="product-card__link">
        <ProductImage images={product.images} name={product.name} eager={eager} />
        {product.unitPrice.isDiscounted && (
          <span className="product-card__badge">
            <FormattedMessage id="product.discount" values={{ percent: product.unitPrice.discountPercentage }} />
          </span>
        )}
        <span className="product-card__brand">{product.brand?.name}</span>
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      <FavoriteButton productId={product.productId} name={product.name} className="product-card__favorite" />
      <PriceTag price={product.unitPrice} />
      <StockStatus stock={product.stock} />
      <CardAction product={product} />
    </article>
  );
}

/**
 * Every card ends in one action, so a row of cards lines up: a single-SKU product goes straight to the cart,
 * one with several variants (conditions, sizes) to its page to choose, and one that cannot be bought now to
 * its page, where the shopper can ask to hear when it is back.
 */
function CardAction({ product }: { product: ProductCardFieldsFragment }) {
  const hydrated = useHydrated();
  const { add, adding } = useAddToCart();
  const [sku] = product.skus;
  const buyable = product.stock.inStock || product.stock.oversellable;
  // The visible verb starts the accessible name; the product name tells the cards' actions apart.
  const forProduct = <span className="visually-hidden"> {product.name}</span>;
  if (!buyable || product.skus.length !== 1 || !sku) {
    return (
      <Link to={product.canonicalUrl} className={buyable ? 'button product-card__action' : 'button product-card__action product-card__action--quiet'}>
        <FormattedMessage id={buyable ? 'product.chooseVariant' : 'backInStock.title'} />
        {forProduct}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="button button--primary product-card__action"
      disabled={!hydrated || adding}
      aria-busy={adding}
      onClick={() => void add(sku.skuId, 1, { product, sku: { skuId: sku.skuId, stock: product.stock }, unitPrice: product.unitPrice })}
    >
      <FormattedMessage id={product.stock.status === 'OVERSELLABLE' ? 'product.preOrder' : 'product.buy'} />
      {forProduct}
    </button>
  );
}

/** The cards a phone's first screen shows of a list (two rows of two); a wide screen's next ones hydrate moments later. */
const FIRST_SCREEN_CARDS = 4;

/**
 * The cards past the first screen are a Suspense boundary the server's HTML marks: React hydrates it after the rest of
 * the page, at idle priority and in slices, as the footer and the main menu (features/layout/Layout.tsx). A category
 * page's 24 cards are 392 of its 914 elements, and hydrating them all held back the moment the page's taps work, in
 * one long task; a tap inside the boundary before then hydrates it at once. One element while the products stay the
 * same: a new one at a render of the page (its controls switching on) would have React hydrate it at once.
 */
export function ProductGrid({ products, eagerCount = 0, className = '' }: { products: readonly ProductCardFieldsFragment[]; eagerCount?: number; className?: string }) {
  const later = useMemo(
    () => (products.length > FIRST_SCREEN_CARDS ? <Suspense>{cardsOf(products, FIRST_SCREEN_CARDS, products.length, eagerCount)}</Suspense> : null),
    [products, eagerCount],
  );
  return (
    <div className={`product-grid ${className}`}>
      {cardsOf(products, 0, FIRST_SCREEN_CARDS, eagerCount)}
      {later}
    </div>
  );
}

/** The cards from..to of a grid, the first `eagerCount` of all with their pictures loaded at once. */
function cardsOf(products: readonly ProductCardFieldsFragment[], from: number, to: number, eagerCount: number) {
  return products.slice(from, to).map((p, i) => <ProductCard key={p.productId} product={p} eager={from + i < eagerCount} />);
}
