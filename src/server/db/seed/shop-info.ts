import { SHOP_CONTACT, type ShopContact } from '../../../shared/shop';
import { shopName } from '../../i18n';
import type { ShopVariant } from '../../../shared/shop';
import type { Localized } from './types';

/**
 * What content pages, footer menus and order mails say about the shop: its name in each language (the same
 * `shop.name` texts the pages show) and how to reach it.
 */
export interface ShopInfo extends ShopContact {
  readonly name: Localized;
  readonly tagline: Localized;
}

export const SHOP_INFO: Readonly<Record<ShopVariant, ShopInfo>> = {
  games: {
    ...SHOP_CONTACT.games,
    name: { sv: shopName('games', 'sv'), en: shopName('games', 'en') },
    tagline: { sv: 'retrospel, konsoler och tillbehör', en: 'retro games, consoles and accessories' },
  },
  candy: {
    ...SHOP_CONTACT.candy,
    name: { sv: shopName('candy', 'sv'), en: shopName('candy', 'en') },
    tagline: { sv: 'godis, choklad, lakrits och presentaskar', en: 'sweets, chocolate, licorice and gift boxes' },
  },
};
