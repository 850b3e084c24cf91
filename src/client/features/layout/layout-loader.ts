import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/route-context';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { loadMessages, type Messages } from '../../i18n/messages';

export interface LayoutData {
  layout: LayoutQuery;
  messages: Messages;
}

/**
 * Menus, category tree and channel for the frame, with the language's UI strings. The first page has them from the
 * server, so the query's document loads only when the browser asks again (another language).
 */
export async function layoutLoader(env: LoaderEnv): Promise<LayoutData> {
  const layoutQuery = import('../../graphql/generated/documents/Layout').then(({ LayoutDocument }) => queryFor(env, LayoutDocument, {}));
  const [layout, messages] = await Promise.all([layoutQuery, loadMessages(env.languageId)]);
  return { layout, messages };
}
