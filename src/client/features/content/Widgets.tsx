import { OptionalChunk } from '../../components/ChunkBoundary';
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
/** For a loader (widget-products.ts): the widgets' code comes with the data rather than after it. */
export const preloadRichWidget = rich.preload;

export type Widget = ContentPageFieldsFragment['widgets'][number];
/** Per widget, in the page's order: a product list's products (null for any other widget). */
export type WidgetProducts = (readonly ProductCardFieldsFragment[] | null)[];

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
