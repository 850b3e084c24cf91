import { useLoaderData } from 'react-router';
import { FormattedMessage } from '../../i18n/intl';
import { Head } from '../../components/Head';
import { OptionalChunk } from '../../components/ChunkBoundary';
import type { Widget } from './Widgets';
import { TextWidget } from './TextWidget';
import { hasRichWidgets, widgetsPart } from './widgets-part';
import type { LoadedPage } from './content-loader';

/** The code of this page's parts that load apart, for the first page's hydration (app/routes.tsx). */
export { preloadShownParts } from '../../lib/lazy-part';

const Widgets = widgetsPart.Part;
const texts = (widgets: readonly Widget[]) => widgets.map((widget, i) => widget.__typename === 'TextWidget' && <TextWidget key={i} html={widget.html} />);

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
      {!hasRichWidgets(page.widgets) ? (
        texts(page.widgets)
      ) : (
        // The part's selector finds the wrapper (widgets-part.ts), whatever the widgets draw. Should their code not come,
        // the server's HTML stays while the page hydrates; on a page opened in the browser the text is drawn without
        // the rest, and another page's widgets try again (the key).
        <div className="content-page__widgets">
          <OptionalChunk key={page.canonicalUrl} instead={() => texts(page.widgets)}>
            <Widgets widgets={page.widgets} products={products} />
          </OptionalChunk>
        </div>
      )}
    </article>
  );
}
