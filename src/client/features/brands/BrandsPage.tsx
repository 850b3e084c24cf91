// The brands index's own stylesheet, as the product page's (ProductPage.tsx).
import './brands.css';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { Head, type Alternate } from '../../components/Head';
import { BrandsIndexDocument } from '../../graphql/generated/documents/BrandsIndex';
import { alternatesOf, routes } from '../../../shared/routes';
import { groupBrandsByLetter, type IndexedBrand } from './brand-index';

interface BrandsData {
  brands: IndexedBrand[];
  canonicalUrl: string;
  alternates: Alternate[];
}

/** All brands with their product counts (the brand facet of the whole catalog: one request, counted by the database). */
export async function brandsLoader(env: LoaderEnv): Promise<BrandsData> {
  const { brands, products } = await queryFor(env, BrandsIndexDocument, {}, { pageAnswer: true });
  const counts = new Map(products.facets.brands.map((f) => [Number(f.id), f.count]));
  return {
    brands: brands.map((b) => ({ brandId: b.brandId, name: b.name, canonicalUrl: b.canonicalUrl, productCount: counts.get(b.brandId) ?? 0 })),
    canonicalUrl: routes.brands(env.languageId),
    alternates: alternatesOf('brands'),
  };
}

export function BrandsPage() {
  const data = useLoaderData() as BrandsData;
  const intl = useIntl();
  const letters = groupBrandsByLetter(data.brands, intl.locale);
  const title = intl.formatMessage({ id: 'brands.title' });
  return (
    <div className="page brands-page">
      <Head title={title} description={intl.formatMessage({ id: 'brands.description' })} canonical={data.canonicalUrl} alternates={data.alternates} />
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">
        <FormattedMessage id="brands.description" />
      </p>
      <nav className="brands-page__letters" aria-label={intl.formatMessage({ id: 'brands.jump' })}>
        <ul>
          {letters.map((group) => (
            <li key={group.letter}>
              <a href={`#${group.anchor}`}>{group.letter}</a>
            </li>
          ))}
        </ul>
      </nav>
      {letters.map((group) => (
        <section key={group.letter} className="brands-page__group" aria-labelledby={group.anchor}>
          <h2 id={group.anchor} className="brands-page__letter" tabIndex={-1}>
            {group.letter}
          </h2>
          <ul className="brands-page__list">
            {group.brands.map((brand) => (
              <li key={brand.brandId}>
                <Link to={brand.canonicalUrl}>
                  <span className="brands-page__name">{brand.name}</span>{' '}
                  <span className="brands-page__count">
                    <FormattedMessage id="brands.productCount" values={{ count: brand.productCount }} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
