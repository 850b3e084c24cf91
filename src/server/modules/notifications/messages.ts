import type { LanguageId } from '../../../shared/locales';
import { t, type TextId } from '../../i18n';

/** The shopper-facing texts the back-in-stock API answers. */
export type ServerMessageId = 'backInStock.registered' | 'backInStock.alreadyInStock' | 'backInStock.unknownSku' | 'validation.email';

const textIds: Record<ServerMessageId, TextId> = {
  'backInStock.registered': 'server.backInStock.registered',
  'backInStock.alreadyInStock': 'server.backInStock.alreadyInStock',
  'backInStock.unknownSku': 'server.backInStock.unknownSku',
  // The product page's form says the same about the address it sends.
  'validation.email': 'validation.email',
};

export function serverMessage(languageId: LanguageId, id: ServerMessageId): string {
  return t(languageId, textIds[id]);
}
