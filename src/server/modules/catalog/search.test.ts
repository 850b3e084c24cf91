import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { gql, withTestApp, type TestApp } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import { planSearch } from './search-plan';

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

  it('puts the product a text names first: the console before the games for it, in both languages', async () => {
    for (const languageId of ['sv', 'en']) {
      for (const [text, first] of [
        ['gameboy', 'Game Boy (DMG-01)'],
        ['game boy', 'Game Boy (DMG-01)'],
        ['Game Boy', 'Game Boy (DMG-01)'],
        ['playstation 2', 'PlayStation 2 (SCPH-39004)'],
        ['playstation', 'PlayStation (SCPH-1002)'],
      ] as const) {
        expect((await search(text, languageId, { limit: 3 })).products[0]?.name, `${text} (${languageId})`).toBe(first);
      }
    }
  });

  it("matches a maker's name to its hardware before its games: 'sega', 'nintendo'", async () => {
    for (const languageId of ['sv', 'en']) {
      for (const maker of ['Sega', 'Nintendo']) {
        const names = (await search(maker.toLowerCase(), languageId, { limit: 10 })).products.map((p) => p.name);
        // The names that start with the maker's are its consoles and controllers (Sega Mega Drive, Nintendo 64).
        expect(names[0], `${maker} (${languageId})`).toMatch(new RegExp(`^${maker} `));
      }
      const sega = (await search('sega', languageId, { limit: 10 })).products.map((p) => p.name);
      const sonic = sega.findIndex((name) => /^Sonic/.test(name));
      const megaDrive = sega.findIndex((name) => name.startsWith('Sega Mega Drive'));
      expect(megaDrive, sega.join(', ')).toBeGreaterThanOrEqual(0);
      if (sonic >= 0) expect(megaDrive, sega.join(', ')).toBeLessThan(sonic);
    }
  });

  it('finds what a slip meant first, and an exact word before a look-alike, in both languages', async () => {
    for (const languageId of ['sv', 'en']) {
      for (const [text, first] of [
        ['zleda', /Zelda/],
        ['pokmeon', /Pokémon/],
        ['mraio kart', /Mario Kart/],
        ['super mari', /^Super Mario/],
        ['legnd', /Legend/],
        ['zelda', /Zelda/],
      ] as const) {
        const found = await search(text, languageId, { limit: 3 });
        expect(found.products[0]?.name, `${text} (${languageId})`).toMatch(first);
      }
    }
  });

  it("puts a product whose name holds the word before one whose other text does ('kart' is in every 'kartong')", async () => {
    for (const languageId of ['sv', 'en']) {
      const found = await search('kart', languageId, { limit: 10 });
      expect(found.count).toBeGreaterThan(10);
      const named = found.products.map((p) => /kart/i.test(p.name));
      expect(named[0], languageId).toBe(true);
      // Every name that holds it comes before the first that does not.
      expect(named, languageId).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it("leaves out the words either language stems to nothing ('the', 'of', 'och') while another word remains", async () => {
    const searched = async (text: string) => (await planSearch(db, text, 'games'))!.terms.map((alternatives) => alternatives[0]![0]!.word);
    expect(await searched('the legend of zelda')).toEqual(['legend', 'zelda']);
    expect(await searched('zelda och mario')).toEqual(['zelda', 'mario']);
    // Nothing but such words: they are what there is to search.
    expect(await searched('the')).toEqual(['the']);
    // The name key still holds every word: the product the whole text names comes first.
    expect((await planSearch(db, 'the legend of zelda', 'games'))!.keys).toContain('thelegendofzelda');
    const ocarina = await search('the legend of zelda ocarina of time', 'en', { limit: 1 });
    expect(ocarina.products[0]?.name).toMatch(/Ocarina of Time/);
  });

  it('pages through a search without repeating or skipping a product across the name and text stages', async () => {
    const all = (await search('game', 'sv', { limit: 60 })).products.map((p) => p.productId);
    const paged = [];
    for (let offset = 0; offset < 60; offset += 7) paged.push(...(await search('game', 'sv', { offset, limit: 7 })).products.map((p) => p.productId));
    expect(paged.slice(0, 60)).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
  });
});
