-- The payment sweeper (modules/order/payment-sweeper.ts) settles orders whose shopper never came back from the
-- payment provider. payment_checked_at: when a sweeper last took the order to ask its provider; a sweeper
-- leaves an order another one took a moment ago alone, and asks the longest-unasked orders first, so orders
-- the provider keeps answering "pending" about cannot crowd out the rest of a batch.
ALTER TABLE orders ADD COLUMN payment_checked_at timestamptz;
-- Pending payments are few next to all orders; the sweeper finds them by age.
CREATE INDEX orders_pending_payment_idx ON orders (created_at) WHERE payment_status = 'PENDING';
