import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { gql, withTestApp, type TestApp } from '../../testing/app';
import { testDbKinds } from '../../testing/db';

type Found = { count: number; products: { productId: number; name: string; categories: { name: string }[] }[] };
type Tag = { label: string; canonicalUrl: string; kind: string; parentLabel: string | null };

const fields = 'count products { productId name categories { name } }';

describe.each(testDbKinds())('catalog search across languages, synonyms and brand tags on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  withTestApp(kind, (opened) => ({ db, app } = opened));

  const search = async (text: string, languageId: string, page: { limit?: number; offset?: number } = {}) => {
    const { body } = await gql<{ products: Found }>(
      app,
      `query ($f: FilterInputType, $l: String) { products(filter: $f, languageId: $l) { ${fields} } }`,
      { f: { searchText: text, sort: 'RELEVANCE', limit: page.limit ?? 10, offset: page.offset ?? 0 }, l: languageId },
    );
    expect(body.errors, text).toBeUndefined();
    return body.data!.products;
  };
  const suggest = async (text: string, languageId: string) => {
    const { body } = await gql<{ searchSuggestions: Found & { tags: Tag[] } }>(
      app,
      `query ($t: String!, $l: String) { searchSuggestions(searchText: $t, limit: 10, languageId: $l) { ${fields} tags { label canonicalUrl kind parentLabel } } }`,
      { t: text, l: languageId },
    );
    expect(body.errors, text).toBeUndefined();
    return body.data!.searchSuggestions;
  };
  const inCategory = (found: Found, category: string) => found.products.filter((p) => !p.categories.some((c) => c.name === category)).map((p) => p.name);

  it("offers the brand's page first among the tags, before the categories of the same name, in both languages", async () => {
    for (const [languageId, url] of [['sv', '/b/nintendo'], ['en', '/en/b/nintendo']] as const) {
      const { tags } = await suggest('Nintendo', languageId);
      expect(tags[0], languageId).toEqual({ label: 'Nintendo', canonicalUrl: url, kind: 'BRAND', parentLabel: null });
      // The categories of the same name still follow.
      expect(tags.filter((t) => t.kind === 'CATEGORY' && t.label === 'Nintendo').length, languageId).toBeGreaterThan(1);
      expect(tags.length).toBeLessThanOrEqual(5);
    }
  });

  it("offers a category whose name in the other language holds the word, or one of the word's synonyms", async () => {
    for (const [text, languageId, label] of [
      ['cable', 'sv', 'Kablar och adaptrar'],
      ['sladd', 'sv', 'Kablar och adaptrar'],
      ['sladd', 'en', 'Cables & adapters'],
      ['handkontroll', 'en', 'Controllers'],
    ] as const) {
      expect((await suggest(text, languageId)).tags, `${text} (${languageId})`).toContainEqual(expect.objectContaining({ label, kind: 'CATEGORY' }));
    }
  });

  it("finds a product by its text in the other language: an English word in the Swedish shop and the other way round", async () => {
    // No synonym is involved here: 'WaveBird trådlös handkontroll' is 'WaveBird Wireless Controller' in English.
    expect((await search('wireless', 'sv')).products.map((p) => p.name)).toContain('WaveBird trådlös handkontroll');
    expect((await search('trådlös', 'en')).products.map((p) => p.name)).toContain('WaveBird Wireless Controller');
    const cables = await search('cable', 'sv');
    expect(cables.count).toBeGreaterThan(5);
    expect(inCategory(cables, 'Kablar och adaptrar')).toEqual([]);
    for (const found of [await search('handkontroll', 'en'), await suggest('handkontroll', 'en')]) {
      expect(found.count).toBeGreaterThan(5);
      // The English names show: the shown language's text is what the shopper reads.
      expect(found.products.map((p) => p.name).filter((name) => !/controller|control pad/i.test(name))).toEqual([]);
    }
  });

  it('ranks every product whose text in the shown language matches before one that only matches in another language', async () => {
    // 'game' is in the Swedish names of Game Boy and GameCube products, and in every game's English category name.
    const own = await db.query<{ product_id: number }>(
      `SELECT product_id FROM product_translations
       WHERE language_id = 'sv' AND to_tsvector('swedish'::regconfig, search_folded) @@ to_tsquery('swedish'::regconfig, 'game:*')`,
    );
    const ownIds = new Set(own.map((r) => r.product_id));
    expect(ownIds.size).toBeGreaterThan(2);
    const boundary = await search('game', 'sv', { offset: ownIds.size - 2, limit: 4 });
    expect(boundary.count).toBeGreaterThan(ownIds.size);
    expect(boundary.products.map((p) => ownIds.has(p.productId))).toEqual([true, true, false, false]);
  });

  it("finds the cables for 'sladd' before anything else, in both shops, through the shop's synonym list", async () => {
    for (const [languageId, category] of [['sv', 'Kablar och adaptrar'], ['en', 'Cables & adapters']] as const) {
      for (const found of [await search('sladd', languageId), await suggest('sladd', languageId)]) {
        expect(found.products.length, languageId).toBe(10);
        // Consoles sold 'med sladdar' (with cables) match the word itself, but the cables come first.
        expect(inCategory(found, category), languageId).toEqual([]);
      }
    }
    // 'handkontroll' and 'kontroll' find the controllers in the Swedish shop too.
    expect(inCategory(await search('kontroll', 'sv'), 'Handkontroller')).toEqual([]);
  });
});
