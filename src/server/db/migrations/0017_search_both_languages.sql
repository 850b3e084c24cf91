-- The search matches a product's text in every language ('cable' in the Swedish shop, 'handkontroll' in the
-- English one) and still ranks the shown language first. Each translation's vector holds its name (weight A), the
-- rest of its own search text (B) and the other languages' search text (D), all in its own language's stemmer, so
-- the query keeps its one GIN lookup on the shown language's rows; queries tell the parts apart by weight.
-- search_folded (the trigram path for typos) stays the shown language's text only.
ALTER TABLE product_translations ADD COLUMN search_text_other text NOT NULL DEFAULT '';

CREATE OR REPLACE FUNCTION product_translations_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  config regconfig := (CASE NEW.language_id WHEN 'sv' THEN 'swedish' ELSE 'english' END)::regconfig;
BEGIN
  NEW.search_folded := fold_search_text(NEW.search_text);
  NEW.search_vector :=
    setweight(to_tsvector(config, fold_search_text(NEW.name)), 'A')
    || setweight(to_tsvector(config, NEW.search_folded), 'B')
    || setweight(to_tsvector(config, fold_search_text(NEW.search_text_other)), 'D');
  RETURN NEW;
END $$;

DROP TRIGGER product_translations_search_vector_trg ON product_translations;
CREATE TRIGGER product_translations_search_vector_trg
  BEFORE INSERT OR UPDATE OF name, search_text, search_text_other, language_id ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_search_vector();

-- A catalog seeded before this migration: each row gets the other languages' text (the seed writes it itself).
UPDATE product_translations pt
SET search_text_other = COALESCE((
  SELECT string_agg(o.search_text, ' ' ORDER BY o.language_id)
  FROM product_translations o
  WHERE o.product_id = pt.product_id AND o.language_id <> pt.language_id
), '');
