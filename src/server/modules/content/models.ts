import type { LanguageId } from '../../../shared/locales';

export interface ContentPageModel {
  languageId: LanguageId;
  pageId: number;
  key: string;
  alias: string;
  title: string;
  description: string;
  body: string;
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
