import type { LanguageId } from '../../shared/locales';
import type sv from '../../../locales/sv.json';

/** The pages' message ids: the keys of the Swedish catalog, the one source (a test keeps English in step). */
export type MessageId = keyof typeof sv;
export type Messages = Record<MessageId, string>;

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

/** Each language's strings load as their own chunk, so a page carries only its language. */
export async function loadMessages(languageId: LanguageId): Promise<Messages> {
  const module = languageId === 'en' ? await import('../../../locales/en.json') : await import('../../../locales/sv.json');
  return module.default as Messages;
}
