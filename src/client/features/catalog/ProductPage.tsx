// The product page's own stylesheet (the gallery, the SKU picker, the folding details), linked by the server in this
// page's head and loaded with its code on a route change, like the checkout's (checkout-styles.ts): every other
// first page is lighter by it.
import './product.css';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import { useShop } from '../../lib/shop-context';
import { useLiveProduct } from '../../lib/live-catalog';
import { Accordion } from '../../components/Accordion';
import { Head } from '../../components/Head';
import type { ProductPageQuery } from '../../graphql/generated/operations';
import { FavoriteButton } from '../favorites';
import { ProductGrid } from './ProductCard';
import { ProductGallery } from './ProductGallery';
import { productJsonLd } from './product-json-ld';
import { ProductPurchase } from './ProductPurchase';

type Product = NonNullable<ProductPageQuery['product']>;

/** The loader's code with its query document (about 1 KiB brotli), a chunk apart (app/start.tsx, preloadPage). */
export const preloadLoader = () => import('./product-loader');

/** The discount and the names of the campaigns the product is in, except those set to hide their title. */
function CampaignBadges({ product }: { product: Product }) {
  const intl = useIntl();
  const campaigns = product.discountCampaigns.filter((c) => !c.hideTitle);
  const discounted = product.unitPrice.isDiscounted;
  if (!discounted && campaigns.length === 0) return null;
  return (
    <ul className="product-badges" aria-label={intl.formatMessage({ id: 'product.campaigns' })}>
      {discounted && (
        <li className="product-badges__badge product-badges__badge--discount">
          <FormattedMessage id="product.discount" values={{ percent: product.unitPrice.discountPercentage }} />
        </li>
      )}
      {campaigns.map((c) => (
        <li key={c.discountCampaignId}>
          <Link className="product-badges__badge" to={c.canonicalUrl}>
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const hasSpecification = product.parameters.length > 0 || product.specification !== '';
  return (
    <div className="product-details">
      {product.description && (
        <Accordion title={<FormattedMessage id="product.description" />}>
          <p>{product.description}</p>
        </Accordion>
      )}
      {hasSpecification && (
        <Accordion title={<FormattedMessage id="product.specification" />}>
          {product.parameters.length > 0 && (
            <dl className="spec">
              {product.parameters.map((p) => (
                <div key={p.name}>
                  <dt>{p.name}</dt>
                  <dd>{p.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {product.specification && <p>{product.specification}</p>}
        </Accordion>
      )}
      {product.extraInformation && (
        <Accordion title={<FormattedMessage id="product.extraInformation" />}>
          <p>{product.extraInformation}</p>
        </Accordion>
      )}
    </div>
  );
}

export function ProductPage() {
  const { product: loaded } = useLoaderData() as { product: Product };
  // Stock and prices as the live updates last heard them, on top of the loader's.
  const product = useLiveProduct(loaded);
  const { origin } = useShop();
  return (
    <article className="page product-page">
      <Head title={`${product.name} | ${product.brand?.name ?? ''}`} description={product.description.slice(0, 155)} canonical={product.canonicalUrl} alternates={product.alternates} />
      {/*
        The structured data is for crawlers, which read the server's HTML: the client build leaves its code out
        (import.meta.env.SSR is false there), and hydration keeps the server's text, as React leaves an element's
        inner HTML as the server wrote it.
      */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? productJsonLd(product, origin) : '' }} suppressHydrationWarning />
      <div className="product-page__media">
        {/* Keyed by product: a related product opened from here starts on its own first picture and no choice. */}
        <ProductGallery key={product.productId} images={product.images} name={product.name} />
      </div>
      <div className="product-page__summary">
        {product.brand && (
          <Link className="product-page__brand" to={product.brand.canonicalUrl}>
            {product.brand.name}
          </Link>
        )}
        <div className="product-page__title">
          <h1>{product.name}</h1>
          <FavoriteButton productId={product.productId} name={product.name} className="product-page__favorite" />
        </div>
        <CampaignBadges product={product} />
        <ProductPurchase key={product.productId} product={product} />
      </div>
      <ProductDetails product={product} />
      {product.relatedProducts.length > 0 && (
        <section className="product-page__related" aria-labelledby="related">
          <h2 id="related">
            <FormattedMessage id="product.related" />
          </h2>
          <ProductGrid products={product.relatedProducts} />
        </section>
      )}
    </article>
  );
}
