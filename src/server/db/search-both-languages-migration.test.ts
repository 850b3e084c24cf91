import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from './client';
import { migrations } from './migrate';

const MIGRATION = '0017_search_both_languages';

describe(`migration ${MIGRATION}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    // A catalog seeded before this migration.
    for (const migration of migrations.filter((m) => m.name < MIGRATION)) await db.exec(migration.sql);
    await db.exec(`INSERT INTO products (product_id) VALUES (1);
      INSERT INTO product_translations (product_id, language_id, name, alias, search_text) VALUES
        (1, 'sv', 'Länkkabel till Game Boy', 'lankkabel', 'Länkkabel till Game Boy Nintendo Tillbehör'),
        (1, 'en', 'Game Boy Link Cable', 'link-cable', 'Game Boy Link Cable Nintendo Accessories');`);
  });
  afterAll(() => db.close());

  const matches = async (languageId: string, config: string, query: string) =>
    (await db.query<{ hit: boolean }>(
      'SELECT search_vector @@ to_tsquery($2::regconfig, $3) AS hit FROM product_translations WHERE product_id = 1 AND language_id = $1',
      [languageId, config, query],
    ))[0]!.hit;

  it("gives each translation the other languages' text, weighted below its own name and text", async () => {
    expect(await matches('sv', 'swedish', 'cable:*')).toBe(false);
    await db.exec(migrations.find((m) => m.name === MIGRATION)!.sql);

    expect(await matches('sv', 'swedish', 'cable:*')).toBe(true);
    expect(await matches('en', 'english', 'tillbehör:*')).toBe(true);
    // The other language's words are neither the name (A) nor the shown language's text (B).
    expect(await matches('sv', 'swedish', 'cable:*ab')).toBe(false);
    expect(await matches('sv', 'swedish', 'länkkabel:*a')).toBe(true);
    expect(await matches('sv', 'swedish', 'tillbehör:*a')).toBe(false);
    expect(await matches('sv', 'swedish', 'tillbehör:*ab')).toBe(true);
    // The trigram path for typos stays the shown language's text.
    const [row] = await db.query<{ search_folded: string }>("SELECT search_folded FROM product_translations WHERE product_id = 1 AND language_id = 'sv'");
    expect(row!.search_folded).toBe('länkkabel till game boy nintendo tillbehör');
  });
});
