import { lazy } from 'react';

// What the rest of the client may use of the notifications: the snackbar and the back-in-stock sign-up.
export { Snackbar } from './Snackbar';

/**
 * Shown only for a sold-out SKU on a product page: it loads when first rendered (inside a Suspense boundary),
 * so the header's snackbar does not bring it, and its mutation, into the first route's JS.
 */
export const BackInStockForm = lazy(() => import('./BackInStockForm').then(({ BackInStockForm }) => ({ default: BackInStockForm })));
