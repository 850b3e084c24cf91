import { channels, resolveLanguage } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { MenuItem, Resolvers } from '../../graphql/generated/resolvers-types';
import type { ContentPageModel } from './models';
import { themes } from './theme';

interface MenuItemRow {
  id: number;
  parent_id: number | null;
  label: string;
  title: string;
  type: string;
  sort_order: number;
  canonical_url: string;
  target_blank: boolean;
}

/** Builds the nested menu (up to three levels) from flat rows. */
export function menuTree(rows: readonly MenuItemRow[]): MenuItem[] {
  const items = new Map<number, MenuItem>();
  for (const r of rows) {
    items.set(r.id, {
      id: r.id,
      label: r.label,
      title: r.title,
      type: r.type,
      order: r.sort_order,
      canonicalUrl: r.canonical_url,
      targetBlank: r.target_blank,
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const item = items.get(r.id);
    if (!item) continue;
    const parent = r.parent_id == null ? undefined : items.get(r.parent_id);
    (parent ? parent.children : roots).push(item);
  }
  const sort = (list: MenuItem[]) => {
    list.sort((a, b) => a.order - b.order || a.id - b.id);
    list.forEach((i) => sort(i.children));
  };
  sort(roots);
  return roots;
}

export const contentResolvers: Resolvers = {
  Query: {
    getMenuAtLocation: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const [menu] = await ctx.db.query<{ title: string }>(
        'SELECT title FROM menus WHERE menu_location_id = $1 AND language_id = $2',
        [args.menuLocationId, languageId],
      );
      if (!menu) return null;
      const rows = await ctx.db.query<MenuItemRow>(
        `SELECT id, parent_id, label, title, type, sort_order, canonical_url, target_blank FROM menu_items
         WHERE menu_location_id = $1 AND language_id = $2 ORDER BY sort_order, id`,
        [args.menuLocationId, languageId],
      );
      return { title: menu.title, menuItems: menuTree(rows) };
    },
    contentPage: async (_, args, ctx) => {
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const [row] = await ctx.db.query<{ page_id: number; key: string; alias: string; title: string; description: string; body: string }>(
        `SELECT p.page_id, p.key, t.alias, t.title, t.description, t.body FROM content_pages p
         JOIN content_page_translations t ON t.page_id = p.page_id AND t.language_id = $1
         WHERE p.page_id = (SELECT page_id FROM content_page_translations WHERE alias = $2
                            ORDER BY (language_id = $1) DESC LIMIT 1)`,
        [languageId, args.alias],
      );
      return row
        ? { languageId, pageId: row.page_id, key: row.key, alias: row.alias, title: row.title, description: row.description, body: row.body }
        : null;
    },
    channel: (_, args, ctx) => {
      const channel = channels[resolveLanguage(args.channelId, args.languageId)];
      return { ...channel, themeSettings: themes[ctx.variant] };
    },
  },
  ContentPage: {
    canonicalUrl: (p: ContentPageModel) => routes.content(p.alias, p.languageId),
    alternates: async (p, _, ctx) =>
      (await ctx.loaders.pageAliases.load(p.pageId)).map(({ languageId, alias }) => ({
        languageId,
        canonicalUrl: routes.content(alias, languageId),
      })),
  },
};
