// What the rest of the client may use of the tag-manager, telemetry and personalisation integrations.
export { reportPageStatus, usePageViews } from './tag-manager';
export { assumedCartBefore, useCartEvents, type CartSnapshot } from './cart-events';
export { allowPersonalisation, configurePersonalisation, reportCustomerEvent } from './personalisation';
export { allowTelemetryCookies, reportError, startTelemetry, useErrorReport } from './telemetry';
