import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { openTestDb, testDbKinds } from '../testing/db';
import { escapeXml } from './product-art';
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

  it('keeps the longest product name above its brand line', async () => {
    const [row] = await db.query<{ file: string; brand: string }>(
      `SELECT p.images[1] AS file, b.name AS brand FROM products p
       JOIN product_translations pt ON pt.product_id = p.product_id AND pt.language_id = 'sv'
       JOIN brands b ON b.brand_id = p.brand_id
       WHERE p.images IS NOT NULL ORDER BY length(pt.name) DESC, p.product_id LIMIT 1`,
    );
    const svg = (await productImageSvg(db, row!.file))!;
    const title = /<g [^>]*font-size="(\d+)">(.*?)<\/g>/.exec(svg);
    const baselines = [...title![2]!.matchAll(/ y="(\d+)"/g)].map((m) => Number(m[1]));
    const brandText = escapeXml(row!.brand).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const brand = new RegExp(`<text x="124" y="(\\d+)"[^>]* font-size="(\\d+)"[^>]*>${brandText}</text>`).exec(svg);
    expect(brand, 'brand line drawn in full').not.toBeNull();
    const brandTop = Number(brand![1]) - Number(brand![2]);
    expect(Math.max(...baselines) + Number(title![1]) * 0.25).toBeLessThan(brandTop);
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
