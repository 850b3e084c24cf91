import { notFound, type LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { ContentPreviewDocument } from '../../graphql/generated/documents/ContentPreview';
import { withProducts, type LoadedPage } from './content-loader';

/** The code of this page's parts that load apart, for the first page's hydration (app/routes.tsx). */
export { preloadShownParts } from '../../lib/lazy-part';

/** The same page as /{alias} shows, read through the preview query (its own chunk: shoppers never need it). */
export { ContentPage as ContentPreviewPage } from './ContentPage';

/** /content/{alias}: any page for an admin, the published one for anyone else (the server decides). */
export async function contentPreviewLoader(env: LoaderEnv, alias: string | undefined): Promise<LoadedPage> {
  if (!alias) notFound();
  const { contentPreview } = await queryFor(env, ContentPreviewDocument, { alias });
  if (!contentPreview) notFound();
  return withProducts(env, contentPreview);
}
