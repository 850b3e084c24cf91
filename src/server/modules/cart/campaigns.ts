/**
 * Campaign pricing of a cart, in öre including VAT. PERCENT and FIXED campaigns already shape each SKU's
 * selling price (the sku_prices view); here they are only named. BUY_X_PAY_Y is a cart rule: over all units
 * of a campaign's products, every X units make the X − Y cheapest of them free. FREE_SHIPPING is decided
 * in the summary, once the order total is known.
 */
import type { CampaignType } from '../../../shared/campaigns';

export interface CampaignRef {
  campaignId: number;
  type: CampaignType;
  value: number;
  buyQuantity: number | null;
  payQuantity: number | null;
  thresholdMinor: number | null;
  hideTitle: boolean;
  name: string;
}

export interface PricingLine {
  skuId: number;
  productId: number;
  quantity: number;
  regularUnitMinor: number;
  sellingUnitMinor: number;
  vatRate: number;
}

export interface UnitPrice {
  priceMinor: number;
  quantity: number;
}

export interface PricedLine<L extends PricingLine = PricingLine> {
  line: L;
  /** Campaigns that lowered this line, by campaign id. */
  applied: CampaignRef[];
  /** The line's units by price: the selling price, and 0 for units a BUY_X_PAY_Y campaign made free. */
  prices: UnitPrice[];
  totalRegularMinor: number;
  totalSellingMinor: number;
}

/** The active campaigns of each product in the cart. */
export type CampaignsByProduct = ReadonlyMap<number, readonly CampaignRef[]>;

/**
 * What a PERCENT or FIXED campaign takes off one unit, as sku_prices computes it before it rounds the price down
 * to whole kronor (migration 0018); that rounding never changes which campaign takes off more.
 */
function unitDiscount(campaign: CampaignRef, regularUnitMinor: number): number {
  if (campaign.type === 'PERCENT') return Math.floor((regularUnitMinor * campaign.value) / 100);
  if (campaign.type === 'FIXED') return campaign.value;
  return 0;
}

/** The PERCENT/FIXED campaign behind a line's selling price: the biggest discount wins, as in sku_prices. */
function priceCampaign(line: PricingLine, campaigns: readonly CampaignRef[]): CampaignRef | null {
  if (line.sellingUnitMinor >= line.regularUnitMinor) return null;
  let best: CampaignRef | null = null;
  for (const campaign of campaigns) {
    const discount = unitDiscount(campaign, line.regularUnitMinor);
    if (discount > 0 && (!best || discount > unitDiscount(best, line.regularUnitMinor))) best = campaign;
  }
  return best;
}

function isBuyXPayY(c: CampaignRef): c is CampaignRef & { buyQuantity: number; payQuantity: number } {
  return (
    c.type === 'BUY_X_PAY_Y' &&
    c.buyQuantity !== null &&
    c.payQuantity !== null &&
    c.buyQuantity > 0 &&
    c.payQuantity >= 0 &&
    c.payQuantity < c.buyQuantity
  );
}

/**
 * Free units per line index for every BUY_X_PAY_Y campaign, in campaign id order; a unit made free by one
 * campaign does not count toward another.
 */
function buyXPayYFreeUnits(lines: readonly PricingLine[], campaignsByProduct: CampaignsByProduct) {
  const campaigns = new Map<number, CampaignRef & { buyQuantity: number; payQuantity: number }>();
  for (const line of lines) {
    for (const c of campaignsByProduct.get(line.productId) ?? []) if (isBuyXPayY(c)) campaigns.set(c.campaignId, c);
  }
  const free = lines.map(() => 0);
  const appliedBy = lines.map((): CampaignRef[] => []);
  for (const campaign of [...campaigns.values()].sort((a, b) => a.campaignId - b.campaignId)) {
    const members = lines
      .map((line, index) => ({ line, index, paid: line.quantity - free[index]! }))
      .filter((m) => m.paid > 0 && (campaignsByProduct.get(m.line.productId) ?? []).some((c) => c.campaignId === campaign.campaignId));
    const units = members.reduce((sum, m) => sum + m.paid, 0);
    let freeUnits = Math.floor(units / campaign.buyQuantity) * (campaign.buyQuantity - campaign.payQuantity);
    // Cheapest first; equal prices by SKU so the answer never depends on the order lines were added in.
    members.sort((a, b) => a.line.sellingUnitMinor - b.line.sellingUnitMinor || a.line.skuId - b.line.skuId);
    for (const member of members) {
      if (freeUnits === 0) break;
      const take = Math.min(freeUnits, member.paid);
      free[member.index]! += take;
      freeUnits -= take;
      appliedBy[member.index]!.push(campaign);
    }
  }
  return { free, appliedBy };
}

export function priceLines<L extends PricingLine>(lines: readonly L[], campaignsByProduct: CampaignsByProduct): PricedLine<L>[] {
  const { free, appliedBy } = buyXPayYFreeUnits(lines, campaignsByProduct);
  return lines.map((line, index) => {
    const freeUnits = free[index]!;
    const paidUnits = line.quantity - freeUnits;
    const byPrice = priceCampaign(line, campaignsByProduct.get(line.productId) ?? []);
    const applied = [...(byPrice ? [byPrice] : []), ...appliedBy[index]!].sort((a, b) => a.campaignId - b.campaignId);
    const prices: UnitPrice[] = [
      { priceMinor: line.sellingUnitMinor, quantity: paidUnits },
      { priceMinor: 0, quantity: freeUnits },
    ].filter((p) => p.quantity > 0);
    return {
      line,
      applied,
      prices,
      totalRegularMinor: line.regularUnitMinor * line.quantity,
      totalSellingMinor: line.sellingUnitMinor * paidUnits,
    };
  });
}

/** The FREE_SHIPPING campaign that is easiest to reach, if any runs. */
export function easiestFreeShipping(campaigns: readonly CampaignRef[]): CampaignRef | null {
  return (
    campaigns
      .filter((c) => c.type === 'FREE_SHIPPING' && c.thresholdMinor !== null)
      .sort((a, b) => a.thresholdMinor! - b.thresholdMinor! || a.campaignId - b.campaignId)[0] ?? null
  );
}
