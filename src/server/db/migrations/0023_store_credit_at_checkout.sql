-- Store credit spent at checkout, drawn in the order's transaction as a gift card is.

-- The balance, one row per customer that has ever had credit: the row placeOrder, a give-back and an admin's
-- booking lock (last, after the cart, the SKUs and the gift card), and the CHECK that keeps it from going below
-- zero whatever a caller computes. It always equals the sum of the customer's movements.
CREATE TABLE customer_credit_balances (
  customer_id   integer     PRIMARY KEY REFERENCES customers (customer_id) ON DELETE CASCADE,
  balance_minor integer     NOT NULL CHECK (balance_minor >= 0),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO customer_credit_balances (customer_id, balance_minor)
  SELECT customer_id, sum(amount_minor) FROM customer_credit_movements GROUP BY customer_id;

-- What a movement is: an admin's booking (its description is the admin's text), an order's draw, or that draw
-- given back (failed payment, cancellation); the two order kinds are worded in the reader's language when listed.
-- One draw and one give-back per order at most: the unique indexes make a replayed give-back a no-op.
ALTER TABLE customer_credit_movements ADD COLUMN kind text NOT NULL DEFAULT 'ADMIN'
  CHECK (kind IN ('ADMIN', 'ORDER', 'ORDER_RETURN'));
CREATE UNIQUE INDEX customer_credit_movements_one_draw ON customer_credit_movements (order_id) WHERE kind = 'ORDER';
CREATE UNIQUE INDEX customer_credit_movements_one_return ON customer_credit_movements (order_id) WHERE kind = 'ORDER_RETURN';

-- What the order took from the customer's balance (öre inc VAT); with the gift card's part, at most the total.
ALTER TABLE orders ADD COLUMN credit_minor integer NOT NULL DEFAULT 0 CHECK (credit_minor >= 0);
ALTER TABLE orders ADD CONSTRAINT orders_paid_parts_within_total CHECK (gift_card_minor + credit_minor <= total_minor);

-- An order the balance (with or without a gift card) pays in full is recorded with STORE_CREDIT, as one the card
-- alone pays is with GIFT_CARD: the shopper chose no method, since nothing was left for a payment provider.
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('CARD', 'INVOICE', 'INSTALMENT', 'PAY_LATER', 'GIFT_CARD', 'STORE_CREDIT'));
ALTER TABLE orders ADD CONSTRAINT orders_store_credit_method_paid_in_full
  CHECK (payment_method <> 'STORE_CREDIT' OR (credit_minor > 0 AND gift_card_minor + credit_minor = total_minor));
