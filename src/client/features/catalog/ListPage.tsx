import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLoaderData } from 'react-router';
import { notFound, queryFor, type LoaderEnv } from '../../app/route-context';
import { Head, type Alternate } from '../../components/Head';
import {
  BrandByAliasDocument,
  CampaignByAliasDocument,
  CategoryByAliasDocument,
  ProductListDocument,
  type FilterInputType,
  type ProductListQuery,
} from '../../graphql/generated/operations';
import { localizePath } from '../../../shared/locales';
import { ProductGrid } from './ProductCard';

const PAGE_SIZE = 24;

export type ListKind = 'all' | 'category' | 'brand' | 'campaign';

interface ListData {
  title: string;
  description: string;
  canonicalUrl: string;
  alternates: Alternate[];
  page: number;
  list: ProductListQuery['products'];
}

function pageFrom(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Resolves the list's subject (an unknown alias is a 404) and loads one page of its products. */
export async function listLoader(env: LoaderEnv, kind: ListKind, alias: string | undefined, url: URL): Promise<ListData> {
  let filter: FilterInputType = {};
  let head: Omit<ListData, 'page' | 'list'>;
  if (kind === 'all') {
    head = {
      title: env.languageId === 'sv' ? 'Alla produkter' : 'All products',
      description: '',
      canonicalUrl: localizePath('/allt', env.languageId),
      alternates: [
        { languageId: 'sv', canonicalUrl: '/allt' },
        { languageId: 'en', canonicalUrl: '/en/allt' },
      ],
    };
  } else {
    if (!alias) notFound();
    if (kind === 'category') {
      const { category } = await queryFor(env, CategoryByAliasDocument, { alias });
      if (!category) notFound();
      filter = { categoryIds: [category.categoryId] };
      head = { title: category.name, description: category.description, canonicalUrl: category.canonicalUrl, alternates: category.alternates };
    } else if (kind === 'brand') {
      const { brand } = await queryFor(env, BrandByAliasDocument, { alias });
      if (!brand) notFound();
      filter = { brandIds: [brand.brandId] };
      const other = env.languageId === 'sv' ? 'en' : 'sv';
      head = {
        title: brand.name,
        description: brand.description,
        canonicalUrl: brand.canonicalUrl,
        alternates: [
          { languageId: env.languageId, canonicalUrl: brand.canonicalUrl },
          { languageId: other, canonicalUrl: localizePath(`/b/${brand.alias}`, other) },
        ],
      };
    } else {
      const { discountCampaign } = await queryFor(env, CampaignByAliasDocument, { alias });
      if (!discountCampaign) notFound();
      filter = { discountCampaignIds: [discountCampaign.discountCampaignId] };
      head = {
        title: discountCampaign.name,
        description: discountCampaign.description,
        canonicalUrl: discountCampaign.canonicalUrl,
        alternates: discountCampaign.alternates,
      };
    }
  }
  const page = pageFrom(url);
  const { products } = await queryFor(env, ProductListDocument, { filter: { ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } });
  return { ...head, page, list: products };
}

export function ListPage() {
  const data = useLoaderData() as ListData;
  const intl = useIntl();
  const shown = Math.min(data.list.count, (data.page - 1) * PAGE_SIZE + data.list.products.length);
  const hasMore = shown < data.list.count;
  return (
    <div className="page list-page">
      <Head title={data.title} description={data.description || undefined} canonical={data.canonicalUrl} alternates={data.alternates} />
      <h1 className="page__title">{data.title}</h1>
      {data.description && <p className="page__lead">{data.description}</p>}
      {data.list.products.length ? (
        <ProductGrid products={data.list.products} eagerCount={2} />
      ) : (
        <p>
          <FormattedMessage id="list.empty" />
        </p>
      )}
      <p className="list-page__count" aria-live="polite">
        {intl.formatMessage({ id: 'list.showing' }, { sum: shown, total: data.list.count })}
      </p>
      {hasMore && (
        <Link className="button" to={`?page=${data.page + 1}`}>
          <FormattedMessage id="list.next" />
        </Link>
      )}
    </div>
  );
}
