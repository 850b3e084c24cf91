import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import type { Widget, WidgetProducts } from './Widgets';

/**
 * A product-list widget's products come through the catalog's own query (the list page's path: a GET by hash the
 * worker may keep), fetched beside the page's, so the first HTML holds them. The query's document loads only for a
 * page that has such a widget.
 */
export async function widgetProducts(env: LoaderEnv, widgets: readonly Widget[]): Promise<WidgetProducts> {
  const lists = widgets.some((widget) => widget.__typename === 'ProductListWidget');
  const query = lists ? await Promise.all([import('../../graphql/generated/documents/ProductList'), import('../../lib/product-selection')]) : null;
  return Promise.all(
    widgets.map(async (widget) => {
      if (widget.__typename !== 'ProductListWidget' || !widget.list || !query) return null;
      const [{ ProductListDocument }, { selectionFilter }] = query;
      const { products: result } = await queryFor(env, ProductListDocument, { filter: { ...selectionFilter(widget.list.selection), limit: widget.limit } }, { pageAnswer: true });
      return result.products;
    }),
  );
}
