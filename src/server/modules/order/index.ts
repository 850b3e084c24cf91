/**
 * Orders: recording one (for checkout), its payment from start to settlement, its status, and its mails. The
 * payment sweeper settles the payments of shoppers who never came back from the provider's page.
 */
export type { OrderCustomer, OrderLine, OrderMoney, OrderRecord } from './models';
export { createOrder, findOrderByIdempotencyKey, startPayment } from './order-placement';
export { completePayment, isOrderToken, pendingPaymentProviders } from './order-service';
export { orderTotals, orderView } from './order-view';
export { createPaymentSweeper, sweepLimits } from './payment-sweeper';
export { customerOrders, eraseCustomerOrders, orderNumbersOf } from './customer-orders';
