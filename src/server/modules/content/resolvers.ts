import { channels, resolveLanguage } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { MenuItem, Resolvers } from '../../graphql/generated/resolvers-types';
import { contentPageAliases, contentPageByAlias, menuAtLocation } from './content-store';
import type { MenuItemModel } from './models';
import { themes } from './theme';

/** Builds the nested menu (up to three levels) from its flat items, each level in its order. */
function menuTree(items: readonly MenuItemModel[]): MenuItem[] {
  const nodes = new Map<number, MenuItem>();
  for (const { parentId: _parentId, ...item } of items) nodes.set(item.id, { ...item, children: [] });
  const roots: MenuItem[] = [];
  for (const item of items) {
    const node = nodes.get(item.id);
    if (!node) continue;
    const parent = item.parentId == null ? undefined : nodes.get(item.parentId);
    (parent ? parent.children : roots).push(node);
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
      const menu = await menuAtLocation(ctx.db, args.menuLocationId, resolveLanguage(args.channelId, args.languageId));
      return menu ? { title: menu.title, menuItems: menuTree(menu.items) } : null;
    },
    contentPage: (_, args, ctx) => contentPageByAlias(ctx.db, args.alias, resolveLanguage(args.channelId, args.languageId)),
    channel: (_, args, ctx) => {
      const channel = channels[resolveLanguage(args.channelId, args.languageId)];
      return { ...channel, themeSettings: themes[ctx.variant] };
    },
  },
  ContentPage: {
    canonicalUrl: (p) => routes.content(p.alias, p.languageId),
    alternates: async (p, _, ctx) =>
      (await contentPageAliases(ctx.db, p.pageId)).map(({ languageId, alias }) => ({ languageId, canonicalUrl: routes.content(alias, languageId) })),
  },
};
