/** The same page as /{alias} shows, read through the preview query (its own chunk: shoppers never need it). */
export { ContentPage as ContentPreviewPage, preloadShownParts } from './ContentPage';

/** The loader's code, a chunk apart as the content page's is (app/start.tsx, preloadPage). */
export const preloadLoader = () => import('./content-preview-loader');
