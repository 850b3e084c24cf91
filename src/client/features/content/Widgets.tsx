import type { ContentPageFieldsFragment, ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { RichWidget } from './RichWidget';

export type Widget = ContentPageFieldsFragment['widgets'][number];
/** Per widget, in the page's order: a product list's products (null for any other widget). */
export type WidgetProducts = (readonly ProductCardFieldsFragment[] | null)[];

/**
 * A page's widgets in their order. `rows`: product lists as the home page's rows (one line that scrolls sideways on
 * a phone, the first list's first picture loaded at once: see RichWidget).
 */
export function Widgets({ widgets, products, rows = false }: { widgets: readonly Widget[]; products: WidgetProducts; rows?: boolean }) {
  const firstList = widgets.findIndex((widget) => widget.__typename === 'ProductListWidget');
  return widgets.map((widget, i) =>
    widget.__typename === 'TextWidget' ? (
      // Sanitised by the server when staff saved it (an allow-list of tags; content/sanitise-html.ts).
      <div key={i} className="content-page__body" dangerouslySetInnerHTML={{ __html: widget.html }} />
    ) : (
      <RichWidget key={i} widget={widget} products={products[i] ?? null} id={`widget-${i}`} row={rows} eager={rows && i === firstList} />
    ),
  );
}
