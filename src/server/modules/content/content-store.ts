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
  return rows.map((r) => storedWidgetIn(r, languageId));
}

/** A widget as a jsonb row or a draft's array holds it; an unknown kind throws (the table's check keeps them out). */
const storedWidget = (r: { kind?: unknown; settings?: unknown; texts?: unknown }): StoredWidget => ({
  kind: oneOf('widget kind', WIDGET_KINDS, String(r.kind)),
  settings: isRecord(r.settings) ? r.settings : {},
  texts: isRecord(r.texts) ? (r.texts as StoredWidget['texts']) : {},
});
const storedWidgetIn = (r: { kind?: unknown; settings?: unknown; texts?: unknown }, languageId: LanguageId) => widgetIn(storedWidget(r), languageId);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A draft's translations as stored (content_page_drafts.translations, migration 0025). */
interface StoredTranslation {
  language_id: string;
  alias: string;
  title: string;
  description: string;
}

/**
 * Every page's alias in every language, live and in pending edits: what a preview follows and what a save may not
 * take. Shoppers' reads use content_page_translations alone.
 */
const ALIASES = `SELECT page_id, language_id, alias FROM content_page_translations
  UNION ALL
  SELECT d.page_id, t.language_id, t.alias FROM content_page_drafts d, jsonb_to_recordset(d.translations) AS t (language_id text, alias text)`;

/**
 * By alias in the language asked, else by the alias of another language (a shared or switched link). Published
 * pages only, unless the caller may see the others (an admin's preview), who sees a live page's pending edit too.
 */
export async function contentPageByAlias(
  db: Queryable,
  alias: string,
  languageId: LanguageId,
  { unpublished = false }: { unpublished?: boolean } = {},
): Promise<ContentPageModel | null> {
  const [found] = await db.query<{ page_id: number }>(
    unpublished
      ? `SELECT page_id FROM (${ALIASES}) a WHERE alias = $2 ORDER BY (language_id = $1) DESC LIMIT 1`
      : `SELECT page_id FROM content_page_translations WHERE alias = $2 ORDER BY (language_id = $1) DESC LIMIT 1`,
    [languageId, alias],
  );
  return found ? contentPageById(db, found.page_id, languageId, { unpublished }) : null;
}

/**
 * A page by its id in one language: published only, unless `unpublished` (an admin), who sees its pending edit
 * where it has one (`draft`).
 */
