import type { Queryable } from '../../db/client';
import { languageIdOf, oneOf } from '../../db/row-values';
import { localizePath, type LanguageId } from '../../../shared/locales';
import { USP_ICONS, WIDGET_KINDS, type UspIcon, type ContentPageModel, type MenuItemModel, type MenuModel, type ProductListDefinitionModel, type ProductSelectionModel, type WidgetKind, type WidgetModel } from './models';

/** Every SQL statement of the content module (menus and content pages), each mapping its rows to models.ts. */

/** A menu location's menu in one language, its items flat in their order; null when there is none. */
export async function menuAtLocation(db: Queryable, menuLocationId: string, languageId: LanguageId): Promise<MenuModel | null> {
  const [menu] = await db.query<{ title: string }>('SELECT title FROM menus WHERE menu_location_id = $1 AND language_id = $2', [
    menuLocationId,
    languageId,
  ]);
  if (!menu) return null;
  const rows = await db.query<{
    id: number;
    parent_id: number | null;
    label: string;
    title: string;
    type: string;
    sort_order: number;
    canonical_url: string;
    target_blank: boolean;
  }>(
    `SELECT id, parent_id, label, title, type, sort_order, canonical_url, target_blank FROM menu_items
     WHERE menu_location_id = $1 AND language_id = $2 ORDER BY sort_order, id`,
    [menuLocationId, languageId],
  );
  const items = rows.map(
    (r): MenuItemModel => ({
      id: r.id,
      parentId: r.parent_id,
      label: r.label,
      title: r.title,
      type: r.type,
      order: r.sort_order,
      canonicalUrl: r.canonical_url,
      targetBlank: r.target_blank,
    }),
  );
  return { title: menu.title, items };
}

/** A widget as stored: what is the same in every language, and each language's texts. */
export interface StoredWidget {
  kind: WidgetKind;
  settings: Record<string, unknown>;
  texts: Partial<Record<LanguageId, Record<string, unknown>>>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A link in the shop: a path without a leading slash is the same page in each language (spec: such links are localized). */
const linkIn = (value: unknown, languageId: LanguageId) => {
  const link = text(value);
  if (!link) return null;
  return link.startsWith('/') ? link : localizePath(link, languageId);
};
const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : []);

/** A stored widget in one language; a text it lacks in that language reads as empty. */
function widgetIn(stored: StoredWidget, languageId: LanguageId): WidgetModel {
  const { settings } = stored;
  const texts = stored.texts[languageId] ?? {};
  switch (stored.kind) {
    case 'text':
      return { languageId, kind: 'text', html: text(texts.html) };
    case 'imageBanner':
      return { languageId, kind: 'imageBanner', image: text(settings.image), link: linkIn(settings.link, languageId), alt: text(texts.alt), heading: text(texts.heading) };
    case 'productList':
      return { languageId, kind: 'productList', listAlias: text(settings.listAlias), limit: Number(settings.limit) || 1, title: text(texts.title) };
    case 'uspRow': {
      // A point's line under it (texts.details) and picture (settings.icons) go by the point's position.
      const details = Array.isArray(texts.details) ? texts.details : [];
      const icons = Array.isArray(settings.icons) ? settings.icons : [];
      const iconAt = (i: number) => ((USP_ICONS as readonly unknown[]).includes(icons[i]) ? (icons[i] as UspIcon) : null);
      const points = Array.isArray(texts.points) ? texts.points.map((p, i) => ({ title: text(p), text: text(details[i]), icon: iconAt(i) })) : [];
      return { languageId, kind: 'uspRow', title: text(texts.title), points: points.filter((p) => p.title) };
    }
    case 'categoryTiles':
      return { languageId, kind: 'categoryTiles', categoryIds: ids(settings.categoryIds), title: text(texts.title) };
  }
}

async function widgetsOf(db: Queryable, pageId: number, languageId: LanguageId): Promise<WidgetModel[]> {
  const rows = await db.query<{ kind: string; settings: Record<string, unknown>; texts: StoredWidget['texts'] }>(
    'SELECT kind, settings, texts FROM content_widgets WHERE page_id = $1 ORDER BY position',
    [pageId],
  );
  return rows.map((r) => widgetIn({ kind: oneOf('widget kind', WIDGET_KINDS, r.kind), settings: r.settings, texts: r.texts }, languageId));
}

/**
 * By alias in the language asked, else by the alias of another language (a shared or switched link). Published
 * pages only, unless the caller may see the others (an admin's preview).
 */
export async function contentPageByAlias(
  db: Queryable,
  alias: string,
  languageId: LanguageId,
  { unpublished = false }: { unpublished?: boolean } = {},
): Promise<ContentPageModel | null> {
  const [row] = await db.query<{ page_id: number; key: string; alias: string; title: string; description: string; published: boolean }>(
    `SELECT p.page_id, p.key, t.alias, t.title, t.description, p.published FROM content_pages p
     JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $1
     WHERE p.page_id = (SELECT page_id FROM content_page_translations WHERE alias = $2
                        ORDER BY (language_id = $1) DESC LIMIT 1)
       AND (p.published OR $3)`,
    [languageId, alias, unpublished],
  );
  if (!row) return null;
  return {
    languageId,
    pageId: row.page_id,
    key: row.key,
    alias: row.alias,
    title: row.title,
    description: row.description,
    published: row.published,
    widgets: await widgetsOf(db, row.page_id, languageId),
  };
}

