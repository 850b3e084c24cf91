-- Which discount campaigns run now, said once: a campaign runs from starts_at (no start: from the first day) until
-- ends_at (no end: for good), the end itself excluded. Selling prices (sku_prices, and through it the list prices
-- refresh_product_prices() keeps on products), the catalog's campaigns and facets and the cart's campaigns all read
-- running campaigns from this view, so a campaign starts and ends at the same moment everywhere.
CREATE VIEW active_discount_campaigns AS
  SELECT campaign_id, type, value, buy_quantity, pay_quantity, threshold_minor, hide_title, starts_at, ends_at
  FROM discount_campaigns
  WHERE (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now());

-- The same selling price as 0001 defined it (the biggest running PERCENT or FIXED discount, never below 0), now
-- reading running campaigns from the view instead of repeating the rule.
CREATE OR REPLACE VIEW sku_prices AS
  SELECT s.sku_id, s.product_id, s.price_minor,
         GREATEST(0, s.price_minor - COALESCE((
           SELECT max(CASE c.type WHEN 'PERCENT' THEN (s.price_minor * c.value) / 100 ELSE c.value END)
           FROM product_discount_campaigns pdc
           JOIN active_discount_campaigns c ON c.campaign_id = pdc.campaign_id
           WHERE pdc.product_id = s.product_id AND c.type IN ('PERCENT', 'FIXED')
         ), 0)) AS selling_price_minor
  FROM skus s;
