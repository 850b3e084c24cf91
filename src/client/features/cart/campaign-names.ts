/** Names of the campaigns to show: hideTitle campaigns still count, but their names stay hidden. */
export function visibleCampaignNames(campaigns: readonly { name: string; hideTitle: boolean }[]): string[] {
  return [...new Set(campaigns.filter((c) => !c.hideTitle).map((c) => c.name))];
}
