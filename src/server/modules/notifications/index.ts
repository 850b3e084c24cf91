/** Shoppers' requests to hear when a sold-out SKU is back. */
export { registerBackInStock } from './back-in-stock';
export { notifyBackInStock, startBackInStockNotifier } from './back-in-stock-notifier';
