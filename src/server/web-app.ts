import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appIcons, BRAND_COLOR, manifestPath } from '../shared/app-icons';
import { languageIds, type LanguageId } from '../shared/locales';
import { OPEN_PANEL_PARAM, routes } from '../shared/routes';
import type { ShopVariant } from '../shared/shop';
import { shopName, t } from './i18n';

/**
 * The installed app of one language and shop variant: English pages link the English manifest, so the app a
 * shopper installs from /en is English, opens /en and is an app of its own (its own id: a shared one would let
 * each language's pages rename the other's installed app). The shortcuts open the search and the cart panels
 * through ?open= (read by the pwa feature) and the favorites page.
 */
export function webAppManifest(variant: ShopVariant, languageId: LanguageId) {
  const candy = variant === 'candy';
  const home = routes.home(languageId);
  const icons = appIcons(variant);
  const shortcutIcons = [{ src: icons.any[192], sizes: '192x192', type: 'image/png' }];
  return {
    id: home,
    name: shopName(variant, languageId),
    short_name: t(languageId, candy ? 'shop.shortName.candy' : 'shop.shortName'),
    description: t(languageId, candy ? 'meta.description.candy' : 'meta.description'),
    lang: languageId,
    dir: 'ltr',
    start_url: home,
    scope: home,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND_COLOR,
    categories: ['shopping', candy ? 'food' : 'games'],
    icons: [
      ...([192, 512] as const).map((size) => ({ src: icons.any[size], sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      ...([192, 512] as const).map((size) => ({ src: icons.maskable[size], sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
    ],
    // Pictures of the games shop (tests/tools/pwa-images.ts): the candy shop goes without rather than show another shop.
    ...(candy
      ? {}
      : {
          screenshots: [
            { src: '/screenshots/narrow.png', sizes: '540x1080', type: 'image/png', form_factor: 'narrow', label: t(languageId, 'pwa.manifest.screenshotNarrow') },
            { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: t(languageId, 'pwa.manifest.screenshotWide') },
          ],
        }),
    shortcuts: [
      { name: t(languageId, 'header.search'), url: `${home}?${OPEN_PANEL_PARAM}=search`, icons: shortcutIcons },
      { name: t(languageId, 'header.cart'), url: `${home}?${OPEN_PANEL_PARAM}=cart`, icons: shortcutIcons },
      { name: t(languageId, 'header.favorites'), url: routes.favorites(languageId), icons: shortcutIcons },
    ].map((shortcut) => ({ ...shortcut, short_name: shortcut.name })),
  };
}

/**
 * Paths only a file answers: the build's and the public folder's, and names with a file type no page has. Not
 * found, they get a few bytes of text instead of the shop's 404 page (a browser asking for a missing icon or a
 * map file has no use for a whole page). Pages never end in a file type, except the offline page's .html.
 */
export function isFilePath(path: string): boolean {
  const pathname = path.split('?', 1)[0]!;
  return (
    /^\/(assets|icons|screenshots)\//.test(pathname) ||
    /\.(js|mjs|css|map|json|webmanifest|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|txt|xml)$/i.test(pathname)
  );
}

/** The manifests of both languages and /favicon.ico (the variant's), which browsers ask for whatever the page links. */
export function registerWebAppRoutes(fastify: FastifyInstance, options: { variant: ShopVariant; clientDir: string | undefined }): void {
  for (const languageId of languageIds) {
    const manifest = JSON.stringify(webAppManifest(options.variant, languageId));
    fastify.get(manifestPath(languageId), async (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
    );
  }
  const favicon = appIcons(options.variant).favicon;
  const { clientDir } = options;
  if (clientDir && existsSync(join(clientDir, favicon))) {
    // @fastify/static's, on the client's folder, with the headers of every unhashed file there.
    fastify.get('/favicon.ico', async (_req, reply) => reply.sendFile(favicon.slice(1)));
  }
}
