import { lazyPart } from '../../lib/lazy-part';
import type { HeroCampaign } from './CampaignHero';

/** The hero is drawn by the server and hydrated after the page's chunk (lib/lazy-part.ts). */
export const hero = lazyPart(() => import('./CampaignHero').then((loaded) => loaded.CampaignHero), '.home-hero', { file: 'content/CampaignHero' });

/**
 * The hero shows the first running campaign that discounts goods under its own name: free shipping has no
 * products to show, and a campaign that hides its title is not meant to be advertised.
 */
export function heroCampaign(campaigns: readonly HeroCampaign[]): HeroCampaign | undefined {
  return campaigns.find((c) => !c.hideTitle && c.type !== 'FREE_SHIPPING');
}
