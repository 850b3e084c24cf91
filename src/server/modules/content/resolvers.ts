import { channels, languageIds, resolveLanguage, type LanguageId } from '../../../shared/locales';
import { routeClaiming, routes, type PageRouteId } from '../../../shared/routes';
import { serverClaims } from '../../../shared/server-paths';
import type { MenuItem, Resolvers } from '../../graphql/generated/resolvers-types';
import type { RequestContext } from '../../request-context';
import { invalidInput } from '../../domain-error';
import { t } from '../../i18n';
import { requireAdmin } from '../admin';
import { catalogLoaders } from '../catalog';
import {
  contentPageAliases,
  contentPageByAlias,
  contentPageById,
  contentPageSummaries,
  deleteProductList,
  existingListAliases,
  menuAtLocation,
  missingListReferences,
  productListByAlias,
  publishedContentPageByKey,
  saveContentPage,
  saveProductList,
  setContentPagePublished,
} from './content-store';
import { productListWrite } from './list-input';
import { HOME_PAGE_KEY, type ContentPageModel, type MenuItemModel, type ProductListDefinitionModel, type WidgetModel } from './models';
import { themes } from './theme';
import { contentPageWrite, listAliasesOf } from './widget-input';
import { PREVIEW_TOKEN_PARAM } from './preview';

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

const WIDGET_TYPES = {
  text: 'TextWidget',
  imageBanner: 'ImageBannerWidget',
  productList: 'ProductListWidget',
  uspRow: 'UspRowWidget',
  categoryTiles: 'CategoryTilesWidget',
} as const satisfies Record<WidgetModel['kind'], string>;

const pageUrl = (key: string, alias: string, languageId: LanguageId) => (key === HOME_PAGE_KEY ? routes.home(languageId) : routes.content(alias, languageId));

/**
 * A list of every product in an order (the bestsellers, the newest) is the all-products page in that order, which
 * shoppers already know and can filter; any other list is /l/{alias}.
 */
function listUrl(list: ProductListDefinitionModel, languageId: LanguageId): string {
  const { categoryIds, brandIds, discountCampaignIds, productIds, searchText, sort } = list.selection;
  const everything = !categoryIds.length && !brandIds.length && !discountCampaignIds.length && !productIds.length && !searchText;
  if (!everything) return routes.aliasList(list.alias, languageId);
  return sort ? `${routes.all(languageId)}?sort=${sort}` : routes.all(languageId);
}

/** Any page by its id as an admin sees it (published or not, its draft if it has one), in the answer's language. */
async function pageForAdmin(ctx: RequestContext, pageId: number, languageId: LanguageId): Promise<ContentPageModel> {
  const page = await contentPageById(ctx.db, pageId, languageId, { unpublished: true });
  if (!page) throw new Error(`Content page ${pageId} has no ${languageId} translation`);
  return page;
}

async function setPublished(ctx: RequestContext, key: string, published: boolean, languageId: LanguageId) {
  await requireAdmin(ctx);
  const page = await ctx.db.transaction((tx) => setContentPagePublished(tx, key, published));
  if (!page) throw invalidInput(`There is no content page with key ${key}`);
  return pageForAdmin(ctx, page.pageId, languageId);
}

/**
 * Refuses an alias whose address the route table gives to one of the shop's own pages (routeClaiming), in the
 * language it is for, or that the server answers itself (/graphql, /images: serverClaims); the refusal is in the
 * language the admin asked for.
 */
