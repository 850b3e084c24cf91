/** Promo codes and gift card codes alike: at most this long once normalised. */
export const MAX_CODE_LENGTH = 64;

/** Codes are case-insensitive and forgiving about the spaces a paste brings along. */
export function normalizeCode(input: string): string {
  return input.trim().toUpperCase();
}
