/** Codes are case-insensitive and forgiving about the spaces a paste brings along. */
export function normalizeCode(input: string): string {
  return input.trim().toUpperCase();
}
