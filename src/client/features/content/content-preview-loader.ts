import { notFound, type LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { ContentPreviewDocument } from '../../graphql/generated/documents/ContentPreview';
import { withProducts, type LoadedPage } from './content-loader';

/** /content/{alias}: any page for an admin, the published one for anyone else (the server decides). */
export async function contentPreviewLoader(env: LoaderEnv, alias: string | undefined): Promise<LoadedPage> {
  if (!alias) notFound();
  const { contentPreview } = await queryFor(env, ContentPreviewDocument, { alias });
  if (!contentPreview) notFound();
  return withProducts(env, contentPreview);
}
