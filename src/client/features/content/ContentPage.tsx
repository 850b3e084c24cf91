import { useLoaderData } from 'react-router';
import { FormattedMessage } from '../../i18n/intl';
import { Head } from '../../components/Head';
import { Widgets } from './Widgets';
import type { LoadedPage } from './content-loader';

/** The loader's code, a chunk apart (app/start.tsx, preloadPage). */
export const preloadLoader = () => import('./content-loader');

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