export async function contentPageById(
  db: Queryable,
  pageId: number,
  languageId: LanguageId,
  { unpublished = false }: { unpublished?: boolean } = {},
): Promise<ContentPageModel | null> {
  const [row] = await db.query<{
    page_id: number;
    key: string;
    published: boolean;
    alias: string;
    title: string;
    description: string;
    draft_translations: StoredTranslation[] | null;
    draft_widgets: unknown[] | null;
  }>(
    `SELECT p.page_id, p.key, p.published, t.alias, t.title, t.description, d.translations AS draft_translations, d.widgets AS draft_widgets
     FROM content_pages p
     JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $2
     LEFT JOIN content_page_drafts d ON d.page_id = p.page_id AND $3
     WHERE p.page_id = $1 AND (p.published OR $3)`,
    [pageId, languageId, unpublished],
  );
  if (!row) return null;
  const page = { languageId, pageId: row.page_id, key: row.key, published: row.published };
  const draft = row.draft_translations?.find((t) => t.language_id === languageId);
  if (draft && row.draft_widgets) {
    return {
      ...page,
      draft: true,
      alias: draft.alias,
      title: draft.title,
      description: draft.description,
      widgets: row.draft_widgets.map((w) => storedWidgetIn(isRecord(w) ? w : {}, languageId)),
    };
  }
  return { ...page, draft: false, alias: row.alias, title: row.title, description: row.description, widgets: await widgetsOf(db, row.page_id, languageId) };
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

/** Every page in one language, published or not, by key, a pending edit's alias and title first: the admin's preview index. */
export async function contentPageSummaries(db: Queryable, languageId: LanguageId) {
  const rows = await db.query<{ key: string; alias: string; title: string; published: boolean; draft: boolean }>(
    `SELECT p.key, coalesce(d.alias, t.alias) AS alias, coalesce(d.title, t.title) AS title, p.published, d.alias IS NOT NULL AS draft
     FROM content_pages p
     JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $1
     LEFT JOIN LATERAL (SELECT x.alias, x.title FROM content_page_drafts cd, jsonb_to_recordset(cd.translations) AS x (language_id text, alias text, title text)
                        WHERE cd.page_id = p.page_id AND x.language_id = $1) d ON true
     ORDER BY p.key`,
    [languageId],
  );
  return rows.map((r) => ({ languageId, key: r.key, alias: r.alias, title: r.title, published: r.published, draft: r.draft }));
}

export interface ContentPageWrite {
  key: string;
  translations: { languageId: LanguageId; alias: string; title: string; description: string }[];
  widgets: StoredWidget[];
}

export type ContentPageSaved = { pageId: number } | { taken: { languageId: LanguageId; alias: string } };

/**
 * Creates the page with this key (unpublished) or replaces its texts and widgets. A published page's save is
 * kept as its pending edit (content_page_drafts) until it is published; an unpublished page's replaces it (and
 * any pending edit). Answers the page's id, or the first alias another page has already, live or pending.
 */
export async function saveContentPage(tx: Queryable, page: ContentPageWrite): Promise<ContentPageSaved> {
  // Page ids are small and few; the lock keeps two first saves from taking the same one, and two saves from
  // taking the same alias (one of them a pending edit, which no unique index covers).
  await tx.query('LOCK TABLE content_pages IN SHARE ROW EXCLUSIVE MODE');
  const [taken] = await tx.query<{ language_id: string; alias: string }>(
    `SELECT a.language_id, a.alias FROM (${ALIASES}) a JOIN content_pages p USING (page_id)
     WHERE p.key <> $1 AND (a.language_id, a.alias) IN (SELECT * FROM unnest($2::text[], $3::text[])) LIMIT 1`,
    [page.key, page.translations.map((t) => t.languageId), page.translations.map((t) => t.alias)],
  );
  if (taken) return { taken: { languageId: languageIdOf(taken.language_id), alias: taken.alias } };
  // Read first rather than upsert: an upsert's update is a write to content_pages, which would move the catalog's
  // version (0022) for a pending edit shoppers do not see.
  const [existing] = await tx.query<{ page_id: number; published: boolean }>('SELECT page_id, published FROM content_pages WHERE key = $1', [page.key]);
  const [row] = existing
    ? [existing]
    : await tx.query<{ page_id: number; published: boolean }>(
        'INSERT INTO content_pages (page_id, key) VALUES ((SELECT coalesce(max(page_id), 0) + 1 FROM content_pages), $1) RETURNING page_id, published',
        [page.key],
      );
  const { page_id: pageId, published } = row!;
  if (published) {
    const translations: StoredTranslation[] = page.translations.map((t) => ({ language_id: t.languageId, alias: t.alias, title: t.title, description: t.description }));
    await tx.query(
      `INSERT INTO content_page_drafts (page_id, translations, widgets) VALUES ($1, $2, $3)
       ON CONFLICT (page_id) DO UPDATE SET translations = EXCLUDED.translations, widgets = EXCLUDED.widgets, saved_at = now()`,
      [pageId, JSON.stringify(translations), JSON.stringify(page.widgets)],
    );
    return { pageId };
  }
  await writeLivePage(tx, pageId, page.translations, page.widgets);
  await tx.query('DELETE FROM content_page_drafts WHERE page_id = $1', [pageId]);
  return { pageId };
}

/** What shoppers see of a page: its texts and widgets, replaced whole. */
async function writeLivePage(tx: Queryable, pageId: number, translations: ContentPageWrite['translations'], widgets: readonly StoredWidget[]) {
  await tx.query('DELETE FROM content_page_translations WHERE page_id = $1', [pageId]);
  for (const t of translations) {
    await tx.query('INSERT INTO content_page_translations (page_id, language_id, alias, title, description) VALUES ($1, $2, $3, $4, $5)', [
      pageId,
      t.languageId,
      t.alias,
      t.title,
      t.description,
    ]);
  }
  await tx.query('DELETE FROM content_widgets WHERE page_id = $1', [pageId]);
  for (const [position, w] of widgets.entries()) {
    await tx.query('INSERT INTO content_widgets (page_id, position, kind, settings, texts) VALUES ($1, $2, $3, $4, $5)', [
      pageId,
      position,
      w.kind,
      JSON.stringify(w.settings),
      JSON.stringify(w.texts),
    ]);
  }
}

/**
 * Publishes the page with this key, its pending edit (if any) becoming what shoppers see, or unpublishes it
 * (a pending edit stays for the next publish). Answers its id, or null when there is none.
 */
export async function setContentPagePublished(tx: Queryable, key: string, published: boolean): Promise<{ pageId: number } | null> {
  const [row] = await tx.query<{ page_id: number }>('UPDATE content_pages SET published = $2 WHERE key = $1 RETURNING page_id', [key, published]);
  if (!row) return null;
  if (!published) return { pageId: row.page_id };
  const [draft] = await tx.query<{ translations: StoredTranslation[]; widgets: unknown[] }>(
    'DELETE FROM content_page_drafts WHERE page_id = $1 RETURNING translations, widgets',
    [row.page_id],
  );
  if (draft) {
    await writeLivePage(
      tx,
      row.page_id,
      draft.translations.map((t) => ({ languageId: languageIdOf(t.language_id), alias: t.alias, title: t.title, description: t.description })),
      draft.widgets.map((w) => storedWidget(isRecord(w) ? w : {})),
    );
  }
  return { pageId: row.page_id };
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

export interface ProductListWrite {
  /** The list to change; null creates one. */
  listId: number | null;
  alias: string;
  categoryId: number | null;
  brandId: number | null;
  campaignId: number | null;
  /** In the order the list shows them. */
  productIds: number[];
  searchText: string | null;
  translations: { languageId: LanguageId; name: string; description: string }[];
}

export type ProductListSaved = { listId: number } | { taken: string } | { unknownListId: number | null };

/** Creates a list or replaces one by id, with its name in every language. Answers its id, or why not. */
export async function saveProductList(tx: Queryable, list: ProductListWrite): Promise<ProductListSaved> {
  // As for pages: list ids are small and few, and the lock keeps two first saves from taking the same one.
  await tx.query('LOCK TABLE product_lists IN SHARE ROW EXCLUSIVE MODE');
  const [other] = await tx.query<{ list_id: number }>('SELECT list_id FROM product_lists WHERE alias = $1 AND list_id IS DISTINCT FROM $2', [list.alias, list.listId]);
  if (other) return { taken: list.alias };
  const values = [list.alias, list.categoryId, list.brandId, list.campaignId, list.productIds, list.searchText];
  const [row] =
    list.listId === null
      ? await tx.query<{ list_id: number }>(
          `INSERT INTO product_lists (list_id, alias, category_id, brand_id, campaign_id, product_ids, search_text)
           VALUES ((SELECT coalesce(max(list_id), 0) + 1 FROM product_lists), $1, $2, $3, $4, $5, $6) RETURNING list_id`,
          values,
        )
      : await tx.query<{ list_id: number }>(
          `UPDATE product_lists SET alias = $1, category_id = $2, brand_id = $3, campaign_id = $4, product_ids = $5, search_text = $6
           WHERE list_id = $7 RETURNING list_id`,
          [...values, list.listId],
        );
  if (!row) return { unknownListId: list.listId };
  await tx.query('DELETE FROM product_list_translations WHERE list_id = $1', [row.list_id]);
  for (const t of list.translations) {
    await tx.query('INSERT INTO product_list_translations (list_id, language_id, name, description) VALUES ($1, $2, $3, $4)', [
      row.list_id,
      t.languageId,
      t.name,
      t.description,
    ]);
  }
  return { listId: row.list_id };
}

/** Deletes the list with this alias; false when there is none. Widgets naming it show nothing from then on. */
export async function deleteProductList(db: Queryable, alias: string): Promise<boolean> {
  const rows = await db.query<{ list_id: number }>('DELETE FROM product_lists WHERE alias = $1 RETURNING list_id', [alias]);
  return rows.length > 0;
}

/**
 * What a list would name that the catalog does not hold: 'category 7', 'product 12'… in the order asked (the
 * category, brand, campaign, then products); empty when everything is there.
 */
export async function missingListReferences(db: Queryable, list: Pick<ProductListWrite, 'categoryId' | 'brandId' | 'campaignId' | 'productIds'>): Promise<string[]> {
  const [row] = await db.query<{ category: boolean; brand: boolean; campaign: boolean; products: number[] }>(
    `SELECT ($1::int IS NULL OR EXISTS (SELECT 1 FROM categories WHERE category_id = $1)) AS category,
            ($2::int IS NULL OR EXISTS (SELECT 1 FROM brands WHERE brand_id = $2)) AS brand,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM discount_campaigns WHERE campaign_id = $3)) AS campaign,
            ARRAY(SELECT id FROM unnest($4::int[]) WITH ORDINALITY AS u (id, n)
                  WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = u.id) ORDER BY n) AS products`,
    [list.categoryId, list.brandId, list.campaignId, list.productIds],
  );
  return [
    ...(row!.category ? [] : [`category ${list.categoryId}`]),
    ...(row!.brand ? [] : [`brand ${list.brandId}`]),
    ...(row!.campaign ? [] : [`campaign ${list.campaignId}`]),
    ...row!.products.map((id) => `product ${id}`),
  ];
}

/** Which of these list aliases exist. */
export async function existingListAliases(db: Queryable, aliases: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ alias: string }>('SELECT alias FROM product_lists WHERE alias = ANY($1::text[])', [aliases]);
  return new Set(rows.map((r) => r.alias));
}

/** The page's alias in every language, for hreflang links and the language switcher; its pending edit's with `draft`. */
export async function contentPageAliases(db: Queryable, pageId: number, { draft = false }: { draft?: boolean } = {}): Promise<{ languageId: LanguageId; alias: string }[]> {
  const rows = await db.query<{ language_id: string; alias: string }>(
    draft
      ? 'SELECT t.language_id, t.alias FROM content_page_drafts d, jsonb_to_recordset(d.translations) AS t (language_id text, alias text) WHERE d.page_id = $1'
      : 'SELECT language_id, alias FROM content_page_translations WHERE page_id = $1',
    [pageId],
  );
  return rows.map((r) => ({ languageId: languageIdOf(r.language_id), alias: r.alias }));
}
