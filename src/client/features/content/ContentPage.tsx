import { useLoaderData } from 'react-router';
import { FormattedMessage } from '../../i18n/intl';
import { notFound, type LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { Head } from '../../components/Head';
import type { ContentPageFieldsFragment } from '../../graphql/generated/operations';
import { ContentPageDocument } from '../../graphql/generated/documents/ContentPage';
import { Widgets, widgetProducts, type WidgetProducts } from './Widgets';

/** The code of this page's parts that load apart, for the first page's hydration (app/routes.tsx). */
export { preloadShownParts } from '../../lib/lazy-part';

type Page = ContentPageFieldsFragment;

export interface LoadedPage {
  page: Page;
  products: WidgetProducts;
  alternates: Page['alternates'];
}

/** A page with its product lists' products (Widgets.tsx). */
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
      <Widgets widgets={page.widgets} products={products} />
    </article>
  );
}
