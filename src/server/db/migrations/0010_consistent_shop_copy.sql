-- The demo catalog's texts as seeded before they were made consistent. A new shop is seeded with the fixed texts
-- (src/server/db/seed); this brings a shop seeded earlier to the same texts. Each statement replaces only the
-- exact seeded wording, so a text the shop owner has edited stays as it is.

-- Product texts make no delivery promise: the product page states the delivery time from the chosen SKU's stock
-- status, and what is out of stock or ordered in ships later than the next working day.
UPDATE product_translations
   SET extra_information = replace(extra_information, 'Vi skickar nästa vardag och du har alltid fri retur.', 'Du har alltid fri retur.')
 WHERE language_id = 'sv' AND extra_information LIKE '%Vi skickar nästa vardag och du har alltid fri retur.%';
UPDATE product_translations
   SET extra_information = replace(extra_information, 'We ship the next working day and returns are always free.', 'Returns are always free.')
 WHERE language_id = 'en' AND extra_information LIKE '%We ship the next working day and returns are always free.%';
UPDATE product_translations
   SET description = replace(description, 'Vi har den alltid i lager och skickar den nästa vardag.', 'Den är ny och oanvänd.')
 WHERE language_id = 'sv' AND description LIKE '%Vi har den alltid i lager och skickar den nästa vardag.%';
UPDATE product_translations
   SET description = replace(description, 'We always keep it in stock and ship it the next working day.', 'It is new and unused.')
 WHERE language_id = 'en' AND description LIKE '%We always keep it in stock and ship it the next working day.%';
UPDATE product_translations
   SET description = replace(description, 'Vi skickar nästa vardag och du får fri frakt över 499 kr.', 'Du får fri frakt när du handlar för minst 499 kr.')
 WHERE language_id = 'sv' AND description LIKE '%Vi skickar nästa vardag och du får fri frakt över 499 kr.%';
UPDATE product_translations
   SET description = replace(description, 'We ship the next working day, with free shipping over SEK 499.', 'Shipping is free when you spend at least SEK 499.')
 WHERE language_id = 'en' AND description LIKE '%We ship the next working day, with free shipping over SEK 499.%';
UPDATE product_translations
   SET extra_information = replace(extra_information, ' Vi skickar nästa vardag.', '')
 WHERE language_id = 'sv' AND extra_information LIKE '% Vi skickar nästa vardag.%';
UPDATE product_translations
   SET extra_information = replace(extra_information, ' We ship the next working day.', '')
 WHERE language_id = 'en' AND extra_information LIKE '% We ship the next working day.%';

-- Only a product with several conditions has a picker to choose from; with one, the text names the condition.
UPDATE product_translations t
   SET extra_information = regexp_replace(t.extra_information, '^Välj skick ovan: ', 'Skick: ')
 WHERE t.language_id = 'sv' AND t.extra_information LIKE 'Välj skick ovan: %'
   AND (SELECT count(*) FROM skus s WHERE s.product_id = t.product_id) = 1;
UPDATE product_translations t
   SET extra_information = regexp_replace(t.extra_information, '^Choose the condition above: ', 'Condition: ')
 WHERE t.language_id = 'en' AND t.extra_information LIKE 'Choose the condition above: %'
   AND (SELECT count(*) FROM skus s WHERE s.product_id = t.product_id) = 1;

-- Content pages: only what is in stock ships the next working day.
UPDATE content_page_translations
   SET body = replace(body, 'Leverans nästa dag – vi skickar alla beställningar senast nästa vardag.', 'Leverans nästa dag – varor i lager skickar vi senast nästa vardag.')
 WHERE language_id = 'sv';
UPDATE content_page_translations
   SET body = replace(body, 'Next-day delivery – we ship every order no later than the next working day.', 'Next-day delivery – items in stock ship no later than the next working day.')
 WHERE language_id = 'en';
UPDATE content_page_translations
   SET body = replace(body, '<p>Vi skickar beställningar senast nästa vardag. Frakten',
                      '<p>Varor i lager skickar vi senast nästa vardag. Beställningsvaror tar längre tid: produktsidan visar leveranstiden. Frakten')
 WHERE language_id = 'sv';
UPDATE content_page_translations
   SET body = replace(body, '<p>We ship orders no later than the next working day. Shipping',
                      '<p>Items in stock ship no later than the next working day. Items ordered in for you take longer: the product page shows the delivery time. Shipping')
 WHERE language_id = 'en';

-- The English pages name the English shop.
UPDATE content_page_translations
   SET title = replace(replace(title, 'Retro Spelbutiken', 'Retro Game Shop'), 'Godisbutiken', 'The Candy Shop'),
       description = replace(replace(description, 'Retro Spelbutiken', 'Retro Game Shop'), 'Godisbutiken', 'The Candy Shop'),
       body = replace(replace(body, 'Retro Spelbutiken', 'Retro Game Shop'), 'Godisbutiken', 'The Candy Shop')
 WHERE language_id = 'en';

-- Social links go to the shop's own profiles, not the networks' front pages.
UPDATE menu_items
   SET canonical_url = canonical_url || CASE canonical_url WHEN 'https://www.youtube.com/' THEN '@' ELSE '' END
                       || CASE (SELECT value FROM shop_meta WHERE key = 'variant') WHEN 'candy' THEN 'godisbutiken' ELSE 'retrospelbutiken' END
 WHERE canonical_url IN ('https://www.instagram.com/', 'https://www.facebook.com/', 'https://www.youtube.com/');
