import type { ContentPageFieldsFragment, ProductCardFieldsFragment } from '../../graphql/generated/operations';
import { RichWidget } from './RichWidget';
import { TextWidget } from './TextWidget';

export type Widget = ContentPageFieldsFragment['widgets'][number];
/** Per widget, in the page's order: a product list's products (null for any other widget). */
export type WidgetProducts = (readonly ProductCardFieldsFragment[] | null)[];

/**
 * A page's widgets in their order. `rows`: product lists as the home page's rows, the first one shown having its
 * first picture loaded at once (see RichWidget).
 */
export function Widgets({ widgets, products, rows = false }: { widgets: readonly Widget[]; products: WidgetProducts; rows?: boolean }) {
  // The first list that RichWidget draws: one without a list or products draws nothing.
  const firstList = widgets.findIndex((widget, i) => widget.__typename === 'ProductListWidget' && widget.list && products[i]?.length);
  return widgets.map((widget, i) =>
    widget.__typename === 'TextWidget' ? (
      <TextWidget key={i} html={widget.html} />
    ) : (
      <RichWidget key={i} widget={widget} products={products[i] ?? null} id={`widget-${i}`} row={rows} eager={rows && i === firstList} />
    ),
  );
}
