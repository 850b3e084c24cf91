-- A campaign price is rounded down to whole kronor, as shops price things (449 kr at 20 % is 359 kr, not
-- 359,20 kr); down, so a shopper never gets less than the discount a campaign promises. sku_prices stays the one
-- definition of a SKU's selling price, so product pages, lists, the cart, the checkout and orders agree; the
-- cart's campaigns.ts names the campaign behind a price by the same rule. A price no campaign lowers is untouched.
CREATE OR REPLACE VIEW sku_prices AS
  SELECT x.sku_id, x.product_id, x.price_minor,
         CASE WHEN x.discount_minor > 0 THEN (GREATEST(0, x.price_minor - x.discount_minor) / 100) * 100 ELSE x.price_minor END
           AS selling_price_minor
  FROM (
    SELECT s.sku_id, s.product_id, s.price_minor, COALESCE((
             SELECT max(CASE c.type WHEN 'PERCENT' THEN (s.price_minor * c.value) / 100 ELSE c.value END)
             FROM product_discount_campaigns pdc
             JOIN active_discount_campaigns c ON c.campaign_id = pdc.campaign_id
             WHERE pdc.product_id = s.product_id AND c.type IN ('PERCENT', 'FIXED')
           ), 0) AS discount_minor
    FROM skus s
  ) x;

SELECT refresh_product_prices();
