import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { createTestApp, type TestApp } from './testing/app';
import { openWritableTestDb, testDbKinds } from './testing/db';
import { catalogGetUrl, layoutGetUrl, persistedQueryExtensions } from '../shared/catalog-queries';
import { channels } from '../shared/locales';
import { readCatalogVersion } from './modules/catalog';

/**
 * A catalog GET carries an ETag made from the catalog's version, so anything in front (the browser's cache, the
 * service worker's revalidation, a CDN before several instances) gets a 304 until a catalog write.
 */
describe.each(testDbKinds())('catalog reads revalidate by the catalog version on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  let productUrl: string;
  let skuId: number;
  let productId: number;

  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    app = await createTestApp(db, {});
    // A product with one SKU whose stock is counted (not static), so its stock text follows the count.
    const [row] = await db.query<{ alias: string; sku_id: number; product_id: number }>(
      `SELECT pt.alias, s.sku_id, s.product_id FROM skus s JOIN product_translations pt ON pt.product_id = s.product_id AND pt.language_id = 'sv'
       WHERE NOT s.is_static AND (SELECT count(*) FROM skus o WHERE o.product_id = s.product_id) = 1 ORDER BY s.sku_id LIMIT 1`,
    );
    if (!row) throw new Error('the seeded catalog has no single-SKU product');
    ({ sku_id: skuId, product_id: productId } = row);
    productUrl = catalogGetUrl('ProductPage', { alias: row.alias, channelId: channels.sv.channelId, languageId: 'sv' });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  const get = (url: string, ifNoneMatch?: string) =>
    app.fastify.inject({ method: 'GET', url, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

  async function tagOf(url: string): Promise<string> {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag;
    if (typeof etag !== 'string') throw new Error(`no ETag on ${url}`);
    return etag;
  }

  it('answers a weak ETag with the no-cache answer, then 304 with no body while nothing changed', async () => {
    const first = await get(productUrl);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await get(productUrl, String(first.headers.etag));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // An If-None-Match listing several tags, as a cache holding older copies sends it.
    expect((await get(productUrl, `W/"0.0.x", ${String(first.headers.etag)}`)).statusCode).toBe(304);
  });

  it("answers the whole read again after a catalog write, with the write's effect and a new tag", async () => {
    const before = await tagOf(productUrl);
    await db.query(`UPDATE product_translations SET description = description || ' (ny utgåva)' WHERE product_id = $1 AND language_id = 'sv'`, [productId]);
    const after = await get(productUrl, before);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('(ny utgåva)');
    expect(after.headers.etag).not.toBe(before);
    // Every catalog read moves with it: the layout's tag changes too.
    const layoutBefore = await tagOf(layoutGetUrl(channels.sv));
    await db.query(`UPDATE category_translations SET name = name WHERE category_id = (SELECT min(category_id) FROM categories)`);
    expect((await get(layoutGetUrl(channels.sv), layoutBefore)).statusCode).toBe(200);
  });

  it('never serves an answer kept from before a write under the new tag (a search plan kept a minute, counts 30 s)', async () => {
    const searchUrl = catalogGetUrl('ProductList', { filter: { searchText: 'wqertyzon' }, channelId: channels.sv.channelId, languageId: 'sv' });
    const none = await get(searchUrl);
    expect(none.body).toContain('"count":0');
    await db.query(
      // A name the typo 'wqertyzon' (two letters swapped) means: the plan kept from before found no such word.
      `UPDATE product_translations SET name = name || ' Qwertyzon', search_text = search_text || ' qwertyzon', search_folded = search_folded || ' qwertyzon',
         search_vector = search_vector || to_tsvector('simple', 'qwertyzon') WHERE product_id = $1`,
      [productId],
    );
    const found = await get(searchUrl, String(none.headers.etag));
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toContain('"count":0');
    expect((await get(searchUrl, String(found.headers.etag))).statusCode).toBe(304);
  });

  it('keeps the tag through a sale that changes no stock text, and moves it when the count is shown', async () => {
    await db.query('UPDATE skus SET stock = 13 WHERE sku_id = $1', [skuId]);
    const plenty = await tagOf(productUrl);
    await db.query('UPDATE skus SET stock = stock - 1 WHERE sku_id = $1', [skuId]);
    // 12 left reads 'I lager' as 13 did; open pages hear the exact count over the live updates.
    expect((await get(productUrl, plenty)).statusCode).toBe(304);
    await db.query('UPDATE skus SET stock = 4 WHERE sku_id = $1', [skuId]);
    const few = await get(productUrl, plenty);
    expect(few.statusCode).toBe(200);
    expect(few.body).toContain('"totalStock":4');
    await db.query('UPDATE skus SET stock = 3 WHERE sku_id = $1', [skuId]);
    expect((await get(productUrl, String(few.headers.etag))).statusCode).toBe(200);
  });

  it('moves the version once per committed transaction, and not at all for one rolled back', async () => {
    const start = Number((await readCatalogVersion(db)).version);
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE product_translations SET name = name WHERE product_id = $1`, [productId]);
      await tx.query(`UPDATE products SET vat_rate = vat_rate WHERE product_id = $1`, [productId]);
    });
    expect(Number((await readCatalogVersion(db)).version)).toBe(start + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE products SET vat_rate = vat_rate WHERE product_id = $1`, [productId]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(Number((await readCatalogVersion(db)).version)).toBe(start + 1);
  });

  it('moves the tag when a campaign starts, which changes prices without a write', async () => {
    // A campaign for this product starting in a second: inserting it is a write, its start is not.
    await db.query(
      `WITH c AS (INSERT INTO discount_campaigns (campaign_id, type, value, starts_at)
         VALUES ((SELECT coalesce(max(campaign_id), 0) + 1 FROM discount_campaigns), 'PERCENT', 10, now() + interval '1 second')
         RETURNING campaign_id)
       INSERT INTO product_discount_campaigns (product_id, campaign_id) SELECT $1, campaign_id FROM c`,
      [productId],
    );
    const before = await get(productUrl);
    const tag = String(before.headers.etag);
    await expect.poll(async () => (await get(productUrl, tag)).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
    const after = await get(productUrl);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.body).not.toBe(before.body);
  });

  it('does not move the version for a statement that changed no rows (the hourly price refresh mostly changes none)', async () => {
    await db.query('SELECT refresh_product_prices()');
    const start = (await readCatalogVersion(db)).version;
    await db.query('SELECT refresh_product_prices()');
    await db.query('UPDATE products SET vat_rate = vat_rate WHERE product_id = -1');
    await db.query('DELETE FROM menu_items WHERE id = -1');
    await db.query('UPDATE skus SET stock = stock WHERE sku_id = $1', [skuId]);
    expect((await readCatalogVersion(db)).version).toBe(start);
  });

  it('has every table classified: a catalog table moves the version, the others are named here as not read by catalog GETs', async () => {
    const versioned = [
      'brand_translations', 'brands', 'categories', 'category_translations', 'content_page_translations', 'content_pages', 'content_widgets',
      'discount_campaign_translations', 'discount_campaigns', 'menu_items', 'menus', 'product_categories',
      'product_discount_campaigns', 'product_list_translations', 'product_lists', 'product_parameters', 'product_translations', 'products',
      'sku_translations', 'skus',
    ];
    // Derived from versioned tables by their own triggers (product_search, search_words), read only by pictures
    // (shop_meta), a shopper's or the staff's own data, or read only by previews, which are never catalog reads
    // (content_page_drafts: publishing writes the versioned content tables).
    const notCatalog = [
      'admin_users', 'back_in_stock_requests', 'cart_idempotency_keys', 'cart_items', 'carts', 'catalog_version',
      'catalog_version_marks', 'checkouts', 'content_page_drafts', 'customer_credit_balances', 'customer_credit_movements', 'customer_sessions', 'customers', 'gift_card_draws',
      'gift_cards', 'mail_outbox', 'newsletter_subscriptions', 'order_lines', 'order_status_changes', 'orders',
      'password_reset_keys', 'product_search', 'promo_codes', 'schema_migrations', 'search_words', 'shipping_method_translations',
      'shipping_methods', 'shop_as_links', 'shop_meta',
    ];
    const tables = await db.query<{ name: string; versioned: boolean }>(
      `SELECT c.relname AS name,
         EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid
                 WHERE t.tgrelid = c.oid AND f.proname IN ('mark_catalog_changed', 'mark_catalog_changed_if_rows')) AS versioned
       FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = to_regnamespace(current_schema())`,
    );
    const unclassified = tables.filter((t) => !versioned.includes(t.name) && !notCatalog.includes(t.name)).map((t) => t.name);
    expect(unclassified, 'a new table: add it to the triggers of a migration like 0022, or to notCatalog with the reason').toEqual([]);
    expect(tables.filter((t) => t.versioned).map((t) => t.name).sort()).toEqual(versioned);
  });

  it("never puts a tag on the live updates' catch-up read: it goes as POST, so no cache answers it", () => {
    expect(persistedQueryExtensions('LiveCatalog')).toBeNull();
  });
});
