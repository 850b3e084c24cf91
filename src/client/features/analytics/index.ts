// What the rest of the client may use of the tag-manager integration.
export { reportPageStatus, usePageViews } from './tag-manager';
export { assumedCartBefore, useCartEvents, type CartSnapshot } from './cart-events';
