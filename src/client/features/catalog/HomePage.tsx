import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguageId } from '../../app/use-language';
import { useLoaderData } from 'react-router';
import { useShop } from '../../app/shop-context';
import { queryFor, type LoaderEnv } from '../../app/route-context';
import { Head } from '../../components/Head';
import { HomeProductsDocument, type HomeProductsQuery } from '../../graphql/generated/operations';
import { localizePath } from '../../../shared/locales';
import { useShopName } from '../layout/shop-texts';
import { ProductGrid } from './ProductCard';

export const homeLoader = async (env: LoaderEnv) => ({
  home: await queryFor(env, HomeProductsDocument, {}),
  alternates: [
    { languageId: 'sv', canonicalUrl: localizePath('/', 'sv') },
    { languageId: 'en', canonicalUrl: localizePath('/', 'en') },
  ],
});

export function HomePage() {
  const { home, alternates } = useLoaderData() as { home: HomeProductsQuery; alternates: { languageId: string; canonicalUrl: string }[] };
  const intl = useIntl();
  const languageId = useLanguageId();
  const { variant } = useShop();
  const candy = variant === 'candy';
  const title = intl.formatMessage({ id: candy ? 'home.title.candy' : 'home.title' });
  const shopName = useShopName();
  return (
    <div className="page page--home">
      <Head
        title={`${title} | ${shopName}`}
        description={intl.formatMessage({ id: candy ? 'meta.description.candy' : 'meta.description' })}
        canonical={localizePath('/', languageId)}
        alternates={alternates}
      />
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">
        <FormattedMessage id="home.productCount" values={{ count: home.bestsellers.count }} />
      </p>
      <section aria-labelledby="bestsellers">
        <h2 id="bestsellers">
          <FormattedMessage id="home.bestsellers" />
        </h2>
        <ProductGrid products={home.bestsellers.products} eagerCount={4} />
      </section>
      <section aria-labelledby="latest">
        <h2 id="latest">
          <FormattedMessage id="home.latest" />
        </h2>
        <ProductGrid products={home.latest.products} />
      </section>
    </div>
  );
}