/** A published page by its key (the home page's: models.ts HOME_PAGE_KEY) in one language; null when there is none. */
export async function publishedContentPageByKey(db: Queryable, key: string, languageId: LanguageId): Promise<ContentPageModel | null> {
  const [row] = await db.query<{ alias: string }>(
    `SELECT t.alias FROM content_pages p JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $2
     WHERE p.key = $1 AND p.published`,
    [key, languageId],
  );
  return row ? contentPageByAlias(db, row.alias, languageId) : null;
}

/** Every page in one language, published or not, by key: the admin's preview index. */
export async function contentPageSummaries(db: Queryable, languageId: LanguageId) {
  const rows = await db.query<{ key: string; alias: string; title: string; published: boolean }>(
    `SELECT p.key, t.alias, t.title, p.published FROM content_pages p
     JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $1 ORDER BY p.key`,
    [languageId],
  );
  return rows.map((r) => ({ languageId, key: r.key, alias: r.alias, title: r.title, published: r.published }));
}

export interface ContentPageWrite {
  key: string;
  translations: { languageId: LanguageId; alias: string; title: string; description: string }[];
  widgets: StoredWidget[];
}

/**
 * Creates the page with this key (unpublished) or replaces its texts and widgets, keeping its published state.
 * Answers the page's id, or null when an alias is another page's already.
 */
export async function saveContentPage(tx: Queryable, page: ContentPageWrite): Promise<number | null> {
  const [taken] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM content_page_translations t JOIN content_pages p USING (page_id)
     WHERE p.key <> $1 AND (t.language_id, t.alias) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [page.key, page.translations.map((t) => t.languageId), page.translations.map((t) => t.alias)],
  );
  if (taken && taken.n > 0) return null;
  // Page ids are small and few; the lock keeps two first saves from taking the same one.
  await tx.query('LOCK TABLE content_pages IN SHARE ROW EXCLUSIVE MODE');
  const [row] = await tx.query<{ page_id: number }>(
    `INSERT INTO content_pages (page_id, key) VALUES ((SELECT coalesce(max(page_id), 0) + 1 FROM content_pages), $1)
     ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key RETURNING page_id`,
    [page.key],
  );
  const pageId = row!.page_id;
  await tx.query('DELETE FROM content_page_translations WHERE page_id = $1', [pageId]);
  for (const t of page.translations) {
    await tx.query('INSERT INTO content_page_translations (page_id, language_id, alias, title, description) VALUES ($1, $2, $3, $4, $5)', [
      pageId,
      t.languageId,
      t.alias,
      t.title,
      t.description,
    ]);
  }
  await tx.query('DELETE FROM content_widgets WHERE page_id = $1', [pageId]);
  for (const [position, w] of page.widgets.entries()) {
    await tx.query('INSERT INTO content_widgets (page_id, position, kind, settings, texts) VALUES ($1, $2, $3, $4, $5)', [
      pageId,
      position,
      w.kind,
      JSON.stringify(w.settings),
      JSON.stringify(w.texts),
    ]);
  }
  return pageId;
}

/** Publishes or unpublishes the page with this key; answers its id, or null when there is none. */
export async function setContentPagePublished(db: Queryable, key: string, published: boolean): Promise<{ pageId: number } | null> {
  const [row] = await db.query<{ page_id: number }>('UPDATE content_pages SET published = $2 WHERE key = $1 RETURNING page_id', [key, published]);
  return row ? { pageId: row.page_id } : null;
}

/** Any page's alias in a language by its id, published or not (what an admin mutation answers with). */
export async function contentPageAliasById(db: Queryable, pageId: number, languageId: LanguageId): Promise<string | null> {
  const [row] = await db.query<{ alias: string }>('SELECT alias FROM content_page_translations WHERE page_id = $1 AND language_id = $2', [pageId, languageId]);
  return row?.alias ?? null;
}

/** A list the shop defines, by its alias (the same in every language), with its name in the language asked. */
export async function productListByAlias(db: Queryable, alias: string, languageId: LanguageId): Promise<ProductListDefinitionModel | null> {
  const [row] = await db.query<{
    list_id: number;
    alias: string;
    category_id: number | null;
    brand_id: number | null;
    campaign_id: number | null;
    product_ids: number[];
    search_text: string | null;
    sort: ProductSelectionModel['sort'];
    name: string;
    description: string;
  }>(
    `SELECT l.list_id, l.alias, l.category_id, l.brand_id, l.campaign_id, l.product_ids, l.search_text, l.sort, t.name, t.description
     FROM product_lists l JOIN product_list_translations t ON t.list_id = l.list_id AND t.language_id = $2
     WHERE l.alias = $1`,
    [alias, languageId],
  );
  if (!row) return null;
  const one = (id: number | null) => (id == null ? [] : [id]);
  return {
    languageId,
    listId: row.list_id,
    alias: row.alias,
    name: row.name,
    description: row.description,
    selection: {
      categoryIds: one(row.category_id),
      brandIds: one(row.brand_id),
      discountCampaignIds: one(row.campaign_id),
      productIds: row.product_ids,
      searchText: row.search_text,
      sort: row.sort,
    },
  };
}

/** Which of these list aliases exist. */
export async function existingListAliases(db: Queryable, aliases: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ alias: string }>('SELECT alias FROM product_lists WHERE alias = ANY($1::text[])', [aliases]);
  return new Set(rows.map((r) => r.alias));
}

/** The page's alias in every language, for hreflang links and the language switcher. */
export async function contentPageAliases(db: Queryable, pageId: number): Promise<{ languageId: LanguageId; alias: string }[]> {
  const rows = await db.query<{ language_id: string; alias: string }>(
    'SELECT language_id, alias FROM content_page_translations WHERE page_id = $1',
    [pageId],
  );
  return rows.map((r) => ({ languageId: languageIdOf(r.language_id), alias: r.alias }));
}
