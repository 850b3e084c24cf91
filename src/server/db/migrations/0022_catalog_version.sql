-- The catalog's version: a catalog GET's ETag is made of it (src/server/graphql-cache-control.ts), so a browser, the service worker
-- or a CDN in front of several instances can ask "has it changed?" and get a 304 without the query running.
-- It moves on every write that changes what a catalog read answers: the catalog's tables (names, texts, prices,
-- campaigns, categories, menus, content) and a SKU's stock only where the shopper's text changes, i.e. when either
-- side is under five ('in stock' means five or more; with fewer the count is shown: stock-status.ts). A sale that
-- leaves 12 of 13 changes no text; its exact count reaches open pages over the live updates.
CREATE TABLE catalog_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint  NOT NULL
);
INSERT INTO catalog_version (version) VALUES (1);

-- A write only marks its transaction here; the mark's deferred trigger moves the version at commit. So the one
-- version row is the last lock any transaction takes: an order holding its SKUs' rows (decision 0011) never waits
-- for it while another holds it and waits for those SKUs.
CREATE TABLE catalog_version_marks (mark_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY);

CREATE FUNCTION mark_catalog_changed_now() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction (a bulk load is thousands of statements); a rolled-back savepoint forgets the setting
  -- with its mark.
  IF current_setting('shop.catalog_marked', true) IS DISTINCT FROM txid_current()::text THEN
    INSERT INTO catalog_version_marks DEFAULT VALUES;
    PERFORM set_config('shop.catalog_marked', txid_current()::text, true);
  END IF;
END $$;

CREATE FUNCTION mark_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_catalog_changed_now();
  RETURN NULL;
END $$;

CREATE FUNCTION move_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  DELETE FROM catalog_version_marks WHERE mark_id = NEW.mark_id;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER catalog_version_at_commit AFTER INSERT ON catalog_version_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION move_catalog_version();

-- Only a statement that changed rows counts (the price refresh's UPDATE runs hourly and mostly changes nothing), so each
-- event has its own trigger with the rows it changed.
CREATE FUNCTION mark_catalog_changed_if_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM mark_catalog_changed_now();
  END IF;
  RETURN NULL;
END $$;

-- Puts a table's writes into the version: a later migration's catalog table calls it too.
CREATE FUNCTION version_catalog_table(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_catalog_changed_if_rows()', t || '_version_insert_trg', t);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_catalog_changed_if_rows()', t || '_version_delete_trg', t);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION mark_catalog_changed()', t || '_version_truncate_trg', t);
  -- A SKU's update counts by its columns (below): its stock only where the shopper's text changes.
  IF t <> 'skus' THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_catalog_changed_if_rows()', t || '_version_update_trg', t);
  END IF;
END $$;

SELECT version_catalog_table(t) FROM unnest(ARRAY[
  'categories', 'category_translations', 'brands', 'brand_translations', 'discount_campaigns',
  'discount_campaign_translations', 'products', 'product_translations', 'product_categories',
  'product_parameters', 'skus', 'sku_translations', 'product_discount_campaigns', 'menus', 'menu_items',
  'content_pages', 'content_page_translations'
]) t;

CREATE TRIGGER skus_version_update_trg AFTER UPDATE ON skus FOR EACH ROW
  WHEN (LEAST(OLD.stock, 5) IS DISTINCT FROM LEAST(NEW.stock, 5)
    OR (OLD.sku_id, OLD.product_id, OLD.article_number, OLD.price_minor, OLD.oversellable, OLD.is_static, OLD.incoming_date, OLD.sort_order)
       IS DISTINCT FROM (NEW.sku_id, NEW.product_id, NEW.article_number, NEW.price_minor, NEW.oversellable, NEW.is_static, NEW.incoming_date, NEW.sort_order))
  EXECUTE FUNCTION mark_catalog_changed();
