import { lazyPart } from '../../lib/lazy-part';
import type { Widget } from './Widgets';

/** Whether a page needs the widgets' code: some of its widgets are more than text (ContentPage, content-loader.ts). */
export const hasRichWidgets = (widgets: readonly Widget[]) => widgets.some((widget) => widget.__typename !== 'TextWidget');

/**
 * A content page's widgets when some are more than text (banners, product lists with the catalog's product grid,
 * selling points, tiles): a part of their own (lib/lazy-part.ts), so a page of text alone, as the shop's information
 * pages are, hydrates without the widgets' and the catalog's chunks (about 3.4 KiB brotli and three requests). The
 * home page, which always has them, imports Widgets.tsx itself.
 */
export const widgetsPart = lazyPart(
  () => import('./Widgets').then((loaded) => loaded.Widgets),
  // ContentPage's wrapper, drawn only where some widgets are more than text.
  '.content-page__widgets',
  { file: 'content/Widgets' },
);
