import type { ContentPageTranslationInput, ContentWidgetInput, ContentWidgetTextsInput } from '../../generated/api-types';
import { invalidInput } from '../../domain-error';
import { isLanguageId, languageIds, type LanguageId } from '../../../shared/locales';
import { safeReturnPath } from '../../../shared/routes';
import type { ContentPageWrite, StoredWidget } from './content-store';
import { USP_ICONS, WIDGET_KINDS, type WidgetKind } from './models';
import { sanitiseHtml } from './sanitise-html';

/** What one save may hold: more would be a page no shopper scrolls through, and work no request should do. */
export const MAX_WIDGETS = 30;
export const MAX_LIST_LIMIT = 24;
const MAX_TILES = 12;
const MAX_POINTS = 6;
const MAX_TEXT = 200;
const MAX_HTML = 50_000;
/** A content page's or a stored list's alias: one path segment of lower-case letters, digits and single hyphens. */
export const ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_ALIAS = 80;
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A picture the shop serves itself (the pages' policy lets images come from the shop's own origin only). */
const IMAGE_PATH = /^\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export const shortText = (what: string, value: string | null | undefined, required = true): string => {
  const text = (value ?? '').trim();
  if (required && !text) throw invalidInput(`${what} is required in every language`);
  if (text.length > MAX_TEXT) throw invalidInput(`${what} is longer than ${MAX_TEXT} characters`);
  return text;
};

/** Each language exactly once, both present (a page's translations, a widget's texts, a list's names). */
export function byLanguage<T extends { languageId: string }>(what: string, items: readonly T[]): Record<LanguageId, T> {
  const found = new Map<LanguageId, T>();
  for (const item of items) {
    if (!isLanguageId(item.languageId)) throw invalidInput(`${what}: unknown language ${JSON.stringify(item.languageId)}`);
    if (found.has(item.languageId)) throw invalidInput(`${what}: ${item.languageId} is given twice`);
    found.set(item.languageId, item);
  }
  for (const languageId of languageIds) if (!found.has(languageId)) throw invalidInput(`${what}: ${languageId} is missing`);
  return Object.fromEntries(found) as Record<LanguageId, T>;
}

function perLanguage(texts: Record<LanguageId, ContentWidgetTextsInput>, read: (t: ContentWidgetTextsInput) => Record<string, unknown>): StoredWidget['texts'] {
  return Object.fromEntries(languageIds.map((languageId) => [languageId, read(texts[languageId])]));
}

function widget(input: ContentWidgetInput, n: number): StoredWidget {
  const what = `widget ${n + 1}`;
  if (!(WIDGET_KINDS as readonly string[]).includes(input.kind)) throw invalidInput(`${what}: kind must be one of ${WIDGET_KINDS.join(', ')}`);
  const kind = input.kind as WidgetKind;
  const texts = byLanguage(`${what} texts`, input.texts);
  switch (kind) {
    case 'text':
      return {
        kind,
        settings: {},
        texts: perLanguage(texts, (t) => {
          const html = sanitiseHtml(t.html ?? '').trim();
          if (!html) throw invalidInput(`${what}: html is required in every language`);
          if (html.length > MAX_HTML) throw invalidInput(`${what}: html is longer than ${MAX_HTML} characters`);
          return { html };
        }),
      };
    case 'imageBanner': {
      if (!input.image || !IMAGE_PATH.test(input.image)) throw invalidInput(`${what}: image must be a path on the shop's own origin`);
      // A path without a leading slash is localized when shown (/en/… in English); one with it is used as given.
      const link = input.link ? (input.link.startsWith('/') ? safeReturnPath(input.link) : safeReturnPath(`/${input.link}`) && input.link) : null;
      if (input.link && !link) throw invalidInput(`${what}: link must be a path in the shop`);
      return {
        kind,
        settings: { image: input.image, link },
        texts: perLanguage(texts, (t) => ({ alt: shortText(`${what}: alt`, t.alt), heading: shortText(`${what}: heading`, t.heading, false) })),
      };
    }
    case 'productList': {
      const limit = input.limit ?? 6;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) throw invalidInput(`${what}: limit must be 1 to ${MAX_LIST_LIMIT}`);
      if (!input.listAlias) throw invalidInput(`${what}: listAlias is required`);
      return { kind, settings: { listAlias: input.listAlias, limit }, texts: perLanguage(texts, (t) => ({ title: shortText(`${what}: title`, t.title) })) };
    }
    case 'uspRow': {
      const icons = input.icons ?? [];
      const unknownIcon = icons.find((icon) => !(USP_ICONS as readonly string[]).includes(icon));
      if (unknownIcon !== undefined) throw invalidInput(`${what}: icon must be one of ${USP_ICONS.join(', ')}`);
      if (icons.length > MAX_POINTS) throw invalidInput(`${what}: at most ${MAX_POINTS} icons`);
      return {
        kind,
        settings: icons.length ? { icons } : {},
        texts: perLanguage(texts, (t) => {
          const points = (t.points ?? []).map((p) => shortText(`${what}: point`, p));
          if (points.length < 1 || points.length > MAX_POINTS) throw invalidInput(`${what}: one to ${MAX_POINTS} points in every language`);
          const details = (t.details ?? []).map((d) => shortText(`${what}: detail`, d, false));
          if (details.length > points.length) throw invalidInput(`${what}: more details than points`);
          const title = shortText(`${what}: title`, t.title, false);
          return { points, ...(details.length ? { details } : {}), ...(title ? { title } : {}) };
        }),
      };
    }
    case 'categoryTiles': {
      const categoryIds = [...new Set(input.categoryIds ?? [])];
      if (categoryIds.length < 1 || categoryIds.length > MAX_TILES) throw invalidInput(`${what}: one to ${MAX_TILES} categoryIds`);
      return { kind, settings: { categoryIds }, texts: perLanguage(texts, (t) => ({ title: shortText(`${what}: title`, t.title) })) };
    }
  }
}

/** A page to save from the admin's input, or an invalid-input error that names what is wrong. */
export function contentPageWrite(key: string, translations: readonly ContentPageTranslationInput[], widgets: readonly ContentWidgetInput[]): ContentPageWrite {
  if (!KEY.test(key) || key.length > 60) throw invalidInput('key must be lower-case letters, digits and single hyphens (at most 60)');
  if (widgets.length > MAX_WIDGETS) throw invalidInput(`A page holds at most ${MAX_WIDGETS} widgets`);
  const texts = byLanguage('translations', translations);
  return {
    key,
    translations: languageIds.map((languageId) => {
      const t = texts[languageId];
      if (!ALIAS.test(t.alias) || t.alias.length > MAX_ALIAS) throw invalidInput(`alias ${JSON.stringify(t.alias)}: lower-case letters, digits and single hyphens`);
      return { languageId, alias: t.alias, title: shortText('title', t.title), description: shortText('description', t.description, false) };
    }),
    widgets: widgets.map(widget),
  };
}

/** The list aliases the widgets name (each must be a stored list). */
export const listAliasesOf = (page: ContentPageWrite) =>
  page.widgets.flatMap((w) => (w.kind === 'productList' && typeof w.settings.listAlias === 'string' ? [w.settings.listAlias] : []));
