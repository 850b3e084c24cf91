import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/route-context';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { LayoutDocument } from '../../graphql/generated/documents/Layout';
import { loadMessages, type Messages } from '../../i18n/messages';

export interface LayoutData {
  layout: LayoutQuery;
  messages: Messages;
}

/** Menus, category tree and channel for the frame, with the language's UI strings. */
export async function layoutLoader(env: LoaderEnv): Promise<LayoutData> {
  const [layout, messages] = await Promise.all([queryFor(env, LayoutDocument, {}), loadMessages(env.languageId)]);
  return { layout, messages };
}
