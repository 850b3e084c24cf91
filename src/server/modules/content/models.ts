import type { LanguageId } from '../../../shared/locales';

export interface ContentPageModel {
  languageId: LanguageId;
  pageId: number;
  key: string;
  alias: string;
  title: string;
  description: string;
  published: boolean;
  /** A published page's pending edit (what the next publish shows), answered to admins only. */
  draft: boolean;
  /** In the page's order, their texts in the page's language. */
  widgets: WidgetModel[];
}

/** The kinds of widget a page is made of (the content_widgets.kind check holds the same list). */
export const WIDGET_KINDS = ['text', 'imageBanner', 'productList', 'uspRow', 'categoryTiles'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** One widget in one language: what is the same in every language and that language's texts, together. */
export type WidgetModel = { languageId: LanguageId } & (
  | { kind: 'text'; html: string }
  | { kind: 'imageBanner'; image: string; link: string | null; alt: string; heading: string }
  | { kind: 'productList'; listAlias: string; limit: number; title: string }
  | { kind: 'uspRow'; title: string; points: UspPointModel[] }
  | { kind: 'categoryTiles'; categoryIds: number[]; title: string }
);

/** The pictures a selling point may carry (the client's Icon has each). */
export const USP_ICONS = ['tested', 'fresh', 'truck', 'returns'] as const;
export type UspIcon = (typeof USP_ICONS)[number];

/** One selling point: its words, an optional line under them, an optional picture. */
export interface UspPointModel {
  title: string;
  text: string;
  icon: UspIcon | null;
}

/** The key of the content page that is the home page (shown at / and /en, never at an alias of its own). */
export const HOME_PAGE_KEY = 'home';

/** What a stored list holds: the same shape for /l/{alias} and a product-list widget. */
export interface ProductSelectionModel {
  categoryIds: number[];
  brandIds: number[];
  discountCampaignIds: number[];
  productIds: number[];
  searchText: string | null;
  /** The products query's sort, or null for its default. */
  sort: 'LATEST' | 'BESTSELLERS' | 'LOWEST_PRICE' | 'HIGHEST_PRICE' | null;
}

/** A list the shop defines by alias, in one language. */
export interface ProductListDefinitionModel {
  languageId: LanguageId;
  listId: number;
  alias: string;
  name: string;
  description: string;
  selection: ProductSelectionModel;
}

/** One menu entry as stored: the menu's tree is built from these (resolvers.ts). */
export interface MenuItemModel {
  id: number;
  parentId: number | null;
  label: string;
  title: string;
  /** custom | page | category | brand | campaign */
  type: string;
  order: number;
  /** Stored already localized. */
  canonicalUrl: string;
  targetBlank: boolean;
}

export interface MenuModel {
  title: string;
  items: MenuItemModel[];
}

/** The widget of one kind (the GraphQL types' models, one per member of the ContentWidget union). */
export type WidgetOf<K extends WidgetKind> = Extract<WidgetModel, { kind: K }>;
export type TextWidgetModel = WidgetOf<'text'>;
export type ImageBannerWidgetModel = WidgetOf<'imageBanner'>;
export type ProductListWidgetModel = WidgetOf<'productList'>;
export type UspRowWidgetModel = WidgetOf<'uspRow'>;
export type CategoryTilesWidgetModel = WidgetOf<'categoryTiles'>;
