import { describe, expect, it } from 'vitest';
import { gql, withTestApp, type TestApp } from '../../testing/app';
import { testDbKinds } from '../../testing/db';

type App = TestApp;

describe.each(testDbKinds())('content GraphQL API on %s', (kind) => {
  let app: App;
  withTestApp(kind, (opened) => ({ app } = opened));

  it('answers menus by location, with children, and null for an unknown location', async () => {
    const { body } = await gql<{ getMenuAtLocation: { title: string; menuItems: { label: string; canonicalUrl: string; children: { label: string }[] }[] } | null }>(
      app,
      `query ($id: String!) { getMenuAtLocation(menuLocationId: $id, channelId: "2|en") {
         title menuItems { label canonicalUrl type targetBlank children { label children { label } } } } }`,
      { id: 'main-desktop' },
    );
    const items = body.data!.getMenuAtLocation!.menuItems;
    expect(items.length).toBeGreaterThan(2);
    expect(items.some((i) => i.children.length > 0)).toBe(true);
    expect(items.filter((i) => i.canonicalUrl.startsWith('/')).every((i) => i.canonicalUrl.startsWith('/en'))).toBe(true);
    for (const location of ['top-bar', 'footer-first', 'footer-second', 'footer-third']) {
      const res = await gql<{ getMenuAtLocation: { menuItems: unknown[] } | null }>(app, 'query ($id: String!) { getMenuAtLocation(menuLocationId: $id) { menuItems { label } } }', { id: location });
      expect(res.body.data!.getMenuAtLocation!.menuItems.length, location).toBeGreaterThan(0);
    }
    const unknown = await gql(app, '{ getMenuAtLocation(menuLocationId: "nowhere") { title } }');
    expect(unknown.body.data).toEqual({ getMenuAtLocation: null });
  });

  it('answers a content page by its alias in either language, in the language asked, with both alternates', async () => {
    type Page = { contentPage: { key: string; alias: string; title: string; widgets: { html?: string }[]; canonicalUrl: string; alternates: { languageId: string; canonicalUrl: string }[] } | null };
    const query = 'query ($a: String!, $l: String) { contentPage(alias: $a, languageId: $l) { key alias title widgets { ... on TextWidget { html } } canonicalUrl alternates { languageId canonicalUrl } } }';
    const swedish = (await gql<Page>(app, query, { a: 'om-oss', l: 'sv' })).body.data!.contentPage!;
    expect(swedish).toMatchObject({ key: 'about', alias: 'om-oss', canonicalUrl: '/om-oss' });
    expect(swedish.widgets[0]!.html!.length).toBeGreaterThan(0);
    expect(swedish.alternates.sort((a, b) => a.languageId.localeCompare(b.languageId))).toEqual([
      { languageId: 'en', canonicalUrl: '/en/about-us' },
      { languageId: 'sv', canonicalUrl: '/om-oss' },
    ]);
    // A switched or shared link: the Swedish alias asked in English answers the English page.
    const english = (await gql<Page>(app, query, { a: 'om-oss', l: 'en' })).body.data!.contentPage!;
    expect(english).toMatchObject({ key: 'about', alias: 'about-us', canonicalUrl: '/en/about-us' });
    expect(english.title).not.toBe(swedish.title);
    expect((await gql<Page>(app, query, { a: 'no-such-page' })).body.data).toEqual({ contentPage: null });
  });
});
