-- The category descriptions as seeded before they limited next-day shipping to what is in stock: what is out of
-- stock or ordered in ships within 5–10 working days. A new shop is seeded with the fixed texts
-- (src/server/db/seed); this brings a shop seeded earlier to the same texts. Each statement replaces only the exact
-- seeded wording at the end of a description, so a description the shop owner has edited stays as it is.
UPDATE category_translations
   SET description = replace(description, ': rengjort, testat och redo att skickas nästa vardag.', ': rengjort och testat. Varor i lager skickar vi senast nästa vardag.')
 WHERE language_id = 'sv' AND description LIKE '%: rengjort, testat och redo att skickas nästa vardag.';
UPDATE category_translations
   SET description = replace(description, ': cleaned, tested and ready to ship the next working day.', ': cleaned and tested. Items in stock ship no later than the next working day.')
 WHERE language_id = 'en' AND description LIKE '%: cleaned, tested and ready to ship the next working day.';
UPDATE category_translations
   SET description = replace(description, ': färskt godis som skickas nästa vardag.', ': färskt godis. Varor i lager skickar vi senast nästa vardag.')
 WHERE language_id = 'sv' AND description LIKE '%: färskt godis som skickas nästa vardag.';
UPDATE category_translations
   SET description = replace(description, ': fresh sweets shipped the next working day.', ': fresh sweets. Items in stock ship no later than the next working day.')
 WHERE language_id = 'en' AND description LIKE '%: fresh sweets shipped the next working day.';
