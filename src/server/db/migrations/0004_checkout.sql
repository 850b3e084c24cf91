-- Checkout, orders and the admin who handles them.

-- What the shopper has typed into the checkout form, per cart, kept as the API's field names (CheckoutInput):
-- the form is saved field by field and validated as a whole on every save and again when the order is placed.
CREATE TABLE checkouts (
  cart_id    text        PRIMARY KEY REFERENCES carts (cart_id) ON DELETE CASCADE,
  fields     jsonb       NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The carriers the shop ships with. fee_minor inc VAT (25 %); free_from_minor: goods total (after campaigns and
-- code) from which this carrier ships free; countries: ISO codes it delivers to.
CREATE TABLE shipping_methods (
  shipping_method_id text    PRIMARY KEY,
  carrier            text    NOT NULL,
  name_sv            text    NOT NULL,
  name_en            text    NOT NULL,
  description_sv     text    NOT NULL,
  description_en     text    NOT NULL,
  fee_minor          integer NOT NULL CHECK (fee_minor >= 0),
  free_from_minor    integer CHECK (free_from_minor >= 0),
  countries          text[]  NOT NULL,
  sort_order         integer NOT NULL DEFAULT 0,
  active             boolean NOT NULL DEFAULT true
);

INSERT INTO shipping_methods
  (shipping_method_id, carrier, name_sv, name_en, description_sv, description_en, fee_minor, free_from_minor, countries, sort_order)
VALUES
  ('postnord-ombud', 'PostNord', 'PostNord – hämta hos ombud', 'PostNord – collect at a service point',
   'Leverans till ditt närmaste ombud, 1–3 vardagar', 'Delivered to your nearest service point, 1–3 working days',
   4900, 49900, ARRAY['SE', 'NO', 'DK', 'FI'], 1),
  ('budbee-hem', 'Budbee', 'Budbee – hemleverans kväll', 'Budbee – evening home delivery',
   'Leverans hem till dörren på kvällen, 1–2 vardagar', 'Delivered to your door in the evening, 1–2 working days',
   6900, 79900, ARRAY['SE'], 2),
  ('dhl-servicepoint', 'DHL', 'DHL Service Point', 'DHL Service Point',
   'Leverans till DHL Service Point, 2–4 vardagar', 'Delivered to a DHL Service Point, 2–4 working days',
   5900, NULL, ARRAY['SE', 'NO', 'DK', 'FI'], 3);

-- Order numbers are short and sequential for people; order_id (random) and token (secret) are for URLs.
CREATE SEQUENCE order_numbers START WITH 100001;

CREATE TABLE orders (
  order_id           text        PRIMARY KEY,
  order_number       integer     NOT NULL UNIQUE DEFAULT nextval('order_numbers'),
  -- Shown with the order id on the confirmation page: anyone holding both may read the order.
  token              text        NOT NULL,
  cart_id            text        NOT NULL,
  -- A replayed placeOrder (same key) answers the order it placed instead of placing another.
  idempotency_key    text        UNIQUE,
  language_id        text        NOT NULL,
  status             text        NOT NULL DEFAULT 'RECEIVED' CHECK (status IN ('RECEIVED', 'PROCESSING', 'COMPLETED', 'CANCELLED')),
  customer           jsonb       NOT NULL,
  shipping_method_id text        NOT NULL REFERENCES shipping_methods (shipping_method_id),
  payment_method     text        NOT NULL CHECK (payment_method IN ('CARD', 'INVOICE', 'INSTALMENT', 'PAY_LATER')),
  payment_provider   text        NOT NULL,
  payment_reference  text,
  payment_status     text        NOT NULL DEFAULT 'PENDING' CHECK (payment_status IN ('PENDING', 'PAID', 'FAILED')),
  payment_failure    text,
  -- Where placeOrder sent the shopper (the provider's page); a replay answers the same.
  redirect_url       text,
  promo_code         text,
  -- Money in öre inc VAT as charged: goods after campaigns, the code's discount, shipping, and the total.
  regular_minor      integer     NOT NULL,
  goods_minor        integer     NOT NULL,
  discount_minor     integer     NOT NULL,
  shipping_fee_minor integer     NOT NULL,
  total_minor        integer     NOT NULL,
  total_ex_vat_minor integer     NOT NULL,
  tracking           text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE order_numbers OWNED BY orders.order_number;
CREATE INDEX orders_cart_idx ON orders (cart_id);

-- Lines as sold: names and prices copied, so later catalog changes do not rewrite an order.
-- backordered: units of an oversellable SKU sold beyond stock (stock stops at 0; these ship when it arrives).
CREATE TABLE order_lines (
  order_id            text    NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  line_no             integer NOT NULL,
  sku_id              integer NOT NULL REFERENCES skus (sku_id),
  product_id          integer NOT NULL,
  name                text    NOT NULL,
  article_number      text    NOT NULL,
  quantity            integer NOT NULL CHECK (quantity > 0),
  backordered         integer NOT NULL DEFAULT 0 CHECK (backordered >= 0),
  regular_unit_minor  integer NOT NULL,
  total_regular_minor integer NOT NULL,
  total_selling_minor integer NOT NULL,
  vat_rate            integer NOT NULL,
  PRIMARY KEY (order_id, line_no)
);
CREATE INDEX order_lines_sku_idx ON order_lines (sku_id);

CREATE TABLE order_status_changes (
  order_id    text        NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  from_status text,
  to_status   text        NOT NULL,
  changed_by  text        NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_changes_order_idx ON order_status_changes (order_id, changed_at);

-- Staff accounts. password_hash: scrypt (see modules/admin/password.ts); email compared case-insensitively.
CREATE TABLE admin_users (
  user_id       serial      PRIMARY KEY,
  email         text        NOT NULL,
  password_hash text        NOT NULL,
  role          text        NOT NULL DEFAULT 'admin' CHECK (role IN ('admin')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_email_idx ON admin_users (lower(email));
