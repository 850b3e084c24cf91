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
