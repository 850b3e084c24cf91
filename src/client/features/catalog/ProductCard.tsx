import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { useHydrated } from '../../app/use-hydrated';
import { useAddToCart } from '../cart/use-add-to-cart';
import { FavoriteButton } from '../favorites/FavoriteButton';
import { PriceTag } from './PriceTag';
import { ProductImage } from './ProductImage';
import { StockStatus } from './StockStatus';

export function ProductCard({ product, eager = false }: { product: ProductCardFieldsFragment; eager?: boolean }) {
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
      <QuickAdd product={product} />
    </article>
  );
}

/** Single-SKU products go straight to the cart from the list; others need the product page's picker. */
function QuickAdd({ product }: { product: ProductCardFieldsFragment }) {
  const hydrated = useHydrated();
  const { add, adding } = useAddToCart();
  const [sku] = product.skus;
  if (product.skus.length !== 1 || !sku || !(product.stock.inStock || product.stock.oversellable)) return null;
  return (
    <button
      type="button"
      className="button product-card__quick-add"
      disabled={!hydrated || adding}
      aria-busy={adding}
      onClick={() => void add(sku.skuId)}
    >
      <FormattedMessage id={product.stock.status === 'OVERSELLABLE' ? 'product.preOrder' : 'product.buy'} />
      {/* The visible verb starts the accessible name; the product name tells the cards' buttons apart. */}
      <span className="visually-hidden"> {product.name}</span>
    </button>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: readonly ProductCardFieldsFragment[]; eagerCount?: number }) {
  return (
    <div className="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.productId} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
