-- A stored list's order (the products query's sort: LATEST, BESTSELLERS, …), so that a product-list widget can be
-- "the newest" or "the bestsellers" of what the list holds, as the home page's rows are. Null keeps the products
-- query's own default order.
ALTER TABLE product_lists ADD COLUMN IF NOT EXISTS sort text CHECK (sort IN ('LATEST', 'BESTSELLERS', 'LOWEST_PRICE', 'HIGHEST_PRICE'));
