/**
 * What the page and the service worker agree on for the cart outbox's Background Sync safety net: the page
 * registers the tag while changes wait, and the worker, woken by the browser once a connection is back, asks
 * its open pages to replay (the replay itself needs the page's code and the shopper's cart id).
 */
export const CART_SYNC_TAG = 'cart-outbox';
export const CART_SYNC_MESSAGE = 'cart-outbox-flush';
