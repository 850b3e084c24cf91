import { describe, expect, it } from 'vitest';
import { formatShopDate, SHOP_TIME_ZONE } from './dates';

describe('formatShopDate', () => {
  it("gives the day in the shop's time zone, not the machine's: 23:30 UTC on 31 Dec is 1 Jan in Stockholm", () => {
    expect(SHOP_TIME_ZONE).toBe('Europe/Stockholm');
    expect(formatShopDate('2025-12-31T23:30:00Z', 'sv-SE')).toBe('1 jan. 2026');
    expect(formatShopDate('2025-12-31T23:30:00Z', 'en-US')).toBe('Jan 1, 2026');
    // The zone is an input: the same instant in New York is still the last day of the year.
    expect(formatShopDate('2025-12-31T23:30:00Z', 'en-US', 'America/New_York')).toBe('Dec 31, 2025');
  });
});
