// The back-in-stock sign-up, for the product page: it loads with that page's code, not with the shell.
export { BackInStockForm } from './BackInStockForm';
