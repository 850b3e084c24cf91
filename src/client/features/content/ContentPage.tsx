import { lazy, Suspense } from 'react';
import type { RichWidget as RichWidgetType } from './RichWidget';
import { useLoaderData } from 'react-router';
import { FormattedMessage } from '../../i18n/intl';
import { notFound, queryFor, type LoaderEnv } from '../../lib/route-context';
import { Head } from '../../components/Head';
import type { ContentPageFieldsFragment, ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { ContentPageDocument } from '../../graphql/generated/documents/ContentPage';

type RichWidgetView = typeof RichWidgetType;
let rich: RichWidgetView | undefined;
const loadRich = () => import('./RichWidget').then((loaded) => (rich = loaded.RichWidget));
// The server loads it at once, so its renders never wait for it (see RichWidget below).
if (typeof window === 'undefined') void loadRich();

/**
 * Every widget but text (banners, product lists with the catalog's product grid, selling points, tiles) loads after
 * the page's own chunk, so a content page's first route stays small and a text-only page never loads it. In the
 * browser its Suspense boundary keeps the server's HTML until the chunk is there, then hydrates. Once loaded it is
 * handed over at once (a thenable that resolves as it is asked), so the server renders it in the first HTML rather
 * than streaming it in later.
 */
const RichWidget = lazy(() => {
  const ready = rich;
  // React reads only `then` (its types ask for a whole Promise).
  if (ready) return { then: (resolve: (value: { default: RichWidgetView }) => void) => resolve({ default: ready }) } as unknown as Promise<{ default: RichWidgetView }>;
  return loadRich().then((loaded) => ({ default: loaded }));
});

type Page = ContentPageFieldsFragment;
export type Widget = Page['widgets'][number];

export interface LoadedPage {
  page: Page;
  /** Per widget, in the page's order: a product list's products (null for any other widget). */
  products: (readonly ProductCardFieldsFragment[] | null)[];
  alternates: Page['alternates'];
}

/**
 * A product-list widget's products come through the catalog's own query (the list page's path: a GET by hash the
 * worker may keep), fetched beside the page's, so the first HTML holds them. The query's document loads only for a
 * page that has such a widget.
 */
export async function withProducts(env: LoaderEnv, page: Page): Promise<LoadedPage> {
  const lists = page.widgets.some((widget) => widget.__typename === 'ProductListWidget');
  const query = lists ? await Promise.all([import('../../graphql/generated/documents/ProductList'), import('../../lib/product-selection')]) : null;
  const products = await Promise.all(
    page.widgets.map(async (widget) => {
      if (widget.__typename !== 'ProductListWidget' || !widget.list || !query) return null;
      const [{ ProductListDocument }, { selectionFilter }] = query;
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
      {page.widgets.map((widget, i) =>
        widget.__typename === 'TextWidget' ? (
          // Sanitised by the server when staff saved it (an allow-list of tags; content/sanitise-html.ts).
          <div key={i} className="content-page__body" dangerouslySetInnerHTML={{ __html: widget.html }} />
        ) : (
          <Suspense key={i}>
            <RichWidget widget={widget} products={products[i] ?? null} id={`widget-${i}`} />
          </Suspense>
        ),
      )}
    </article>
  );
}

