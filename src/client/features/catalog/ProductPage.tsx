import { FormattedMessage } from 'react-intl';
import { Link, useLoaderData } from 'react-router';
import { notFound, queryFor, type LoaderEnv } from '../../app/route-context';
import { useShop } from '../../app/shop-context';
import { Head } from '../../components/Head';
import { ProductPageDocument, type ProductPageQuery } from '../../graphql/generated/operations';
import { PriceTag } from './PriceTag';
import { ProductGrid } from './ProductCard';
import { ProductImage } from './ProductImage';
import { StockStatus } from './StockStatus';

type Product = NonNullable<ProductPageQuery['product']>;

export async function productLoader(env: LoaderEnv, alias: string | undefined) {
  if (!alias) notFound();
  const { product } = await queryFor(env, ProductPageDocument, { alias });
  if (!product) notFound();
  return { product, alternates: product.alternates };
}

function productJsonLd(product: Product, origin: string): string {
  const availability = product.stock.inStock ? 'https://schema.org/InStock' : product.stock.oversellable ? 'https://schema.org/PreOrder' : 'https://schema.org/OutOfStock';
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.skus[0]?.articleNumber,
    image: product.images?.map((file) => `${origin}/images/${file}`),
    description: product.description,
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    offers: {
      '@type': 'Offer',
      url: `${origin}${product.canonicalUrl}`,
      priceCurrency: 'SEK',
      price: product.unitPrice.sellingPriceIncVat.toFixed(2),
      availability,
    },
  }).replace(/</g, '\\u003c');
}

export function ProductPage() {
  const { product } = useLoaderData() as { product: Product };
  const { origin } = useShop();
  const buyable = product.stock.inStock || product.stock.oversellable;
  return (
    <article className="page product-page">
      <Head title={`${product.name} | ${product.brand?.name ?? ''}`} description={product.description.slice(0, 155)} canonical={product.canonicalUrl} alternates={product.alternates} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(product, origin) }} />
      <div className="product-page__media">
        <ProductImage images={product.images} name={product.name} eager size={480} />
      </div>
      <div className="product-page__summary">
        {product.brand && (
          <Link className="product-page__brand" to={product.brand.canonicalUrl}>
            {product.brand.name}
          </Link>
        )}
        <h1>{product.name}</h1>
        <PriceTag price={product.unitPrice} className="price--large" />
        <StockStatus stock={product.stock} withDelivery />
        <ul className="sku-list">
          {product.skus.map((sku) => (
            <li key={sku.skuId}>
              <span className="sku-list__name">{sku.name}</span> <PriceTag price={sku.price} /> <StockStatus stock={sku.stock} />
            </li>
          ))}
        </ul>
        <button type="button" className="button button--primary" disabled={!buyable}>
          <FormattedMessage id={product.stock.status === 'OVERSELLABLE' ? 'product.preOrder' : 'product.addToCart'} />
        </button>
      </div>
      <section className="product-page__text">
        <h2>
          <FormattedMessage id="product.description" />
        </h2>
        <p>{product.description}</p>
        <h2>
          <FormattedMessage id="product.specification" />
        </h2>
        <dl className="spec">
          {product.parameters.map((p) => (
            <div key={p.name}>
              <dt>{p.name}</dt>
              <dd>{p.value}</dd>
            </div>
          ))}
        </dl>
        <p>{product.specification}</p>
        <h2>
          <FormattedMessage id="product.extraInformation" />
        </h2>
        <p>{product.extraInformation}</p>
      </section>
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
