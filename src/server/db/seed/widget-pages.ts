import type { ShopVariant } from '../../../shared/shop';
import type { FlatCategory } from './categories';
import { SHOP_INFO } from './shop-info';
import type { Lang, Localized } from './types';

/**
 * The demo's lists by alias (/l/{alias}) and the content pages made of widgets beside the plain ones: a published
 * showcase of every widget kind, and a page not yet published, for an admin to preview.
 */
export interface SeedList {
  readonly id: number;
  readonly alias: string;
  readonly name: Localized;
  readonly description: Localized;
  readonly productIds: readonly number[];
  readonly campaignId: number | null;
}

export interface SeedWidget {
  readonly kind: 'text' | 'imageBanner' | 'productList' | 'uspRow' | 'categoryTiles';
  readonly settings: Record<string, unknown>;
  readonly texts: Record<Lang, Record<string, unknown>>;
}

export interface SeedWidgetPage {
  readonly key: string;
  readonly published: boolean;
  readonly alias: Localized;
  readonly title: Localized;
  readonly description: Localized;
  readonly widgets: readonly SeedWidget[];
}

export function seedLists(campaignId: number | null): SeedList[] {
  return [
    {
      id: 1,
      alias: 'handplockat',
      name: { sv: 'Handplockat', en: 'Hand-picked' },
      description: { sv: 'Favoriter som vi har valt ut.', en: 'Favourites we have picked for you.' },
      productIds: [1, 2, 3, 4, 5, 6, 7, 8],
      campaignId: null,
    },
    ...(campaignId === null
      ? []
      : [{ id: 2, alias: 'kampanjfynd', name: { sv: 'Kampanjfynd', en: 'Campaign finds' }, description: { sv: '', en: '' }, productIds: [], campaignId }]),
  ];
}

const both = (sv: Record<string, unknown>, en: Record<string, unknown>) => ({ sv, en });

export function widgetPages(variant: ShopVariant, topCategories: readonly FlatCategory[]): SeedWidgetPage[] {
  const shop = SHOP_INFO[variant];
  const first = topCategories[0];
  const games = variant === 'games';
  return [
    {
      key: 'showcase',
      published: true,
      alias: { sv: 'utvalt', en: 'featured' },
      title: { sv: 'Utvalt just nu', en: 'Featured now' },
      description: { sv: `Det bästa från ${shop.name.sv} just nu.`, en: `The best of ${shop.name.en} right now.` },
      widgets: [
        ...(first
          ? [
              {
                kind: 'imageBanner' as const,
                // A path without a leading slash is localized: /c/… in Swedish, /en/c/… in English.
                settings: { image: `/images/c${first.id}.svg`, link: `c/${first.alias.sv}` },
                texts: both({ alt: first.name.sv, heading: `Upptäck ${first.name.sv.toLowerCase()}` }, { alt: first.name.en, heading: `Discover ${first.name.en.toLowerCase()}` }),
              },
            ]
          : []),
        {
          kind: 'uspRow',
          settings: {},
          texts: both(
            { points: [games ? 'Rengjort och testat' : 'Färskt godis', 'Leverans nästa dag', 'Fri retur'] },
            { points: [games ? 'Cleaned and tested' : 'Fresh sweets', 'Next-day delivery', 'Free returns'] },
          ),
        },
        { kind: 'productList', settings: { listAlias: 'handplockat', limit: 4 }, texts: both({ title: 'Handplockat' }, { title: 'Hand-picked' }) },
        {
          kind: 'categoryTiles',
          settings: { categoryIds: topCategories.map((c) => c.id) },
          texts: both({ title: 'Hitta rätt kategori' }, { title: 'Find your category' }),
        },
        {
          kind: 'text',
          settings: {},
          texts: both(
            { html: `<p>${shop.name.sv} drivs sedan 2015 av två entusiaster.</p>` },
            { html: `<p>${shop.name.en} has been run by two enthusiasts since 2015.</p>` },
          ),
        },
      ],
    },
    {
      key: 'coming-soon',
      published: false,
      alias: { sv: 'kommer-snart', en: 'coming-soon' },
      title: { sv: 'Kommer snart', en: 'Coming soon' },
      description: { sv: '', en: '' },
      widgets: [{ kind: 'text', settings: {}, texts: both({ html: '<p>Nyheter på väg.</p>' }, { html: '<p>News on the way.</p>' }) }],
    },
  ];
}
