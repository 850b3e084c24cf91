/** The two channels (Swedish and English). Swedish is default and fallback and has no URL prefix. */
export const languageIds = ['sv', 'en'] as const;
export type LanguageId = (typeof languageIds)[number];

export interface Channel {
  languageId: LanguageId;
  channelId: string;
  iso: string;
  name: string;
  flag: string;
  /** URL prefix: '' for the default locale, '/en' for English. */
  prefix: string;
}

export const channels: Record<LanguageId, Channel> = {
  sv: { languageId: 'sv', channelId: '1|se', iso: 'sv-SE', name: 'Svenska', flag: 'se', prefix: '' },
  en: { languageId: 'en', channelId: '2|en', iso: 'en-US', name: 'English', flag: 'gb', prefix: '/en' },
};

export const defaultLanguage: LanguageId = 'sv';

export function isLanguageId(value: unknown): value is LanguageId {
  return value === 'sv' || value === 'en';
}

/** languageId wins; otherwise the channel's language; otherwise the default. */
export function resolveLanguage(channelId?: string | null, languageId?: string | null): LanguageId {
  if (isLanguageId(languageId)) return languageId;
  const byChannel = Object.values(channels).find((c) => c.channelId === channelId);
  return byChannel?.languageId ?? defaultLanguage;
}

/** Splits '/en/p/x' into { languageId: 'en', path: '/p/x' }; paths without a prefix are Swedish. */
export function splitLocalePath(pathname: string): { languageId: LanguageId; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { languageId: 'en', path: pathname.slice(3) || '/' };
  }
  return { languageId: 'sv', path: pathname || '/' };
}

/** Prefixes a site path with the locale ('/p/x' → '/en/p/x'); relative paths get a leading slash. */
export function localizePath(path: string, languageId: LanguageId): string {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  const prefix = channels[languageId].prefix;
  if (!prefix) return absolute;
  return absolute === '/' ? prefix : `${prefix}${absolute}`;
}
