import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { Head, type Alternate } from '../../components/Head';
import type { ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { ProductListPageDocument } from '../../graphql/generated/documents/ProductListPage';
import { cookieValue, requestCookies } from '../../lib/cookie';
import { parsePersistedState, PERSISTED_STATE_COOKIE } from '../../lib/persisted-state';
import type { LanguageId } from '../../../shared/locales';
import { alternatesOf, routes } from '../../../shared/routes';
import { ProductGrid } from './ProductCard';
import { useFavorites } from '../favorites';

interface FavoritesData {
  products: ProductCardFieldsFragment[];
  canonicalUrl: string;
  alternates: Alternate[];
  languageId: LanguageId;
}

/** The API's largest page; a long favorites list is fetched in several. */
const CHUNK = 100;

/** The favorites saved in the persisted-state cookie, fetched in one go (in chunks of the API's page size). */
export async function favoritesLoader(env: LoaderEnv, request: Request): Promise<FavoritesData> {
  const ids = parsePersistedState(cookieValue(requestCookies(request), PERSISTED_STATE_COOKIE)).favorites;
  const chunks = Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));
  const results = await Promise.all(chunks.map((productIds) => queryFor(env, ProductListPageDocument, { filter: { productIds, limit: CHUNK } }, { pageAnswer: true })));
  return {
    products: results.flatMap((r) => r.products.products),
    canonicalUrl: routes.favorites(env.languageId),
    alternates: alternatesOf('favorites'),
    languageId: env.languageId,
  };
}

export function FavoritesPage() {
  const data = useLoaderData() as FavoritesData;
  const intl = useIntl();
  const favorites = useFavorites();
  // The live favorites decide what is shown and in which order (newest first): a heart toggled off here
  // removes its card at once, without waiting for a reload.
  const byId = new Map(data.products.map((p) => [p.productId, p]));
  const shown = favorites.ids.flatMap((id) => byId.get(id) ?? []);
  const title = intl.formatMessage({ id: 'favorites.title' });
  return (
    <div className="page favorites-page">
      <Head title={title} canonical={data.canonicalUrl} alternates={data.alternates} />
      <meta name="robots" content="noindex, follow" />
      <h1 className="page__title">{title}</h1>
      {shown.length ? (
        <>
          <p className="page__lead">
            <FormattedMessage id="list.total" values={{ count: shown.length, exact: true }} />
          </p>
          <ProductGrid products={shown} eagerCount={2} />
        </>
      ) : (
        <div className="favorites-page__empty">
          <p>
            <FormattedMessage id="favorites.empty" />
          </p>
          <Link className="button button--primary" to={routes.all(data.languageId)}>
            <FormattedMessage id="favorites.browse" />
          </Link>
        </div>
      )}
    </div>
  );
}