function refuseFixedRoutes(aliases: readonly { languageId: LanguageId; alias: string }[], route: Extract<PageRouteId, 'content' | 'aliasList'>, answerIn: LanguageId) {
  for (const { languageId, alias } of aliases) {
    const path = routes[route](alias, languageId);
    if (routeClaiming(path, route, languageId) || serverClaims(path)) throw invalidInput(t(answerIn, 'server.alias.fixedRoute', { path }));
  }
}
export const contentResolvers: Resolvers = {
  Query: {
    getMenuAtLocation: async (_, args, ctx) => {
      const menu = await menuAtLocation(ctx.db, args.menuLocationId, resolveLanguage(args.channelId, args.languageId));
      return menu ? { title: menu.title, menuItems: menuTree(menu.items) } : null;
    },
    // The home page is shown at / only: at an alias of its own it would be the same page twice.
    contentPage: async (_, args, ctx) => {
      const page = await contentPageByAlias(ctx.db, args.alias, resolveLanguage(args.channelId, args.languageId));
      return page?.key === HOME_PAGE_KEY ? null : page;
    },
    homePage: (_, args, ctx) => publishedContentPageByKey(ctx.db, HOME_PAGE_KEY, resolveLanguage(args.channelId, args.languageId)),
    contentPreview: async (_, args, ctx) =>
      contentPageByAlias(ctx.db, args.alias, resolveLanguage(args.channelId, args.languageId), { unpublished: await ctx.previewer() }),
    contentPagesForPreview: async (_, args, ctx) =>
      (await ctx.previewer()) ? contentPageSummaries(ctx.db, resolveLanguage(args.channelId, args.languageId)) : null,
    productListByAlias: (_, args, ctx) => productListByAlias(ctx.db, args.alias, resolveLanguage(args.channelId, args.languageId)),
    channel: (_, args, ctx) => {
      const channel = channels[resolveLanguage(args.channelId, args.languageId)];
      return { ...channel, themeSettings: themes[ctx.variant] };
    },
  },
  Mutation: {
    saveContentPage: async (_, args, ctx) => {
      await requireAdmin(ctx);
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const write = contentPageWrite(args.key, args.translations, args.widgets);
      const named = listAliasesOf(write);
      const known = await existingListAliases(ctx.db, named);
      const unknown = named.find((alias) => !known.has(alias));
      if (unknown) throw invalidInput(`There is no product list with alias ${unknown}`);
      const categories = new Set((await catalogLoaders(ctx).categoryTree(languageId)).map((c) => c.categoryId));
      for (const w of write.widgets) {
        const missing = w.kind === 'categoryTiles' ? (w.settings.categoryIds as number[]).find((id) => !categories.has(id)) : undefined;
        if (missing !== undefined) throw invalidInput(`There is no category with id ${missing}`);
      }
      refuseFixedRoutes(write.translations, 'content', languageId);
      const saved = await ctx.db.transaction((tx) => saveContentPage(tx, write));
      if ('taken' in saved) throw invalidInput(t(languageId, 'server.alias.pageTaken', { path: routes.content(saved.taken.alias, saved.taken.languageId) }));
      return pageForAdmin(ctx, saved.pageId, languageId);
    },
    publishContentPage: (_, args, ctx) => setPublished(ctx, args.key, true, resolveLanguage(args.channelId, args.languageId)),
    unpublishContentPage: (_, args, ctx) => setPublished(ctx, args.key, false, resolveLanguage(args.channelId, args.languageId)),
    createPreviewLink: async (_, args, ctx) => {
      const admin = await requireAdmin(ctx);
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const { token, exp } = await ctx.adminTokens.issuePreview(admin);
      const path = args.alias ? routes.contentPreview(encodeURIComponent(args.alias), languageId) : routes.previewWidgets(languageId);
      return { url: `${ctx.origin}${path}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`, expiresAt: new Date(exp * 1000).toISOString() };
    },
    saveProductList: async (_, args, ctx) => {
      await requireAdmin(ctx);
      const languageId = resolveLanguage(args.channelId, args.languageId);
      const write = productListWrite(args.listId, args.alias, args.translations, args.selection);
      // One alias in every language (/l/{alias}, /en/l/{alias}): checked at each language's address.
      refuseFixedRoutes(languageIds.map((l) => ({ languageId: l, alias: write.alias })), 'aliasList', languageId);
      const missing = await missingListReferences(ctx.db, write);
      if (missing.length > 0) throw invalidInput(`There is no ${missing.join(', ')}`);
      const saved = await ctx.db.transaction((tx) => saveProductList(tx, write));
      if ('taken' in saved) throw invalidInput(t(languageId, 'server.alias.listTaken', { path: routes.aliasList(saved.taken, languageId) }));
      if ('unknownListId' in saved) throw invalidInput(`There is no product list with id ${saved.unknownListId}`);
      const list = await productListByAlias(ctx.db, write.alias, languageId);
      if (!list) throw new Error(`Product list ${saved.listId} has no ${languageId} translation`);
      return list;
    },
    deleteProductList: async (_, args, ctx) => {
      await requireAdmin(ctx);
      if (!(await deleteProductList(ctx.db, args.alias))) throw invalidInput(`There is no product list with alias ${args.alias}`);
      return true;
    },
  },
  ContentWidget: {
    __resolveType: (w) => WIDGET_TYPES[w.kind],
  },
  ProductListWidget: {
    list: (w, _, ctx) => productListByAlias(ctx.db, w.listAlias, w.languageId),
  },
  CategoryTilesWidget: {
    categories: async (w, _, ctx) => {
      const tree = await catalogLoaders(ctx).categoryTree(w.languageId);
      return w.categoryIds.flatMap((id) => tree.find((c) => c.categoryId === id) ?? []);
    },
  },
  UspRowWidget: {
    points: (w) => w.points.map((p) => p.title),
    items: (w) => w.points,
  },
  ProductListDefinition: {
    canonicalUrl: (l) => listUrl(l, l.languageId),
    alternates: (l) => languageIds.map((languageId) => ({ languageId, canonicalUrl: listUrl(l, languageId) })),
  },
  ContentPage: {
    canonicalUrl: (p) => pageUrl(p.key, p.alias, p.languageId),
    alternates: async (p, _, ctx) =>
      (await contentPageAliases(ctx.db, p.pageId, { draft: p.draft })).map(({ languageId, alias }) => ({ languageId, canonicalUrl: pageUrl(p.key, alias, languageId) })),
  },
};
