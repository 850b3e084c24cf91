-- Content pages made of ordered widgets, a page's published state, and lists the shop defines by alias.
-- - content_pages.published: the catch-all /{alias} shows published pages only; an admin previews the others.
--   Every page there is today is live, so the column starts true for them and defaults to false after.
-- - content_widgets: one row per widget in its page's order. `settings` holds what is the same in every language
--   (an image path, a link, a list's alias and limit, category ids), `texts` what is not, by language id
--   ({"sv": {...}, "en": {...}}). The content module's store checks both shapes on the way in and out.
-- - product_lists: a list by alias (/l/{alias} and a product-list widget read the same row): what it holds is a
--   category, brand, campaign, product ids or a search text, and its name per language.
-- Each page's body becomes its first text widget. The body column stays (earlier migrations' replays rewrite it)
-- but nothing reads it any more.
ALTER TABLE content_pages ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE content_pages ALTER COLUMN published SET DEFAULT false;
ALTER TABLE content_page_translations ALTER COLUMN body SET DEFAULT '';

CREATE TABLE content_widgets (
  page_id  integer NOT NULL REFERENCES content_pages (page_id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  kind     text    NOT NULL CHECK (kind IN ('text', 'imageBanner', 'productList', 'uspRow', 'categoryTiles')),
  settings jsonb   NOT NULL DEFAULT '{}',
  texts    jsonb   NOT NULL DEFAULT '{}',
  PRIMARY KEY (page_id, position)
);

INSERT INTO content_widgets (page_id, position, kind, texts)
SELECT page_id, 0, 'text', jsonb_object_agg(language_id, jsonb_build_object('html', body))
  FROM content_page_translations
 GROUP BY page_id;

CREATE TABLE product_lists (
  list_id      integer PRIMARY KEY,
  alias        text    NOT NULL UNIQUE,
  category_id  integer REFERENCES categories (category_id) ON DELETE SET NULL,
  brand_id     integer REFERENCES brands (brand_id) ON DELETE SET NULL,
  campaign_id  integer REFERENCES discount_campaigns (campaign_id) ON DELETE SET NULL,
  product_ids  integer[] NOT NULL DEFAULT '{}',
  search_text  text
);

CREATE TABLE product_list_translations (
  list_id     integer NOT NULL REFERENCES product_lists (list_id) ON DELETE CASCADE,
  language_id text    NOT NULL,
  name        text    NOT NULL,
  description text    NOT NULL DEFAULT '',
  PRIMARY KEY (list_id, language_id)
);

-- Content pages and stored lists are read by catalog GETs: their writes move the catalog's version (0022).
SELECT version_catalog_table(t) FROM unnest(ARRAY['content_widgets', 'product_lists', 'product_list_translations']) t;
