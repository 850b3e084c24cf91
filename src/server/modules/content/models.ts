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
