import { notFound, type LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import type { ContentPageFieldsFragment } from '../../graphql/generated/operations';
import { ContentPageDocument } from '../../graphql/generated/documents/ContentPage';
import { widgetProducts } from './widget-products';
import type { WidgetProducts } from './Widgets';
import { hasRichWidgets, widgetsPart } from './widgets-part';

type Page = ContentPageFieldsFragment;

export interface LoadedPage {
  page: Page;
  products: WidgetProducts;
  alternates: Page['alternates'];
}

/**
 * A page with its product lists' products (widget-products.ts). The widgets' code, where some are more than text,
 * comes alongside, so that neither the server's first render nor a page the browser opens later waits for it after
 * the data; should it not come, the page opens without them (ContentPage's OptionalChunk).
 */
export async function withProducts(env: LoaderEnv, page: Page): Promise<LoadedPage> {
  const [products] = await Promise.all([
    widgetProducts(env, page.widgets),
    hasRichWidgets(page.widgets) ? widgetsPart.preload()?.catch(() => undefined) : null,
  ]);
  return { page, products, alternates: page.alternates };
}

/** /{alias}: a published page. */
export async function contentLoader(env: LoaderEnv, alias: string | undefined): Promise<LoadedPage> {
  if (!alias) notFound();
  const { contentPage } = await queryFor(env, ContentPageDocument, { alias }, { pageAnswer: true });
  if (!contentPage) notFound();
  return withProducts(env, contentPage);
}
