import type { HeroCampaign } from './CampaignHero';

/**
 * The hero shows the first running campaign that discounts goods under its own name: free shipping has no
 * products to show, and a campaign that hides its title is not meant to be advertised.
 */
export function heroCampaign(campaigns: readonly HeroCampaign[]): HeroCampaign | undefined {
  return campaigns.find((c) => !c.hideTitle && c.type !== 'FREE_SHIPPING');
}
