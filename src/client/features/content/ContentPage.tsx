import { useLoaderData } from 'react-router';
import { notFound, queryFor, type LoaderEnv } from '../../lib/route-context';
import { Head } from '../../components/Head';
import type { ContentPageQuery } from '../../graphql/generated/operations';
import { ContentPageDocument } from '../../graphql/generated/documents/ContentPage';

type Page = NonNullable<ContentPageQuery['contentPage']>;

export async function contentLoader(env: LoaderEnv, alias: string | undefined) {
  if (!alias) notFound();
  const { contentPage } = await queryFor(env, ContentPageDocument, { alias });
  if (!contentPage) notFound();
  return { page: contentPage, alternates: contentPage.alternates };
}

export function ContentPage() {
  const { page } = useLoaderData() as { page: Page };
  return (
    <article className="page content-page">
      <Head title={page.title} description={page.description} canonical={page.canonicalUrl} alternates={page.alternates} />
      <h1 className="page__title">{page.title}</h1>
      {/* The body is the shop's own seeded HTML, written by staff, never shopper input. */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: page.body }} />
    </article>
  );
}
