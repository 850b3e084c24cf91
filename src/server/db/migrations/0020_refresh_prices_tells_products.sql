-- refresh_product_prices() answers the products whose materialised prices it changed, so the price refresh can
-- tell pricesChanged subscribers (see price-refresh.ts). Same update as 0001's; a new return type needs a new
-- function.
DROP FUNCTION refresh_product_prices();
CREATE FUNCTION refresh_product_prices() RETURNS SETOF integer LANGUAGE sql AS $$
  UPDATE products p SET price_minor = x.price_minor, selling_price_minor = x.selling_price_minor
  FROM (
    SELECT product_id, min(price_minor) AS price_minor, min(selling_price_minor) AS selling_price_minor
    FROM sku_prices GROUP BY product_id
  ) x
  WHERE p.product_id = x.product_id
    AND (p.price_minor <> x.price_minor OR p.selling_price_minor <> x.selling_price_minor)
  RETURNING p.product_id;
$$;
