-- Catalog: categories, brands, products with SKUs and stock, discount campaigns, menus and content pages.
-- Money is integer minor units (öre) including VAT; vat_rate is a whole percent. Text lives in *_translations
-- per language_id ('sv' | 'en') so every entity has a localized alias (slug) for the language switcher.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE categories (
  category_id        integer PRIMARY KEY,
  parent_category_id integer REFERENCES categories (category_id),
  sort_order         integer NOT NULL DEFAULT 0
);
CREATE INDEX categories_parent_idx ON categories (parent_category_id);

CREATE TABLE category_translations (
  category_id integer NOT NULL REFERENCES categories (category_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  name        text    NOT NULL,
  alias       text    NOT NULL,
  description text    NOT NULL DEFAULT '',
  PRIMARY KEY (category_id, language_id),
  UNIQUE (language_id, alias)
);

CREATE TABLE brands (
  brand_id integer PRIMARY KEY,
  name     text NOT NULL,
  alias    text NOT NULL UNIQUE
);

CREATE TABLE brand_translations (
  brand_id    integer NOT NULL REFERENCES brands (brand_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  description text    NOT NULL DEFAULT '',
  PRIMARY KEY (brand_id, language_id)
);

-- type: PERCENT (value = percent), FIXED (value = öre off per unit), BUY_X_PAY_Y (buy_quantity, pay_quantity),
-- FREE_SHIPPING (threshold_minor = cart total from which shipping is free).
CREATE TABLE discount_campaigns (
  campaign_id     integer PRIMARY KEY,
  type            text    NOT NULL CHECK (type IN ('PERCENT', 'FIXED', 'BUY_X_PAY_Y', 'FREE_SHIPPING')),
  value           integer NOT NULL DEFAULT 0,
  buy_quantity    integer,
  pay_quantity    integer,
  threshold_minor integer,
  hide_title      boolean NOT NULL DEFAULT false,
  starts_at       timestamptz,
  ends_at         timestamptz
);

CREATE TABLE discount_campaign_translations (
  campaign_id integer NOT NULL REFERENCES discount_campaigns (campaign_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  name        text    NOT NULL,
  alias       text    NOT NULL,
  description text    NOT NULL DEFAULT '',
  PRIMARY KEY (campaign_id, language_id),
  UNIQUE (language_id, alias)
);

-- price_minor / selling_price_minor are the lowest SKU prices before and after campaigns, kept by
-- refresh_product_prices() so lists can sort and filter by price with an index.
CREATE TABLE products (
  product_id          integer PRIMARY KEY,
  brand_id            integer REFERENCES brands (brand_id),
  primary_category_id integer REFERENCES categories (category_id),
  vat_rate            integer NOT NULL DEFAULT 25 CHECK (vat_rate BETWEEN 0 AND 100),
  images              text[],
  price_minor         integer NOT NULL DEFAULT 0,
  selling_price_minor integer NOT NULL DEFAULT 0,
  sales_count         integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_selling_price_idx ON products (selling_price_minor, product_id);
CREATE INDEX products_created_idx ON products (created_at DESC, product_id);
CREATE INDEX products_sales_idx ON products (sales_count DESC, product_id);

CREATE TABLE product_translations (
  product_id        integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  language_id       text    NOT NULL,
  name              text    NOT NULL,
  alias             text    NOT NULL,
  description       text    NOT NULL DEFAULT '',
  specification     text    NOT NULL DEFAULT '',
  extra_information text    NOT NULL DEFAULT '',
  search_text       text    NOT NULL DEFAULT '',
  search_folded     text    NOT NULL DEFAULT '',
  search_vector     tsvector,
  PRIMARY KEY (product_id, language_id),
  UNIQUE (language_id, alias)
);
CREATE INDEX product_translations_search_idx ON product_translations USING gin (search_vector);
CREATE INDEX product_translations_trgm_idx ON product_translations USING gin (search_folded gin_trgm_ops);

CREATE TABLE product_categories (
  product_id  integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (category_id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category_idx ON product_categories (category_id, product_id);

-- Filterable attributes (region, genre, flavour …), localized name and value per language.
CREATE TABLE product_parameters (
  product_id  integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  name        text    NOT NULL,
  value       text    NOT NULL,
  PRIMARY KEY (product_id, language_id, name)
);
CREATE INDEX product_parameters_filter_idx ON product_parameters (language_id, name, value);

CREATE TABLE skus (
  sku_id          integer PRIMARY KEY,
  product_id      integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  article_number  text    NOT NULL UNIQUE,
  price_minor     integer NOT NULL CHECK (price_minor >= 0),
  stock           integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  oversellable    boolean NOT NULL DEFAULT false,
  is_static       boolean NOT NULL DEFAULT false,
  incoming_date   date,
  sort_order      integer NOT NULL DEFAULT 0
);
CREATE INDEX skus_product_idx ON skus (product_id);

CREATE TABLE sku_translations (
  sku_id      integer NOT NULL REFERENCES skus (sku_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  name        text    NOT NULL,
  PRIMARY KEY (sku_id, language_id)
);
CREATE INDEX sku_translations_name_idx ON sku_translations (language_id, name);

CREATE TABLE product_discount_campaigns (
  product_id  integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  campaign_id integer NOT NULL REFERENCES discount_campaigns (campaign_id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, campaign_id)
);
CREATE INDEX product_discount_campaigns_campaign_idx ON product_discount_campaigns (campaign_id, product_id);

CREATE TABLE menus (
  menu_location_id text NOT NULL,
  language_id      text NOT NULL,
  title            text NOT NULL DEFAULT '',
  PRIMARY KEY (menu_location_id, language_id)
);

-- type: custom | page | category | brand | campaign. canonical_url is stored already localized.
CREATE TABLE menu_items (
  id               integer PRIMARY KEY,
  menu_location_id text    NOT NULL,
  language_id      text    NOT NULL,
  parent_id        integer REFERENCES menu_items (id) ON DELETE CASCADE,
  label            text    NOT NULL,
  title            text    NOT NULL DEFAULT '',
  type             text    NOT NULL,
  sort_order       integer NOT NULL DEFAULT 0,
  canonical_url    text    NOT NULL,
  target_blank     boolean NOT NULL DEFAULT false,
  FOREIGN KEY (menu_location_id, language_id) REFERENCES menus (menu_location_id, language_id) ON DELETE CASCADE
);
CREATE INDEX menu_items_menu_idx ON menu_items (menu_location_id, language_id, sort_order);

CREATE TABLE content_pages (
  page_id integer PRIMARY KEY,
  key     text NOT NULL UNIQUE
);

CREATE TABLE content_page_translations (
  page_id     integer NOT NULL REFERENCES content_pages (page_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  alias       text    NOT NULL,
  title       text    NOT NULL,
  description text    NOT NULL DEFAULT '',
  body        text    NOT NULL,
  PRIMARY KEY (page_id, language_id),
  UNIQUE (language_id, alias)
);

-- Carts exist from the first getCart; lines arrive with the cart issue.
CREATE TABLE carts (
  cart_id    text PRIMARY KEY,
  promo_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  cart_id              text    NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
  sku_id               integer NOT NULL REFERENCES skus (sku_id),
  quantity             integer NOT NULL CHECK (quantity > 0),
  unit_price_minor     integer NOT NULL,
  added_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, sku_id)
);

CREATE TABLE shop_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);

-- Lower case without foreign accents, so 'pokemon' finds 'Pokémon'; å, ä and ö are Swedish letters and stay.
-- Queries fold the shopper's text with the same function.
CREATE FUNCTION fold_search_text(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT translate(lower(value), 'éèêëáàâãíìîïóòôõúùûüýçñ', 'eeeeaaaaiiiioooouuuuycn')
$$;

-- Keeps the folded text and the full-text vector (the language's own stemmer) in step with search_text.
CREATE FUNCTION product_translations_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_folded := fold_search_text(NEW.search_text);
  NEW.search_vector := to_tsvector(
    (CASE NEW.language_id WHEN 'sv' THEN 'swedish' ELSE 'english' END)::regconfig,
    NEW.search_folded);
  RETURN NEW;
END $$;
CREATE TRIGGER product_translations_search_vector_trg
  BEFORE INSERT OR UPDATE OF search_text, language_id ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_search_vector();

-- Active PERCENT/FIXED campaign discounts per SKU: the one definition of a SKU's selling price.
CREATE VIEW sku_prices AS
  SELECT s.sku_id, s.product_id, s.price_minor,
         GREATEST(0, s.price_minor - COALESCE((
           SELECT max(CASE c.type WHEN 'PERCENT' THEN (s.price_minor * c.value) / 100 ELSE c.value END)
           FROM product_discount_campaigns pdc
           JOIN discount_campaigns c ON c.campaign_id = pdc.campaign_id
           WHERE pdc.product_id = s.product_id AND c.type IN ('PERCENT', 'FIXED')
             AND (c.starts_at IS NULL OR c.starts_at <= now())
             AND (c.ends_at IS NULL OR c.ends_at > now())
         ), 0)) AS selling_price_minor
  FROM skus s;

-- Lowest SKU price per product before and after campaigns, materialised on products for sorting.
CREATE FUNCTION refresh_product_prices() RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET price_minor = x.price_minor, selling_price_minor = x.selling_price_minor
  FROM (
    SELECT product_id, min(price_minor) AS price_minor, min(selling_price_minor) AS selling_price_minor
    FROM sku_prices GROUP BY product_id
  ) x
  WHERE p.product_id = x.product_id
    AND (p.price_minor <> x.price_minor OR p.selling_price_minor <> x.selling_price_minor);
$$;
