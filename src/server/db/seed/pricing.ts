/**
 * Shelf prices: whole kronor ending in 9 (149 kr, 1 199 kr) like a real price list, stored in öre including
 * VAT, so almost every price ends in "00".
 */
export function shelfPriceMinor(kr: number, minMinor: number, maxMinor: number): number {
  const step = kr < 100 ? 5 : kr < 1000 ? 50 : 100;
  const rounded = Math.max(step, Math.round(kr / step) * step) - 1;
  return Math.min(maxMinor, Math.max(minMinor, rounded * 100));
}
