import type { ShopVariant } from '../../../shared/shop';
import type { CampaignDef } from './types';

/**
 * Discount campaigns, one of each type the schema knows plus a hidden-title one. Dates are relative to the
 * seed day so a freshly seeded shop always has campaigns running.
 */
const GAMES_CAMPAIGNS: readonly CampaignDef[] = [
  {
    id: 1, type: 'PERCENT', value: 20, hideTitle: false, startsInDays: -7, endsInDays: 60,
    name: { sv: 'Sommarrea 20 %', en: 'Summer sale 20 %' },
    description: { sv: 'Spara 20 procent på utvalda klassiker.', en: 'Save 20 per cent on selected classics.' },
    categoryPrefixes: ['games'], share: 0.12,
  },
  {
    id: 2, type: 'FIXED', value: 5_000, hideTitle: false, startsInDays: -3, endsInDays: null,
    name: { sv: '50 kr rabatt på tillbehör', en: 'SEK 50 off accessories' },
    description: {
      sv: 'Vi drar av 50 kronor per styck på utvalda handkontroller och tillbehör.',
      en: 'We take SEK 50 off each selected controller and accessory.',
    },
    categoryPrefixes: ['accessories'], share: 0.5, minPriceMinor: 19_900,
  },
  {
    id: 3, type: 'BUY_X_PAY_Y', value: 0, buyQuantity: 3, payQuantity: 2, hideTitle: false, startsInDays: -14, endsInDays: null,
    name: { sv: 'Köp 3 betala för 2', en: 'Buy 3, pay for 2' },
    description: {
      sv: 'Köp tre handhållna spel och betala för de två dyraste.',
      en: 'Buy three handheld games and pay for the two most expensive.',
    },
    categoryPrefixes: ['games/nintendo/gb', 'games/nintendo/gbc', 'games/nintendo/gba', 'games/sega/game-gear'], share: 0.6,
  },
  {
    id: 4, type: 'FREE_SHIPPING', value: 0, thresholdMinor: 49_900, hideTitle: false, startsInDays: null, endsInDays: null,
    name: { sv: 'Fri frakt över 499 kr', en: 'Free shipping over SEK 499' },
    description: { sv: 'Handla för minst 499 kr så bjuder vi på frakten.', en: 'Spend at least SEK 499 and shipping is on us.' },
    categoryPrefixes: [], share: 0,
  },
  {
    id: 5, type: 'PERCENT', value: 30, hideTitle: true, startsInDays: -2, endsInDays: 30,
    name: { sv: 'Lagerrensning', en: 'Clearance' },
    description: { sv: 'Sista chansen på konsoler och kontroller vi har för många av.', en: 'Last chance on consoles and controllers we have too many of.' },
    categoryPrefixes: ['consoles', 'accessories/controllers'], share: 0.15,
  },
];

const CANDY_CAMPAIGNS: readonly CampaignDef[] = [
  {
    id: 1, type: 'PERCENT', value: 20, hideTitle: false, startsInDays: -7, endsInDays: 60,
    name: { sv: 'Sommarrea 20 %', en: 'Summer sale 20 %' },
    description: { sv: 'Spara 20 procent på utvald choklad.', en: 'Save 20 per cent on selected chocolate.' },
    categoryPrefixes: ['chocolate'], share: 0.15,
  },
  {
    id: 2, type: 'FIXED', value: 1_000, hideTitle: false, startsInDays: -3, endsInDays: null,
    name: { sv: '10 kr rabatt på lakrits', en: 'SEK 10 off licorice' },
    description: { sv: 'Vi drar av 10 kronor per styck på utvald lakrits.', en: 'We take SEK 10 off each selected licorice item.' },
    categoryPrefixes: ['licorice'], share: 0.5, minPriceMinor: 3_900,
  },
  {
    id: 3, type: 'BUY_X_PAY_Y', value: 0, buyQuantity: 3, payQuantity: 2, hideTitle: false, startsInDays: -14, endsInDays: null,
    name: { sv: 'Köp 3 betala för 2', en: 'Buy 3, pay for 2' },
    description: { sv: 'Köp tre godispåsar och betala för de två dyraste.', en: 'Buy three bags of sweets and pay for the two most expensive.' },
    categoryPrefixes: ['sweets/bagged'], share: 0.6,
  },
  {
    id: 4, type: 'FREE_SHIPPING', value: 0, thresholdMinor: 49_900, hideTitle: false, startsInDays: null, endsInDays: null,
    name: { sv: 'Fri frakt över 499 kr', en: 'Free shipping over SEK 499' },
    description: { sv: 'Handla för minst 499 kr så bjuder vi på frakten.', en: 'Spend at least SEK 499 and shipping is on us.' },
    categoryPrefixes: [], share: 0,
  },
  {
    id: 5, type: 'PERCENT', value: 15, hideTitle: true, startsInDays: -2, endsInDays: 30,
    name: { sv: 'Presenttips 15 %', en: 'Gift tips 15 %' },
    description: { sv: 'Utvalda askar och presenter till lite lägre pris.', en: 'Selected boxes and gifts at a slightly lower price.' },
    categoryPrefixes: ['gifts'], share: 0.2,
  },
];

export function campaignsFor(variant: ShopVariant): readonly CampaignDef[] {
  return variant === 'games' ? GAMES_CAMPAIGNS : CANDY_CAMPAIGNS;
}

/** A prefix matches its own category and everything below it, never a sibling that merely shares letters. */
export function inPrefix(categoryKey: string, prefix: string): boolean {
  return categoryKey === prefix || categoryKey.startsWith(`${prefix}/`);
}
