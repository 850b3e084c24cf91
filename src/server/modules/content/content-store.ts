import type { Queryable } from '../../db/client';
import { languageIdOf } from '../../db/row-values';
import type { LanguageId } from '../../../shared/locales';
import type { ContentPageModel, MenuItemModel, MenuModel } from './models';

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

/** By alias in the language asked, else by the alias of another language (a shared or switched link). */
export async function contentPageByAlias(db: Queryable, alias: string, languageId: LanguageId): Promise<ContentPageModel | null> {
  const [row] = await db.query<{ page_id: number; key: string; alias: string; title: string; description: string; body: string }>(
    `SELECT p.page_id, p.key, t.alias, t.title, t.description, t.body FROM content_pages p
     JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $1
     WHERE p.page_id = (SELECT page_id FROM content_page_translations WHERE alias = $2
                        ORDER BY (language_id = $1) DESC LIMIT 1)`,
    [languageId, alias],
  );
  return row
    ? { languageId, pageId: row.page_id, key: row.key, alias: row.alias, title: row.title, description: row.description, body: row.body }
    : null;
}

/** The page's alias in every language, for hreflang links and the language switcher. */
export async function contentPageAliases(db: Queryable, pageId: number): Promise<{ languageId: LanguageId; alias: string }[]> {
  const rows = await db.query<{ language_id: string; alias: string }>(
    'SELECT language_id, alias FROM content_page_translations WHERE page_id = $1',
    [pageId],
  );
  return rows.map((r) => ({ languageId: languageIdOf(r.language_id), alias: r.alias }));
}
