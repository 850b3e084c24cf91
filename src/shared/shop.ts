/** The two shops this code runs: retro video games, and confectionery. */
export const SHOP_VARIANTS = ['games', 'candy'] as const;
export type ShopVariant = (typeof SHOP_VARIANTS)[number];

export type SocialNetwork = 'Instagram' | 'Facebook' | 'YouTube';

export interface ShopContact {
  /** The customer-service address: the footer, content pages, menus, order mails and the default sender. */
  readonly email: string;
  readonly phoneDisplay: string;
  readonly phoneHref: string;
  /** The shop's own profile on each network, never the network's front page. */
  readonly social: Readonly<Record<SocialNetwork, string>>;
}

/**
 * How shoppers reach each shop variant: the one source for the client's footer and the server's seeded pages,
 * menus and mails. The addresses use the reserved `.example` domain and a placeholder number until the shop
 * owner provides real ones.
 */
export const SHOP_CONTACT: Readonly<Record<ShopVariant, ShopContact>> = {
  games: {
    email: 'kundtjanst@retrospelbutiken.example',
    phoneDisplay: '08-123 456 78',
    phoneHref: 'tel:+46812345678',
    social: {
      Instagram: 'https://www.instagram.com/retrospelbutiken',
      Facebook: 'https://www.facebook.com/retrospelbutiken',
      YouTube: 'https://www.youtube.com/@retrospelbutiken',
    },
  },
  candy: {
    email: 'kundtjanst@godisbutiken.example',
    phoneDisplay: '08-123 456 79',
    phoneHref: 'tel:+46812345679',
    social: {
      Instagram: 'https://www.instagram.com/godisbutiken',
      Facebook: 'https://www.facebook.com/godisbutiken',
      YouTube: 'https://www.youtube.com/@godisbutiken',
    },
  },
};
