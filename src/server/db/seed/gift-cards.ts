/**
 * Demo gift cards, the same in both variants. They are seeded with the catalog (not in a migration) because
 * they are spendable money: a shop that brings its own data never gets them. README lists the codes.
 */
export interface GiftCardDef {
  readonly code: string;
  readonly balanceMinor: number;
  /** What the card was issued with; more than balanceMinor for a card already partly spent. */
  readonly initialMinor: number;
  /** Relative to the seed day; null: never expires. */
  readonly expiresInDays: number | null;
}

export const DEMO_GIFT_CARDS: readonly GiftCardDef[] = [
  { code: 'PRESENTKORT500', balanceMinor: 50_000, initialMinor: 50_000, expiresInDays: 365 },
  { code: 'PRESENTKORT100', balanceMinor: 10_000, initialMinor: 10_000, expiresInDays: 365 },
  // Browser tests and manual trials on a fresh shop: covers any order and never runs out in practice.
  { code: 'PRESENTKORTTEST', balanceMinor: 100_000_000, initialMinor: 100_000_000, expiresInDays: null },
  // The two ways a real card stops working, so the refusal can be tried without waiting for it.
  { code: 'PRESENTKORTUTGANGET', balanceMinor: 50_000, initialMinor: 50_000, expiresInDays: -1 },
  { code: 'PRESENTKORTTOMT', balanceMinor: 0, initialMinor: 20_000, expiresInDays: null },
];
