// What the rest of the client may use of the notifications: the snackbar. The back-in-stock sign-up is in
// parts.ts, so the header's snackbar does not bring it into the first route's JS.
export { Snackbar } from './Snackbar';
