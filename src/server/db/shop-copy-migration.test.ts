import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { migrate } from './migrate';
import { seedCatalog } from './seed';
import { SHOP_INFO } from './seed/shop-info';
import type { ShopVariant } from '../../shared/shop';
import { openTestDb, openWritableTestDb, testDbKinds, type TestDbKind } from '../testing/db';
import { shopCopyProblems } from '../testing/shop-copy';

const text = (table: string, column: string, language: string, now: string, before: string) => ({ table, column, language, now, before });

/** Today's seeded wording and what a shop seeded before migration 0010 holds in its place. */
function before0010(variant: ShopVariant) {
  const shop = SHOP_INFO[variant];
  return [
    text('product_translations', 'extra_information', 'sv', 'Du har alltid fri retur.', 'Vi skickar nästa vardag och du har alltid fri retur.'),
    text('product_translations', 'extra_information', 'en', 'Returns are always free.', 'We ship the next working day and returns are always free.'),
    text('product_translations', 'description', 'sv', 'Den är ny och oanvänd.', 'Vi har den alltid i lager och skickar den nästa vardag.'),
    text('product_translations', 'description', 'en', 'It is new and unused.', 'We always keep it in stock and ship it the next working day.'),
    text('product_translations', 'description', 'sv', 'Du får fri frakt när du handlar för minst 499 kr.', 'Vi skickar nästa vardag och du får fri frakt över 499 kr.'),
    text('product_translations', 'description', 'en', 'Shipping is free when you spend at least SEK 499.', 'We ship the next working day, with free shipping over SEK 499.'),
    text('product_translations', 'extra_information', 'sv', 'från leveransdagen.', 'från leveransdagen. Vi skickar nästa vardag.'),
    text('product_translations', 'extra_information', 'en', 'the day of delivery.', 'the day of delivery. We ship the next working day.'),
    text('product_translations', 'extra_information', 'sv', 'Skick: ', 'Välj skick ovan: '),
    text('product_translations', 'extra_information', 'en', 'Condition: ', 'Choose the condition above: '),
    text('content_page_translations', 'body', 'sv', 'varor i lager skickar vi senast nästa vardag.', 'vi skickar alla beställningar senast nästa vardag.'),
    text('content_page_translations', 'body', 'en', 'items in stock ship no later than the next working day.', 'we ship every order no later than the next working day.'),
    text('content_page_translations', 'body', 'sv', 'Varor i lager skickar vi senast nästa vardag. Beställningsvaror tar längre tid: produktsidan visar leveranstiden.', 'Vi skickar beställningar senast nästa vardag.'),
    text('content_page_translations', 'body', 'en', 'Items in stock ship no later than the next working day. Items ordered in for you take longer: the product page shows the delivery time.', 'We ship orders no later than the next working day.'),
    text('content_page_translations', 'body', 'en', shop.name.en, shop.name.sv),
    text('content_page_translations', 'description', 'en', shop.name.en, shop.name.sv),
    ...Object.values(shop.social).map((url) => text('menu_items', 'canonical_url', 'sv', url, `${new URL(url).origin}/`)),
    ...Object.values(shop.social).map((url) => text('menu_items', 'canonical_url', 'en', url, `${new URL(url).origin}/`)),
  ];
}

/** Before migration 0013 every category description of the demo catalog promised next-day shipping for everything. */
function before0013(variant: ShopVariant) {
  return variant === 'games'
    ? [
        text('category_translations', 'description', 'sv', ': rengjort och testat. Varor i lager skickar vi senast nästa vardag.', ': rengjort, testat och redo att skickas nästa vardag.'),
        text('category_translations', 'description', 'en', ': cleaned and tested. Items in stock ship no later than the next working day.', ': cleaned, tested and ready to ship the next working day.'),
      ]
    : [
        text('category_translations', 'description', 'sv', ': färskt godis. Varor i lager skickar vi senast nästa vardag.', ': färskt godis som skickas nästa vardag.'),
        text('category_translations', 'description', 'en', ': fresh sweets. Items in stock ship no later than the next working day.', ': fresh sweets shipped the next working day.'),
      ];
}

const MIGRATIONS = [
  { name: '0010_consistent_shop_copy', earlierWording: before0010, problemsBefore: 4 },
  { name: '0013_in_stock_delivery_promise', earlierWording: before0013, problemsBefore: 1 },
];

async function storedTexts(db: Db) {
  return {
    products: await db.query('SELECT product_id, language_id, description, extra_information FROM product_translations ORDER BY 1, 2'),
    pages: await db.query('SELECT page_id, language_id, title, description, body FROM content_page_translations ORDER BY 1, 2'),
    menus: await db.query('SELECT id, canonical_url FROM menu_items ORDER BY 1'),
    categories: await db.query('SELECT category_id, language_id, description FROM category_translations ORDER BY 1, 2'),
  };
}

// PostgreSQL gets the games shop only: its writable test schema is seeded with that catalog.
const cases = testDbKinds().flatMap((kind): [TestDbKind, ShopVariant][] => (kind === 'pglite' ? [[kind, 'games'], [kind, 'candy']] : [[kind, 'games']]));

for (const [kind, variant] of cases) {
  describe.each(MIGRATIONS)(`migration $name on a ${variant} shop seeded before it (${kind})`, ({ name, earlierWording, problemsBefore }) => {
    let db: Db;
    beforeAll(async () => {
      if (kind === 'postgres') db = await openWritableTestDb(kind);
      else {
        db = await openTestDb(kind, variant === 'games' ? 'games' : 'empty');
        if (variant === 'candy') await seedCatalog(db, { variant });
      }
    });
    afterAll(() => db.close());

    it('brings the texts to what a new shop is seeded with, and leaves them alone the second time', async () => {
      const seeded = await storedTexts(db);
      for (const { table, column, language, now, before } of earlierWording(variant)) {
        await db.query(`UPDATE ${table} SET ${column} = replace(${column}, $1, $2) WHERE language_id = $3`, [now, before, language]);
      }
      expect(await storedTexts(db)).not.toEqual(seeded);
      const earlier = await shopCopyProblems(db, variant);
      expect(earlier.length).toBeGreaterThanOrEqual(problemsBefore);

      await db.query('DELETE FROM schema_migrations WHERE name = $1', [name]);
      expect(await migrate(db)).toEqual([name]);
      expect(await shopCopyProblems(db, variant)).toEqual([]);
      expect(await storedTexts(db)).toEqual(seeded);

      // Run again on today's texts (a new shop also runs it, on empty tables): nothing changes.
      await db.query('DELETE FROM schema_migrations WHERE name = $1', [name]);
      await migrate(db);
      expect(await storedTexts(db)).toEqual(seeded);
    });
  });
}
