import type { LanguageId } from '../../shared/locales';
import type sv from '../../../locales/sv.json';

export type MessageId = keyof typeof sv;
export type Messages = Record<MessageId, string>;

/** Each language's strings load as their own chunk, so a page carries only its language. */
export async function loadMessages(languageId: LanguageId): Promise<Messages> {
  const module = languageId === 'en' ? await import('../../../locales/en.json') : await import('../../../locales/sv.json');
  return module.default as Messages;
}
