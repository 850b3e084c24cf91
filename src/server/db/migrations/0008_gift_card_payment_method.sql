-- An order its gift card pays in full is recorded with the payment method GIFT_CARD: the shopper chose none,
-- since nothing was left for a payment provider. The server sets it only then, and the second CHECK holds it
-- to that (a draw given back on a cancel leaves gift_card_minor as it was charged).
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('CARD', 'INVOICE', 'INSTALMENT', 'PAY_LATER', 'GIFT_CARD'));
ALTER TABLE orders ADD CONSTRAINT orders_gift_card_method_paid_in_full
  CHECK (payment_method <> 'GIFT_CARD' OR (gift_card_minor > 0 AND gift_card_minor = total_minor));
