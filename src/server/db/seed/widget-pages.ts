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
  /** The products query's sort (models.ts ProductSelectionModel), or null for its default. */
  readonly sort: 'LATEST' | 'BESTSELLERS' | null;
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
      sort: null,
    },
    ...(campaignId === null
      ? []
      : [{ id: 2, alias: 'kampanjfynd', name: { sv: 'Kampanjfynd', en: 'Campaign finds' }, description: { sv: '', en: '' }, productIds: [], campaignId, sort: null }]),
    // Every product in an order: the home page's rows (their "see all" is the all-products page in that order).
    { id: 3, alias: 'mest-salda', name: { sv: 'Mest sålda', en: 'Bestsellers' }, description: { sv: '', en: '' }, productIds: [], campaignId: null, sort: 'BESTSELLERS' },
    { id: 4, alias: 'nyheter', name: { sv: 'Nyheter', en: 'New arrivals' }, description: { sv: '', en: '' }, productIds: [], campaignId: null, sort: 'LATEST' },
  ];
}

const both = (sv: Record<string, unknown>, en: Record<string, unknown>) => ({ sv, en });

export function widgetPages(variant: ShopVariant, topCategories: readonly FlatCategory[]): SeedWidgetPage[] {
  const shop = SHOP_INFO[variant];
  const first = topCategories[0];
  const games = variant === 'games';
  return [
    homePage(variant, topCategories),
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

/**
 * The home page (key `home`, shown at / and /en): what the hand-written page said before it was made of widgets.
 * Its title is the page's heading; the product count and the running campaign's hero above the widgets follow the
 * catalog by themselves (decision 0018). Its aliases are never addresses (the catch-all skips this page).
 */
export function homePage(variant: ShopVariant, topCategories: readonly Pick<FlatCategory, 'id'>[]): SeedWidgetPage {
  const games = variant === 'games';
  return {
    key: 'home',
    published: true,
    alias: { sv: 'hem', en: 'home' },
    title: games ? { sv: 'Retrospel och konsoler', en: 'Retro games and consoles' } : { sv: 'Godis, choklad och presentaskar', en: 'Sweets, chocolate and gift boxes' },
    description: games
      ? {
          sv: 'Retrospel, konsoler och tillbehör – rengjorda och testade. Varor i lager skickar vi senast nästa vardag.',
          en: 'Retro games, consoles and accessories – cleaned and tested. Items in stock ship no later than the next working day.',
        }
      : {
          sv: 'Lösgodis, choklad, lakrits och presentaskar. Varor i lager skickar vi senast nästa vardag.',
          en: 'Pick and mix, chocolate, licorice and gift boxes. Items in stock ship no later than the next working day.',
        },
    widgets: [
      {
        kind: 'categoryTiles',
        settings: { categoryIds: topCategories.map((c) => c.id) },
        texts: both({ title: 'Handla efter kategori' }, { title: 'Shop by category' }),
      },
      { kind: 'productList', settings: { listAlias: 'mest-salda', limit: 6 }, texts: both({ title: 'Mest sålda' }, { title: 'Bestsellers' }) },
      { kind: 'productList', settings: { listAlias: 'nyheter', limit: 6 }, texts: both({ title: 'Nyheter' }, { title: 'New arrivals' }) },
      {
        kind: 'uspRow',
        settings: { icons: [games ? 'tested' : 'fresh', 'truck', 'returns'] },
        texts: both(
          {
            title: 'Därför handlar du hos oss',
            points: [games ? 'Rengjort och testat' : 'Färskt godis', 'Leverans nästa dag', 'Fri retur'],
            details: [
              games
                ? 'Varje spel, konsol och tillbehör går igenom vår verkstad innan det säljs.'
                : 'Vi fyller på lagret varje vecka och väger upp lösgodiset samma dag som det skickas.',
              'Varor i lager skickar vi senast nästa vardag.',
              games ? 'Ångrar du dig skickar du tillbaka varan utan kostnad inom 30 dagar.' : 'Oöppnade förpackningar returnerar du utan kostnad inom 30 dagar.',
            ],
          },
          {
            title: 'Why shop with us',
            points: [games ? 'Cleaned and tested' : 'Fresh sweets', 'Next-day delivery', 'Free returns'],
            details: [
              games ? 'Every game, console and accessory passes through our workshop before it is sold.' : 'We restock every week and weigh up pick and mix on the day it ships.',
              'Items in stock ship no later than the next working day.',
              games ? 'Changed your mind? Send the item back free of charge within 30 days.' : 'Return unopened packages free of charge within 30 days.',
            ],
          },
        ),
      },
    ],
  };
}
