-- Search at 100 000 products: ranking reads the few products whose name matches, not every hit, and typos are
-- corrected against a table of the catalog's words instead of comparing trigrams with every product's text.
-- - product_search: per product and language, only what search reads (the vectors, the name key, the popularity),
--   kept from product_translations and products by triggers. A translation row is about 1.3 kB (description,
--   specification); reading 45 000 of them for a common word was the cost, and these rows are a quarter of that.
-- - name_vector: the name alone in the language's stemmer, with its own GIN index: "the name holds every word" is
--   a lookup of a few hundred rows where the whole text finds tens of thousands.
-- - name_key: the folded name without spaces, punctuation or a parenthesised detail ('Game Boy (DMG-01)' →
--   'gameboy'), so 'gameboy', 'game boy' and 'playstation 2' find the product they name with one btree lookup.
-- - sales_count with (language_id, sales_count) indexed: the bestsellers among a common word's hits are found by
--   walking that index, not by sorting every hit.
-- - search_words: every word of the products' search text, read when a typed word starts none of them: its
--   closest words (trigram similarity, then edit distance) become the corrections.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

CREATE FUNCTION search_name_key(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT regexp_replace(regexp_replace(fold_search_text(value), '\([^)]*\)', '', 'g'), '[[:space:][:punct:]]+', '', 'g')
$$;

CREATE TABLE product_search (
  product_id    integer  NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  language_id   text     NOT NULL,
  sales_count   integer  NOT NULL,
  search_vector tsvector NOT NULL,
  name_vector   tsvector NOT NULL,
  name_key      text COLLATE "C" NOT NULL,
  -- By product first: the triggers and the cascade from products find a product's rows by its id alone.
  PRIMARY KEY (product_id, language_id)
);

-- Words are only added: a word whose last product went away finds nothing, which is what searching it should do.
CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY);

-- Once per statement, over all its rows: a bulk load of 5 000 products is two inserts here.
CREATE FUNCTION product_search_translations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, language_id, sales_count, search_vector, name_vector, name_key)
  SELECT c.product_id, c.language_id, p.sales_count, c.search_vector,
         to_tsvector((CASE c.language_id WHEN 'sv' THEN 'swedish' ELSE 'english' END)::regconfig, fold_search_text(c.name)),
         search_name_key(c.name)
  FROM changed_rows c JOIN products p ON p.product_id = c.product_id
  ON CONFLICT (product_id, language_id) DO UPDATE
    SET search_vector = EXCLUDED.search_vector, name_vector = EXCLUDED.name_vector, name_key = EXCLUDED.name_key;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_rows c, unnest(tsvector_to_array(to_tsvector('simple', c.search_folded))) w
  WHERE length(w) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER product_search_insert_trg AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_translations_changed();
CREATE TRIGGER product_search_update_trg AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_translations_changed();

CREATE FUNCTION product_search_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search s SET sales_count = c.sales_count
  FROM changed_rows c WHERE s.product_id = c.product_id AND s.sales_count <> c.sales_count;
  RETURN NULL;
END $$;

CREATE TRIGGER product_search_sales_trg AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_sales_changed();

INSERT INTO product_search (product_id, language_id, sales_count, search_vector, name_vector, name_key)
SELECT pt.product_id, pt.language_id, p.sales_count, pt.search_vector,
       to_tsvector((CASE pt.language_id WHEN 'sv' THEN 'swedish' ELSE 'english' END)::regconfig, fold_search_text(pt.name)),
       search_name_key(pt.name)
FROM product_translations pt JOIN products p ON p.product_id = pt.product_id;

INSERT INTO search_words (word)
SELECT DISTINCT w FROM product_translations pt, unnest(tsvector_to_array(to_tsvector('simple', pt.search_folded))) w
WHERE length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;

CREATE INDEX product_search_vector_idx ON product_search USING gin (search_vector);
CREATE INDEX product_search_name_idx ON product_search USING gin (name_vector);
CREATE INDEX product_search_key_idx ON product_search (language_id, name_key);
CREATE INDEX product_search_sales_idx ON product_search (language_id, sales_count DESC, product_id);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

-- The planner's estimates for the new tables from the start (a name lookup of 30 rows was planned as 2 500).
ANALYZE product_search;
ANALYZE search_words;
