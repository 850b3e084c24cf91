-- Cart lines remember the price and stock the shopper last saw, so a later read can say what changed;
-- mutations are idempotent per cart, and promo codes discount the whole order.

-- A mutation that starts a cart records its idempotency key here, so a replay that still carries the old
-- (empty or unknown) id finds the cart it created instead of starting another one.
ALTER TABLE carts ADD COLUMN creation_key text UNIQUE;

ALTER TABLE cart_items ADD COLUMN seen_stock integer;
ALTER TABLE cart_items ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE cart_items ADD CONSTRAINT cart_items_quantity_max CHECK (quantity <= 999);
CREATE INDEX cart_items_sku_idx ON cart_items (sku_id);

-- One row per applied mutation: the primary key makes a second request with the same key (even a concurrent
-- one) a no-op, because the insert runs in the same transaction as the change.
CREATE TABLE cart_idempotency_keys (
  cart_id         text        NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
  idempotency_key text        NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, idempotency_key)
);

-- code is stored upper case; shoppers' input is trimmed and upper-cased before lookup.
-- type PERCENT: value = percent off the goods; FIXED: value = öre off the goods. min_order_minor is compared
-- with the goods total after campaigns, before the code itself.
CREATE TABLE promo_codes (
  code            text    PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 64),
  type            text    NOT NULL CHECK (type IN ('PERCENT', 'FIXED')),
  value           integer NOT NULL CHECK (value > 0),
  min_order_minor integer NOT NULL DEFAULT 0 CHECK (min_order_minor >= 0),
  starts_at       timestamptz,
  ends_at         timestamptz,
  CHECK (type <> 'PERCENT' OR value <= 100)
);

-- The shop's standing codes, in both variants: the newsletter promise (spec section 9, 30 % off), a general
-- ten per cent, and a fixed 100 kr from a 600 kr order.
INSERT INTO promo_codes (code, type, value, min_order_minor) VALUES
  ('RETRO10', 'PERCENT', 10, 0),
  ('NYHETSBREV30', 'PERCENT', 30, 0),
  ('SPARA100', 'FIXED', 10000, 60000);
