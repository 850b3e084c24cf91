/** Carriers and their delivery options (shipping_methods and their translations), and what a cart pays for one. */
export { activeShippingMethods, findShippingMethod, type ShippingMethod } from './shipping-store';
export { feeFor, SHIPPING_VAT_RATE, shippingOffers, type ShippingBasis, type ShippingOffer } from './shipping-rules';
