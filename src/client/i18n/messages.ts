import type { MessageFormatElement } from 'react-intl';
import type { LanguageId } from '../../shared/locales';
import type sv from '../../../locales/sv.json';

/** The pages' message ids: the keys of the Swedish catalog, the one source (a test keeps English in step). */
export type MessageId = keyof typeof sv;
/**
 * A language's catalog as the pages get it: already parsed (the build compiles the JSON to ICU message ASTs, see
 * compiledMessages in vite.config.ts, so the client carries no ICU parser).
 */
export type Messages = Record<MessageId, MessageFormatElement[]>;

// react-intl's ids are MessageId everywhere (formatMessage, FormattedMessage, IntlProvider's messages), so an id
// that is not in the catalog is a type error.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented augmentation point
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** Whether the catalog has `id`: for an id built from data where only some values have a text (a field's hint). */
export function hasMessage<Id extends string>(messages: Readonly<Partial<Record<string, unknown>>>, id: Id): id is Id & MessageId {
  return Object.hasOwn(messages, id);
}

/** Each language's strings load as their own chunk, so a page carries only its language. Compiled by the build. */
export async function loadMessages(languageId: LanguageId): Promise<Messages> {
  const module = languageId === 'en' ? await import('../../../locales/en.json') : await import('../../../locales/sv.json');
  // TypeScript types the JSON file; what arrives is the build's compiled copy of it.
  return module.default as unknown as Messages;
}

/**
 * The first page's catalog, while it holds only the texts of the server's render (the HTML carries no others:
 * src/server/render/first-render-messages.ts), and its language; null once whole, and on the server.
 */
let partial: { shown: Messages; languageId: LanguageId } | null = null;
let completion: Promise<void> | null = null;

/**
 * For the client's start (app/start.tsx), as the first page hydrates: the rest of the language's catalog loads
 * (its own chunk, about 6 KiB brotli) into the same object the page renders with, so nothing already shown renders
 * again; what renders later waits for it (withWholeMessages).
 */
export function completeFirstMessages(shown: Messages, languageId: LanguageId): void {
  partial = { shown, languageId };
  void wholeMessages().catch(() => undefined);
}

/**
 * Resolves once the page's catalog is whole: at once on the server, before the first page hydrates, and from then
 * on. A load that failed (the connection dropped) is tried again by the next call.
 */
export function wholeMessages(): Promise<void> {
  const pending = partial;
  if (!pending) return Promise.resolve();
  completion ??= loadMessages(pending.languageId).then(
    (all) => {
      for (const [id, message] of Object.entries(all)) if (!Object.hasOwn(pending.shown, id)) pending.shown[id as MessageId] = message;
      partial = null;
    },
    (error: unknown) => {
      completion = null;
      throw error;
    },
  );
  return completion;
}

/**
 * A lazily loaded part's import, which resolves once the page's catalog is whole too: a part drawn after the first
 * render (a panel, another page) may use a text the server's render did not.
 */
export const withWholeMessages =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), wholeMessages()]).then(([loaded]) => loaded);
