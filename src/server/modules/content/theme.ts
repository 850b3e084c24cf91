import type { ShopVariant } from '../../../shared/shop';
import type { ThemeSettings } from '../../generated/api-types';

/** Header and footer colours per shop variant, applied by the client as CSS variables. */
export const themes: Record<ShopVariant, ThemeSettings> = {
  games: {
    brandColor: '#EE3F6B',
    headerBackground: '#1d1b2f',
    headerColor: '#ffffff',
    footerBackground: '#1d1b2f',
    footerColor: '#f3f1ff',
  },
  candy: {
    brandColor: '#EE3F6B',
    headerBackground: '#fff0f4',
    headerColor: '#3b1020',
    footerBackground: '#5b1130',
    footerColor: '#fff0f4',
  },
};
