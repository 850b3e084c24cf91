import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { openPglite } from './client';
import { prepareDatabase } from './prepare';

describe('prepareDatabase on a data directory', () => {
  // Two PGlite start-ups and a full seed: 15 s alone, more on a busy 2-core CI machine.
  it('seeds a new directory once, and a restart keeps the data without seeding again', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-restart-'));
    try {
      cpSync(inject('pgliteTemplates').empty, dir, { recursive: true });
      const first = await openPglite(dir);
      expect(await prepareDatabase(first, 'games')).toEqual({ applied: [], seeded: true, prices: null });
      // Something a shopper did before the restart.
      await first.query("INSERT INTO carts (cart_id) VALUES ('kept-across-restart-0001')");
      const [before] = await first.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      await first.close();

      const second = await openPglite(dir);
      expect(await prepareDatabase(second, 'games')).toMatchObject({ applied: [], seeded: false, prices: { at: expect.any(Date) } });
      const [after] = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      expect(after!.n).toBe(before!.n);
      expect(await second.query("SELECT cart_id FROM carts WHERE cart_id = 'kept-across-restart-0001'")).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives a shop seeded before the home page was made of widgets the seed's home page, once", { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-upgrade-'));
    try {
      cpSync(inject('pgliteTemplates').games, dir, { recursive: true });
      const db = await openPglite(dir);
      // As an older seed left it: no home page and no lists for its rows.
      await db.query(`DELETE FROM content_pages WHERE key = 'home'`);
      await db.query(`DELETE FROM product_lists WHERE alias IN ('mest-salda', 'nyheter')`);
      // The owner's own page already has the alias the seed gives the home page.
      await db.query(`UPDATE content_page_translations SET alias = 'hem' WHERE language_id = 'sv' AND alias = 'om-oss'`);
      expect(await prepareDatabase(db, 'games')).toMatchObject({ applied: [], seeded: false });
      const widgets = async () =>
        db.query<{ kind: string }>(`SELECT w.kind FROM content_widgets w JOIN content_pages p USING (page_id) WHERE p.key = 'home' AND p.published ORDER BY w.position`);
      expect((await widgets()).map((w) => w.kind)).toEqual(['categoryTiles', 'productList', 'productList', 'uspRow']);
      expect(await db.query(`SELECT alias FROM product_lists WHERE alias IN ('mest-salda', 'nyheter') ORDER BY alias`)).toEqual([{ alias: 'mest-salda' }, { alias: 'nyheter' }]);
      // Once: the page the owner has (or changed) stays as it is.
      await db.query(`DELETE FROM content_widgets WHERE page_id = (SELECT page_id FROM content_pages WHERE key = 'home') AND position = 3`);
      await prepareDatabase(db, 'games');
      expect(await widgets()).toHaveLength(3);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
