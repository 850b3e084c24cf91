import { useLoaderData } from 'react-router';
import { FormattedMessage } from '../../i18n/intl';
import { notFound, queryFor, type LoaderEnv } from '../../lib/route-context';
import { Head } from '../../components/Head';
import { Link } from '../../components/Link';
import type { ContentPageFieldsFragment, ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { ContentPageDocument } from '../../graphql/generated/documents/ContentPage';
import { ContentPreviewDocument } from '../../graphql/generated/documents/ContentPreview';
import { ProductListDocument } from '../../graphql/generated/documents/ProductList';
import { ProductGrid, selectionFilter } from '../catalog';

type Page = ContentPageFieldsFragment;
type Widget = Page['widgets'][number];

interface LoadedPage {
  page: Page;
  /** Per widget, in the page's order: a product list's products (null for any other widget). */
  products: (readonly ProductCardFieldsFragment[] | null)[];
  alternates: Page['alternates'];
}

/**
 * A product-list widget's products come through the catalog's own query (the list page's path: a GET by hash the
 * worker may keep), fetched beside the page's, so the first HTML holds them.
 */
async function withProducts(env: LoaderEnv, page: Page): Promise<LoadedPage> {
  const products = await Promise.all(
    page.widgets.map(async (widget) => {
      if (widget.__typename !== 'ProductListWidget' || !widget.list) return null;
      const { products: result } = await queryFor(env, ProductListDocument, { filter: { ...selectionFilter(widget.list.selection), limit: widget.limit } });
      return result.products;
    }),
  );
  return { page, products, alternates: page.alternates };
}

/** /{alias}: a published page. */
export async function contentLoader(env: LoaderEnv, alias: string | undefined): Promise<LoadedPage> {
  if (!alias) notFound();
  const { contentPage } = await queryFor(env, ContentPageDocument, { alias });
  if (!contentPage) notFound();
  return withProducts(env, contentPage);
}

/** /content/{alias}: any page for an admin, the published one for anyone else (the server decides). */
export async function contentPreviewLoader(env: LoaderEnv, alias: string | undefined): Promise<LoadedPage> {
  if (!alias) notFound();
  const { contentPreview } = await queryFor(env, ContentPreviewDocument, { alias });
  if (!contentPreview) notFound();
  return withProducts(env, contentPreview);
}

export function ContentPage() {
  const { page, products } = useLoaderData() as LoadedPage;
  return (
    <article className="page content-page">
      <Head title={page.title} description={page.description} canonical={page.canonicalUrl} alternates={page.alternates} />
      {!page.published && (
        <p className="content-page__draft" role="status">
          <FormattedMessage id="content.preview.notice" />
        </p>
      )}
      <h1 className="page__title">{page.title}</h1>
      {page.widgets.map((widget, i) => (
        <WidgetView key={i} widget={widget} products={products[i] ?? null} id={`widget-${i}`} />
      ))}
    </article>
  );
}

function WidgetView({ widget, products, id }: { widget: Widget; products: readonly ProductCardFieldsFragment[] | null; id: string }) {
  switch (widget.__typename) {
    case 'TextWidget':
      // Sanitised by the server when staff saved it (an allow-list of tags; content/sanitise-html.ts).
      return <div className="content-page__body" dangerouslySetInnerHTML={{ __html: widget.html }} />;
    case 'ImageBannerWidget': {
      const picture = (
        <>
          <img className="content-banner__image" src={widget.image} alt={widget.alt} width={1200} height={400} />
          {widget.heading && <span className="content-banner__heading">{widget.heading}</span>}
        </>
      );
      return <div className="content-banner">{widget.link ? <Link to={widget.link}>{picture}</Link> : picture}</div>;
    }
    case 'ProductListWidget':
      if (!widget.list || !products?.length) return null;
      return (
        <section className="home-row" aria-labelledby={id}>
          <div className="home-row__head">
            <h2 id={id} className="home-section__title">
              {widget.title}
            </h2>
            <Link to={widget.list.canonicalUrl} className="home-row__all">
              <FormattedMessage id="content.seeAll" />
              <span className="visually-hidden"> – {widget.title}</span>
            </Link>
          </div>
          <ProductGrid products={products} />
        </section>
      );
    case 'UspRowWidget':
      return (
        <ul className="content-usps">
          {widget.points.map((point) => (
            <li key={point} className="content-usps__point">
              {point}
            </li>
          ))}
        </ul>
      );
    case 'CategoryTilesWidget':
      return (
        <nav className="home-categories" aria-labelledby={id}>
          <h2 id={id} className="home-section__title">
            {widget.title}
          </h2>
          <ul className="home-categories__list">
            {widget.categories.map((category) => (
              <li key={category.categoryId}>
                <Link to={category.canonicalUrl} className="home-category">
                  <img src={`/images/c${category.categoryId}.svg`} alt="" width={248} height={248} loading="lazy" />
                  <span className="home-category__name">{category.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      );
  }
}
