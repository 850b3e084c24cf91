/**
 * The shop's own time zone: a date the shop shows (a balance movement, an order) is the day it was in the shop,
 * whatever zone the server or the shopper's device is set to.
 */
export const SHOP_TIME_ZONE = 'Europe/Stockholm';

/**
 * An ISO 8601 instant as a medium date in the locale (a channel's iso, e.g. sv-SE) and time zone given: both
 * are inputs, so the same instant reads the same on any machine.
 */
export function formatShopDate(iso: string, locale: string, timeZone: string = SHOP_TIME_ZONE): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
}
