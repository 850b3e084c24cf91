import { useLoaderData } from 'react-router';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { notFound, type LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { Head } from '../../components/Head';
import { Link } from '../../components/Link';
import type { ContentPagesForPreviewQuery } from '../../graphql/generated/operations';
import { ContentPagesForPreviewDocument } from '../../graphql/generated/documents/ContentPagesForPreview';
import { routes } from '../../../shared/routes';
import { useLanguageId } from '../../hooks/use-language';

type Pages = NonNullable<ContentPagesForPreviewQuery['contentPagesForPreview']>;

/** Every content page for an admin; anyone else gets the not-found page, not a hint that drafts exist. */
export async function previewWidgetsLoader(env: LoaderEnv): Promise<{ pages: Pages }> {
  const { contentPagesForPreview } = await queryFor(env, ContentPagesForPreviewDocument, {});
  if (!contentPagesForPreview) notFound();
  return { pages: contentPagesForPreview };
}

export function PreviewWidgetsPage() {
  const { pages } = useLoaderData() as { pages: Pages };
  const intl = useIntl();
  const languageId = useLanguageId();
  const title = intl.formatMessage({ id: 'content.preview.title' });
  return (
    <div className="page content-page">
      <Head title={title} />
      <meta name="robots" content="noindex" />
      <h1 className="page__title">{title}</h1>
      <ul className="content-preview-list">
        {pages.map((page) => (
          <li key={page.key}>
            <Link to={routes.contentPreview(page.alias, languageId)}>{page.title}</Link>{' '}
            <span className="content-preview-list__state">
              <FormattedMessage id={page.published ? 'content.preview.published' : 'content.preview.unpublished'} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
