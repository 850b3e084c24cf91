/**
 * Limits the API enforces and the browser respects before asking, so a shopper never meets a refusal the page
 * could have avoided. Both sides import them from here.
 */

/** One cart line holds at most this many units (also a CHECK on cart_items). */
export const MAX_LINE_QUANTITY = 999;

/** The API refuses longer search text; a longer URL searches its beginning instead of failing. */
export const MAX_SEARCH_LENGTH = 200;

/** Promo codes and gift card codes alike: at most this long once normalised (the code field's maxLength). */
export const MAX_CODE_LENGTH = 64;

/**
 * The most SKUs (or products) one live subscription may follow: each is a topic of its own, and through Redis a
 * channel. A page follows what it shows (a list: 24 to 100 SKUs); a browser following more (several long lists in
 * tabs) splits them over several subscriptions.
 */
export const MAX_FOLLOWED_IDS = 500;
