import type { Localized, ShopVariant } from './types';

/**
 * Contact details used in content pages and footer menus; the names match `shop.name` in locales/*.json. The addresses use the reserved `.example` domain
 * and a placeholder number until the shop owner provides real ones.
 */
export interface ShopInfo {
  readonly name: string;
  readonly email: string;
  readonly phoneDisplay: string;
  readonly phoneHref: string;
  readonly tagline: Localized;
}

export const SHOP_INFO: Readonly<Record<ShopVariant, ShopInfo>> = {
  games: {
    name: 'Retro Spelbutiken',
    email: 'kundtjanst@retrospelbutiken.example',
    phoneDisplay: '08-123 456 78',
    phoneHref: 'tel:+46812345678',
    tagline: { sv: 'retrospel, konsoler och tillbehör', en: 'retro games, consoles and accessories' },
  },
  candy: {
    name: 'Godisbutiken',
    email: 'kundtjanst@godisbutiken.example',
    phoneDisplay: '08-123 456 79',
    phoneHref: 'tel:+46812345679',
    tagline: { sv: 'godis, choklad, lakrits och presentaskar', en: 'sweets, chocolate, licorice and gift boxes' },
  },
};

export const SOCIAL_LINKS: readonly { readonly label: string; readonly url: string }[] = [
  { label: 'Instagram', url: 'https://www.instagram.com/' },
  { label: 'Facebook', url: 'https://www.facebook.com/' },
  { label: 'YouTube', url: 'https://www.youtube.com/' },
];
