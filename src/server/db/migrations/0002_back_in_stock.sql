-- Shoppers who asked to be told when an out-of-stock SKU can be bought again (spec sections 1 and 5).
-- One row per SKU and address whatever its case: asking twice keeps the one row. notified_at stays null
-- until the notice has been sent; the language is the one the shopper asked in, for the notice's text.
CREATE TABLE back_in_stock_requests (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sku_id      integer     NOT NULL REFERENCES skus (sku_id) ON DELETE CASCADE,
  email       text        NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  language_id text        NOT NULL CHECK (language_id IN ('sv', 'en')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz
);
CREATE UNIQUE INDEX back_in_stock_requests_sku_email_key ON back_in_stock_requests (sku_id, lower(email));
-- What a notifier reads when stock arrives: the pending requests of one SKU.
CREATE INDEX back_in_stock_requests_pending_idx ON back_in_stock_requests (sku_id) WHERE notified_at IS NULL;
