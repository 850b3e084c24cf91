-- Carrier names and descriptions live in a translations table per language, like every other translated text,
-- instead of one column pair per language on shipping_methods. The texts a shop has are copied over as they are.
CREATE TABLE shipping_method_translations (
  shipping_method_id text NOT NULL REFERENCES shipping_methods (shipping_method_id) ON DELETE CASCADE,
  language_id        text NOT NULL,
  name               text NOT NULL,
  description        text NOT NULL,
  PRIMARY KEY (shipping_method_id, language_id)
);

INSERT INTO shipping_method_translations (shipping_method_id, language_id, name, description)
SELECT shipping_method_id, 'sv', name_sv, description_sv FROM shipping_methods
UNION ALL
SELECT shipping_method_id, 'en', name_en, description_en FROM shipping_methods;

ALTER TABLE shipping_methods DROP COLUMN name_sv, DROP COLUMN name_en, DROP COLUMN description_sv, DROP COLUMN description_en;
