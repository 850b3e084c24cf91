// What the rest of the client may use of the tag-manager, telemetry and personalisation integrations.
export { reportPageStatus } from './page-status';
export { PageViews } from './page-views';
export { assumedCartBefore, cartReportsSent, useCartEvents } from './use-cart-events';
export type { CartSnapshot } from './cart-events';
export { allowPersonalisation, configurePersonalisation, reportCustomerEvent } from './personalisation';
export { allowTelemetryCookies, reportError, startTelemetry, useErrorReport } from './telemetry';
