import en from '../../../../locales/en.json';
import sv from '../../../../locales/sv.json';
import type { LanguageId } from '../../../shared/locales';

/** The shopper-facing texts the API answers; they live in the locale files with the rest of the UI's. */
export type ServerMessageId = 'backInStock.registered' | 'backInStock.alreadyInStock' | 'backInStock.unknownSku' | 'validation.email';

const catalogs: Record<LanguageId, Record<ServerMessageId, string>> = { sv, en };

export function serverMessage(languageId: LanguageId, id: ServerMessageId): string {
  return catalogs[languageId][id];
}
