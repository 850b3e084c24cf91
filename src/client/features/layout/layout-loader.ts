import type { LoaderEnv } from '../../lib/route-context';
import { queryFor, tolerated } from '../../lib/loader-query';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { LayoutDocument } from '../../graphql/generated/documents/Layout';
import { ListCategoriesDocument } from '../../graphql/generated/documents/ListCategories';
import { loadMessages, type Messages } from '../../i18n/messages';

export interface LayoutData {
  layout: LayoutQuery;
  messages: Messages;
}

/**
 * Menus and channel for the frame, with the language's UI strings; a failed menu query opens the error page. The
 * category tree is read alongside, into the client's cache, for the category pages and filters that use it
 * (catalog/list), but a failure of it is tolerated here: the frame needs no category, and each page that does
 * goes on without the tree (the spec: category errors tolerated).
 */
export async function layoutLoader(env: LoaderEnv): Promise<LayoutData> {
  const [layout, messages] = await Promise.all([
    queryFor(env, LayoutDocument, {}),
    loadMessages(env.languageId),
    // In the browser only: a server render's reads end with it (its answer is not in the hydration data).
    typeof window === 'undefined' ? null : tolerated(queryFor(env, ListCategoriesDocument, {})),
  ]);
  return { layout, messages };
}
