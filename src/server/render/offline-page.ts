import type { LanguageId } from '../../shared/locales';
import { routes } from '../../shared/routes';
import { t } from '../i18n';
import type { ShopVariant } from '../../shared/shop';
import { themes } from '../modules/content';

/**
 * What the service worker shows for a page it cannot fetch and never stored: says the shopper is offline, and
 * offers the same address again and the home page (stored by the worker). No scripts and no stylesheet files,
 * so it works from the worker's cache alone; the retry link's empty href is the address it was shown under.
 */
export function offlinePageHtml(languageId: LanguageId, variant: ShopVariant): string {
  const shopName = t(languageId, variant === 'candy' ? 'shop.name.candy' : 'shop.name');
  const theme = themes[variant];
  const css = [
    'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1b2f;background:#fff}',
    `header{padding:12px 16px;background:${theme.headerBackground};color:${theme.headerColor};font-weight:700}`,
    'main{max-width:36rem;margin:0 auto;padding:24px 16px}',
    'h1{font-size:1.5rem;line-height:1.25;margin:0 0 12px}',
    '.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}',
    `.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 20px;border-radius:8px;border:2px solid ${theme.brandColor};font-weight:600;text-decoration:none;color:#1d1b2f}`,
    // The app's --brand-dark (styles/main.css): white text on the brand colour itself reads at only 3.8:1.
    '.button--primary{background:#b8204a;border-color:#b8204a;color:#fff}',
    '.button:focus-visible{outline:3px solid #1d1b2f;outline-offset:2px}',
  ].join('');
  return (
    `<!doctype html><html lang="${languageId}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${t(languageId, 'offline.title')} | ${shopName}</title><style>${css}</style></head>` +
    `<body><header>${shopName}</header><main><h1>${t(languageId, 'offline.title')}</h1><p>${t(languageId, 'offline.text')}</p>` +
    `<p class="actions"><a class="button button--primary" href="">${t(languageId, 'offline.retry')}</a>` +
    `<a class="button" href="${routes.home(languageId)}">${t(languageId, 'error.home')}</a></p></main></body></html>`
  );
}
