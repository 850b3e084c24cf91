/** The kinds of discount campaign: the database's, the seed's, the cart's pricing and the catalog's alike. */
export const campaignTypes = ['PERCENT', 'FIXED', 'BUY_X_PAY_Y', 'FREE_SHIPPING'] as const;
export type CampaignType = (typeof campaignTypes)[number];
