// What the rest of the client may use of the notifications: the snackbar and the back-in-stock sign-up.
export { BackInStockForm } from './BackInStockForm';
export { Snackbar } from './Snackbar';
