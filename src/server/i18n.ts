import { IntlMessageFormat } from 'intl-messageformat';
import pagesEn from '../../locales/en.json';
import pagesSv from '../../locales/sv.json';
import serverEn from '../../locales/server/en.json';
import serverSv from '../../locales/server/sv.json';
import { channels, splitLocalePath, type LanguageId } from '../shared/locales';
import type { ShopVariant } from '../shared/shop';

/**
 * Every text the server says, in ICU message format, read through `t`. Two file pairs make one catalog: the
 * server's own texts (`locales/server/*.json`: API messages, mails, the 429 page), kept apart so the client's
 * language chunk does not carry them, and the pages' texts (`locales/*.json`), which the server shares with the
 * client (the shop's name, the error and offline pages, a payment method's name).
 */
export type TextId = keyof typeof serverSv | keyof typeof pagesSv;

/** Inserted as given: numbers and money arrive formatted the way the shop shows them ('1000', '1 299 kr'). */
export type TextValues = Readonly<Record<string, string>>;

// Typed against TextId, so a key missing from the English files is a type error as well as a test failure.
const catalogs: Record<LanguageId, Readonly<Record<TextId, string>>> = {
  sv: { ...pagesSv, ...serverSv },
  en: { ...pagesEn, ...serverEn },
};

const compiled: Record<LanguageId, Map<TextId, IntlMessageFormat>> = { sv: new Map(), en: new Map() };

/** The text `id` in `languageId` with its `{placeholders}` filled in; a missing value throws. */
export function t(languageId: LanguageId, id: TextId, values?: TextValues): string {
  let message = compiled[languageId].get(id);
  if (!message) {
    // Plain texts: a '<' in one is a character, not the start of a rich-text tag.
    message = new IntlMessageFormat(catalogs[languageId][id], channels[languageId].iso, undefined, { ignoreTag: true });
    compiled[languageId].set(id, message);
  }
  const text = message.format(values);
  if (typeof text !== 'string') throw new Error(`Text ${id} did not format to a string`);
  return text;
}

/** The language of a page request: '/en' and everything under it is English, every other path Swedish. */
export function languageOfUrl(url: string): LanguageId {
  return splitLocalePath(url.replace(/[?#].*$/s, '')).languageId;
}

/** The shop's name in a language: the same `shop.name` texts the pages show, for mails, seeded pages and the sender. */
export function shopName(variant: ShopVariant, languageId: LanguageId): string {
  return t(languageId, variant === 'candy' ? 'shop.name.candy' : 'shop.name');
}
