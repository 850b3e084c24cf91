-- Gift cards: a code worth an amount the shopper spends over one or more orders. A cart carries at most one
-- applied card; placing the order draws from it, and a failed payment or a cancellation gives the draw back.

-- code is stored upper case; shoppers' input is trimmed and upper-cased before lookup (as promo codes).
-- Money is öre inc VAT like everywhere else (the API answers kronor). balance_minor never goes below 0 nor
-- above what the card was issued with: a draw returned twice would break the second CHECK, not the books.
CREATE TABLE gift_cards (
  code          text        PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 64),
  initial_minor integer     NOT NULL CHECK (initial_minor > 0),
  balance_minor integer     NOT NULL CHECK (balance_minor >= 0),
  currency      text        NOT NULL DEFAULT 'SEK' CHECK (currency = 'SEK'),
  -- Unset: never expires. An expired card is refused like an unknown one.
  expires_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (balance_minor <= initial_minor)
);

-- The card the shopper applied to the cart; the amount it covers is worked out on every read, since the
-- balance can change (another order draws from the same card) between reads.
ALTER TABLE carts ADD COLUMN gift_card_code text REFERENCES gift_cards (code) ON DELETE SET NULL;

-- What the order took from the card (öre inc VAT, at most the total); the payment provider charges the rest.
ALTER TABLE orders ADD COLUMN gift_card_code text;
ALTER TABLE orders ADD COLUMN gift_card_minor integer NOT NULL DEFAULT 0 CHECK (gift_card_minor >= 0);
ALTER TABLE orders ADD CONSTRAINT orders_gift_card_within_total CHECK (gift_card_minor <= total_minor);

-- The ledger: one row per order that drew from a card. returned_at is set when the draw goes back on the
-- card (payment failed, order cancelled); the UPDATE that sets it only matches an unreturned row, so a draw
-- is returned exactly once however often cancelling is attempted.
-- Lock order, shared by every writer (placeOrder, completePayment, setOrderStatus): order row, cart, SKUs in
-- sku_id order, then the one gift card row last, so two transactions never wait on each other in a circle.
CREATE TABLE gift_card_draws (
  order_id     text        PRIMARY KEY REFERENCES orders (order_id) ON DELETE CASCADE,
  code         text        NOT NULL REFERENCES gift_cards (code),
  amount_minor integer     NOT NULL CHECK (amount_minor > 0),
  drawn_at     timestamptz NOT NULL DEFAULT now(),
  returned_at  timestamptz
);
CREATE INDEX gift_card_draws_code_idx ON gift_card_draws (code);
