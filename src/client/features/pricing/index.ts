// What the rest of the client may use of the price settings (prices themselves are components/PriceTag).
export { CustomerTypeToggle, VatToggle } from './PriceToggles';
