import { localizePath, type LanguageId } from './locales';

/** Canonical URLs of catalog entities; the server stores aliases, these helpers give them a path. */
export const routes = {
  product: (alias: string, languageId: LanguageId) => localizePath(`/p/${alias}`, languageId),
  category: (aliases: readonly string[], languageId: LanguageId) =>
    // Deep categories keep their parent for readable URLs: /c/{parent}/{category} (spec: /c/(any)/{category}).
    localizePath(`/c/${aliases.slice(-2).join('/')}`, languageId),
  brand: (alias: string, languageId: LanguageId) => localizePath(`/b/${alias}`, languageId),
  campaign: (alias: string, languageId: LanguageId) => localizePath(`/dc/${alias}`, languageId),
  content: (alias: string, languageId: LanguageId) => localizePath(`/${alias}`, languageId),
  search: (text: string, languageId: LanguageId) => localizePath(`/s/${encodeURIComponent(text)}`, languageId),
  brands: (languageId: LanguageId) => localizePath(languageId === 'sv' ? '/varumarken' : '/brands', languageId),
  all: (languageId: LanguageId) => localizePath('/allt', languageId),
  favorites: (languageId: LanguageId) => localizePath(languageId === 'sv' ? '/favoriter' : '/favorites', languageId),
  checkout: (languageId: LanguageId) => localizePath(languageId === 'sv' ? '/kassan' : '/checkout', languageId),
  home: (languageId: LanguageId) => localizePath('/', languageId),
  /** The service worker's answer to a page it cannot fetch and never stored (a file name, so no content alias takes it). */
  offline: (languageId: LanguageId) => localizePath('/offline.html', languageId),
};
