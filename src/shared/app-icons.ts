import { localizePath, type LanguageId } from './locales';
import type { ShopVariant } from './shop';

/** The brand colour of the logo (the spec's), whatever theme the header has: the mark's tile and the app's theme. */
export const BRAND_COLOR = '#EE3F6B';

/**
 * The shop's sign, on a 50 by 50 grid: a d-pad and two buttons for the games shop, a wrapped sweet for the candy
 * shop. One drawing for the header's logo and every app icon (public/icons/<variant>/, drawn from it by
 * tests/tools/pwa-images.ts), so the installed app looks like the shop it opens.
 */
export const MARK_GLYPH: Readonly<Record<ShopVariant, string>> = {
  games: 'M9 21h6v-6h6v6h6v6h-6v6h-6v-6H9zM36 17a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM36 28a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  candy: 'M25 16a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM16.5 25 6 16v18zM33.5 25 44 16v18z',
};
export const MARK_SIZE = 50;
/** The tile's corner radius on the mark's grid. */
export const MARK_RADIUS = 12;

/**
 * A maskable icon's glyph, scaled about the centre: the launcher's mask keeps only the central circle of 80 %
 * (radius 20 on the 50 grid). The glyphs reach at most 21 from the centre (the candy's wrapper tips), so at 0.8
 * they stay within 17.
 */
export const MASKABLE_GLYPH_SCALE = 0.8;

/**
 * The mark as an SVG file. 'tile' is the header's mark (rounded tile, for the favicon and the 'any' icons);
 * 'maskable' is the glyph on a full-bleed square inside the safe zone (maskable icons and iOS, which rounds the
 * corners itself and would put a transparent corner on black).
 */
export function markSvg(variant: ShopVariant, shape: 'tile' | 'maskable' = 'tile'): string {
  const glyph = `<path fill="#fff" d="${MARK_GLYPH[variant]}"/>`;
  const half = MARK_SIZE / 2;
  const body =
    shape === 'tile'
      ? `<rect width="${MARK_SIZE}" height="${MARK_SIZE}" rx="${MARK_RADIUS}" fill="${BRAND_COLOR}"/>${glyph}`
      : `<rect width="${MARK_SIZE}" height="${MARK_SIZE}" fill="${BRAND_COLOR}"/><g transform="translate(${half} ${half}) scale(${MASKABLE_GLYPH_SCALE}) translate(-${half} -${half})">${glyph}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MARK_SIZE} ${MARK_SIZE}">${body}</svg>\n`;
}

/** The app's pictures of a variant, each shop's under a folder of its own (both are in every build). */
export function appIcons(variant: ShopVariant) {
  const at = (file: string) => `/icons/${variant}/${file}`;
  return {
    svg: at('icon.svg'),
    any: { 192: at('icon-192.png'), 512: at('icon-512.png') },
    maskable: { 192: at('maskable-192.png'), 512: at('maskable-512.png') },
    appleTouch: at('apple-touch-icon.png'),
    favicon: at('favicon.ico'),
  } as const;
}

/** The installed app's manifest of a language: its own name, start page and shortcuts (src/server/web-app-manifest.ts). */
export function manifestPath(languageId: LanguageId): string {
  return localizePath('/manifest.webmanifest', languageId);
}
