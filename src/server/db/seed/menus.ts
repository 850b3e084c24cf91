import type { CategoryIndex, FlatCategory } from './categories';
import { routes } from '../../../shared/routes';
import type { ContentPage } from './content-pages';
import type { Row } from './insert';
import { SHOP_INFO } from './shop-info';
import type { ShopVariant } from '../../../shared/shop';
import { LANGUAGES, type CampaignDef, type Lang, type Localized } from './types';

export const MENU_LOCATIONS = ['main-desktop', 'top-bar', 'footer-first', 'footer-second', 'footer-third'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];

const MENU_TITLES: Readonly<Record<MenuLocation, Localized>> = {
  'main-desktop': { sv: 'Huvudmeny', en: 'Main menu' },
  'top-bar': { sv: 'Toppmeny', en: 'Top bar' },
  'footer-first': { sv: 'Kundtjänst', en: 'Customer service' },
  'footer-second': { sv: 'Handla', en: 'Shop' },
  'footer-third': { sv: 'Följ oss', en: 'Follow us' },
};

export interface CampaignWithAlias {
  readonly def: CampaignDef;
  readonly alias: Localized;
}

interface ItemSpec {
  readonly label: string;
  readonly title: string;
  readonly type: 'category' | 'page' | 'custom';
  readonly url: string;
  readonly targetBlank?: boolean;
  readonly children?: readonly ItemSpec[];
}

function categoryItems(index: CategoryIndex, parent: FlatCategory | null, lang: Lang): ItemSpec[] {
  return index.children(parent).map((category) => ({
    label: category.name[lang],
    title: category.description[lang],
    type: 'category',
    url: routes.category(category.path.map((c) => c.alias[lang]), lang),
    children: categoryItems(index, category, lang),
  }));
}

function pageItem(pages: readonly ContentPage[], key: ContentPage['key'], lang: Lang): ItemSpec {
  const page = pages.find((p) => p.key === key);
  if (!page) throw new Error(`No content page ${key}`);
  return { label: page.title[lang], title: page.description[lang], type: 'page', url: routes.content(page.alias[lang], lang) };
}

function menuSpecs(
  variant: ShopVariant, index: CategoryIndex, campaigns: readonly CampaignWithAlias[], pages: readonly ContentPage[], lang: Lang,
): Record<MenuLocation, ItemSpec[]> {
  const sv = lang === 'sv';
  const shop = SHOP_INFO[variant];
  // Only campaigns with their own product list and a visible name get a menu entry.
  const listed = campaigns.filter((c) => c.def.share > 0 && !c.def.hideTitle);
  const campaignItems: ItemSpec[] = listed.map((c) => ({
    label: c.def.name[lang],
    title: c.def.description[lang],
    type: 'custom',
    url: routes.campaign(c.alias[lang], lang),
  }));
  const firstCampaign = campaignItems[0];
  const campaignsItem: ItemSpec = {
    label: sv ? 'Kampanjer' : 'Campaigns',
    title: sv ? 'Våra erbjudanden just nu' : 'Our current offers',
    type: 'custom',
    url: firstCampaign?.url ?? routes.all(lang),
    children: campaignItems,
  };
  const brandsItem: ItemSpec = {
    label: sv ? 'Varumärken' : 'Brands',
    title: sv ? 'Alla märken vi säljer' : 'All the brands we sell',
    type: 'custom',
    url: routes.brands(lang),
  };
  return {
    'main-desktop': [...categoryItems(index, null, lang), campaignsItem, brandsItem],
    'top-bar': [pageItem(pages, 'customer-service', lang), pageItem(pages, 'about', lang), pageItem(pages, 'purchase-terms', lang)],
    'footer-first': [
      pageItem(pages, 'customer-service', lang),
      pageItem(pages, 'purchase-terms', lang),
      pageItem(pages, 'cookies', lang),
      {
        label: sv ? 'Mina sidor' : 'My account',
        title: sv ? 'Ordrar och inställningar' : 'Orders and settings',
        type: 'custom',
        url: routes.accountOrders(lang),
      },
      { label: sv ? 'Mejla oss' : 'Email us', title: shop.email, type: 'custom', url: `mailto:${shop.email}` },
      { label: sv ? 'Ring oss' : 'Call us', title: shop.phoneDisplay, type: 'custom', url: shop.phoneHref },
    ],
    'footer-second': [
      {
        label: sv ? 'Alla produkter' : 'All products',
        title: sv ? 'Hela sortimentet' : 'The whole range',
        type: 'custom',
        url: routes.all(lang),
      },
      brandsItem,
      { ...campaignsItem, children: [] },
      {
        label: sv ? 'Favoriter' : 'Favourites',
        title: sv ? 'Dina sparade favoriter' : 'Your saved favourites',
        type: 'custom',
        url: routes.favorites(lang),
      },
      pageItem(pages, 'about', lang),
    ],
    'footer-third': Object.entries(shop.social).map(([network, url]) => ({
      label: network,
      title: sv ? `Följ oss på ${network}` : `Follow us on ${network}`,
      type: 'custom' as const,
      url,
      targetBlank: true,
    })),
  };
}

export interface MenuRows {
  readonly menus: Row[];
  readonly items: Row[];
}

/** Menu rows for both languages; item ids are handed out in insertion order so parents precede children. */
export function menuRows(
  variant: ShopVariant, index: CategoryIndex, campaigns: readonly CampaignWithAlias[], pages: readonly ContentPage[],
): MenuRows {
  const rows: MenuRows = { menus: [], items: [] };
  let nextId = 1;
  for (const lang of LANGUAGES) {
    const specs = menuSpecs(variant, index, campaigns, pages, lang);
    for (const location of MENU_LOCATIONS) {
      rows.menus.push([location, lang, MENU_TITLES[location][lang]]);
      const add = (items: readonly ItemSpec[], parentId: number | null): void => {
        items.forEach((item, order) => {
          const id = nextId++;
          rows.items.push([id, location, lang, parentId, item.label, item.title, item.type, order, item.url, item.targetBlank ?? false]);
          if (item.children) add(item.children, id);
        });
      };
      add(specs[location], null);
    }
  }
  return rows;
}
