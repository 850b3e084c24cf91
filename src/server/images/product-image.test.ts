import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { openTestDb, testDbKinds } from '../testing/db';
import { productImageSvg } from './product-image';

const kindOf = (svg: string | null) => /data-kind="([^"]+)"/.exec(svg ?? '')?.[1];

describe.each(testDbKinds())('product images on %s', (dbKind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(dbKind);
  });
  afterAll(async () => {
    await db.close();
  });

  /** The first picture of the first product with pictures in the category with this English alias. */
  async function firstPicture(categoryAlias: string): Promise<string> {
    const [row] = await db.query<{ file: string }>(
      `SELECT p.images[1] AS file FROM products p
       JOIN category_translations ct ON ct.category_id = p.primary_category_id AND ct.language_id = 'en'
       WHERE ct.alias = $1 AND p.images IS NOT NULL ORDER BY p.product_id LIMIT 1`,
      [categoryAlias],
    );
    if (!row) throw new Error(`No product with pictures in ${categoryAlias}`);
    return row.file;
  }

  it('draws consoles, power adapters, games and memory cards each as what they are', async () => {
    const expected: [string, string][] = [
      ['snes', 'cartridge'],
      ['playstation', 'disc'],
      ['nes-consoles', 'console'],
      ['game-boy-consoles', 'handheld'],
      ['nintendo-controllers', 'controller'],
      ['power-adapters', 'adapter'],
      ['video-audio-cables', 'cable'],
      ['memory-cards', 'memory-card'],
    ];
    for (const [alias, kind] of expected) expect(kindOf(await productImageSvg(db, await firstPicture(alias))), alias).toBe(kind);
  });

  it('draws a game as its own platform\'s cartridge or disc case', async () => {
    const platformOf = (svg: string | null) => /data-platform="([^"]+)"/.exec(svg ?? '')?.[1];
    for (const [alias, kind, platform] of [['nes', 'cartridge', 'nes'], ['mega-drive', 'cartridge', 'mega-drive'], ['playstation-2', 'disc', 'playstation-2']] as const) {
      const svg = await productImageSvg(db, await firstPicture(alias));
      expect([kindOf(svg), platformOf(svg)], alias).toEqual([kind, platform]);
    }
  });

  it('shows the box on the second picture of a product sold complete in box', async () => {
    const [row] = await db.query<{ images: string[] }>(
      `SELECT p.images FROM products p
       JOIN category_translations ct ON ct.category_id = p.primary_category_id AND ct.language_id = 'en' AND ct.alias = 'snes'
       WHERE array_length(p.images, 1) >= 2 AND EXISTS (SELECT 1 FROM skus s JOIN sku_translations st ON st.sku_id = s.sku_id
         AND st.language_id = 'en' WHERE s.product_id = p.product_id AND st.name = 'Complete in box')
       ORDER BY p.product_id LIMIT 1`,
    );
    expect(kindOf(await productImageSvg(db, row!.images[0]!))).toBe('cartridge');
    expect(kindOf(await productImageSvg(db, row!.images[1]!))).toBe('boxed');
  });

  it('draws a top-level category as its kind of product, without text', async () => {
    const [row] = await db.query<{ category_id: number }>(
      "SELECT category_id FROM category_translations WHERE language_id = 'en' AND alias = 'consoles'",
    );
    const svg = await productImageSvg(db, `c${row!.category_id}.svg`);
    expect(kindOf(svg)).toBe('console');
    expect(svg).not.toContain('<text');
    expect(await productImageSvg(db, 'c999999.svg')).toBeNull();
  });
});
