import { useIntl } from '../i18n/intl';
import { channels, type LanguageId } from '../../shared/locales';

/** The page's language, from the IntlProvider the layout sets for the URL prefix. */
export function useLanguageId(): LanguageId {
  return useIntl().locale.startsWith('en') ? 'en' : 'sv';
}

/** channelId and languageId, which every GraphQL operation of the shop takes. */
export function useChannelVariables(): { channelId: string; languageId: LanguageId } {
  const languageId = useLanguageId();
  return { channelId: channels[languageId].channelId, languageId };
}
