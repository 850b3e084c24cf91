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

export function ProductGrid({ products, eagerCount = 0, className = '' }: { products: readonly ProductCardFieldsFragment[]; eagerCount?: number; className?: string }) {
  return (
    <div className={`product-grid ${className}`}>
      {products.map((p, i) => (
        <ProductCard key={p.productId} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
