import { OptionalChunk } from '../../components/ChunkBoundary';
import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { lazyPart } from '../../lib/lazy-part';
import type { ContentPageFieldsFragment, ProductCardFieldsFragment } from '../../graphql/generated/operations';

/**
 * Every widget but text (banners, product lists with the catalog's product grid, selling points, tiles) is in a
 * chunk of its own, so a content page's and the home page's first route stay small and a text-only page never
 * loads it; the server still renders it in place (lib/lazy-part.ts).
 */
const rich = lazyPart(
  () => import('./RichWidget').then((loaded) => loaded.RichWidget),
  // What RichWidget draws (a text-only page does not load it).
  '.content-banner, .home-row, .home-usps, .content-usps, .home-categories',
  { file: 'content/RichWidget' },
);
const RichWidget = rich.Part;

export type Widget = ContentPageFieldsFragment['widgets'][number];
/** Per widget, in the page's order: a product list's products (null for any other widget). */
export type WidgetProducts = (readonly ProductCardFieldsFragment[] | null)[];

/**
 * A product-list widget's products come through the catalog's own query (the list page's path: a GET by hash the
 * worker may keep), fetched beside the page's, so the first HTML holds them. The query's document loads only for a
 * page that has such a widget. The widgets' chunk loads alongside, so that neither the server's first render nor a
 * page the browser opens later waits for it after the data (which would stream the widgets in, or shift the page).
 */
export async function widgetProducts(env: LoaderEnv, widgets: readonly Widget[]): Promise<WidgetProducts> {
  const lists = widgets.some((widget) => widget.__typename === 'ProductListWidget');
  const richKinds = widgets.some((widget) => widget.__typename !== 'TextWidget');
  const [query] = await Promise.all([
    lists ? Promise.all([import('../../graphql/generated/documents/ProductList'), import('../../lib/product-selection')]) : null,
    richKinds ? rich.preload() : null,
  ]);
  return Promise.all(
    widgets.map(async (widget) => {
      if (widget.__typename !== 'ProductListWidget' || !widget.list || !query) return null;
      const [{ ProductListDocument }, { selectionFilter }] = query;
      const { products: result } = await queryFor(env, ProductListDocument, { filter: { ...selectionFilter(widget.list.selection), limit: widget.limit } }, { pageAnswer: true });
      return result.products;
    }),
  );
}

/**
 * A page's widgets in their order. `rows`: product lists as the home page's rows (one line that scrolls sideways on
 * a phone, the first list's first pictures loaded at once since they are above the fold).
 */
export function Widgets({ widgets, products, rows = false }: { widgets: readonly Widget[]; products: WidgetProducts; rows?: boolean }) {
  const firstList = widgets.findIndex((widget) => widget.__typename === 'ProductListWidget');
  return widgets.map((widget, i) =>
    widget.__typename === 'TextWidget' ? (
      // Sanitised by the server when staff saved it (an allow-list of tags; content/sanitise-html.ts).
      <div key={i} className="content-page__body" dangerouslySetInnerHTML={{ __html: widget.html }} />
    ) : (
      <OptionalChunk key={i}>
        <RichWidget widget={widget} products={products[i] ?? null} id={`widget-${i}`} row={rows} eager={rows && i === firstList} />
      </OptionalChunk>
    ),
  );
}
