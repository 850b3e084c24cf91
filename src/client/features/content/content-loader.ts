import { notFound, type LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import type { ContentPageFieldsFragment } from '../../graphql/generated/operations';
import { ContentPageDocument } from '../../graphql/generated/documents/ContentPage';
import { widgetProducts } from './widget-products';
import type { WidgetProducts } from './Widgets';

type Page = ContentPageFieldsFragment;

export interface LoadedPage {
  page: Page;
  products: WidgetProducts;
  alternates: Page['alternates'];
}

/** A page with its product lists' products (widget-products.ts). */
export async function withProducts(env: LoaderEnv, page: Page): Promise<LoadedPage> {
  return { page, products: await widgetProducts(env, page.widgets), alternates: page.alternates };
}

/** /{alias}: a published page. */
export async function contentLoader(env: LoaderEnv, alias: string | undefined): Promise<LoadedPage> {
  if (!alias) notFound();
  const { contentPage } = await queryFor(env, ContentPageDocument, { alias }, { pageAnswer: true });
  if (!contentPage) notFound();
  return withProducts(env, contentPage);
}
