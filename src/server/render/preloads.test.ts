import { describe, expect, it } from 'vitest';
import { STORAGE_WARM_UP } from '../../client/app/Document';
import { appOnFakeClientBuild } from '../testing/client-build';

/** What a page asks the browser for in its head, from the build's manifest. */
describe("a page's script preloads", () => {
  const shop = appOnFakeClientBuild('storefront-preloads-', {
    // The build's other entry, listed first: the page's script is the one under the client entry's key.
    'src/client/i18n/intl-warm-up.ts': { file: 'assets/intl-warm-up-1.js', isEntry: true },
    'src/client/entry-client.tsx': { file: 'assets/entry-1.js', css: ['assets/shell-1.css'], isEntry: true, imports: ['_runtime', '_shell'] },
    _runtime: { file: 'assets/runtime-1.js' },
    _shell: { file: 'assets/shell-1.js', imports: ['_runtime'] },
    'src/client/features/catalog/ProductPage.tsx': { file: 'assets/ProductPage-1.js', isDynamicEntry: true, imports: ['_shell', '_catalog'] },
    _catalog: { file: 'assets/catalog-1.js', imports: ['_shell'] },
    'src/client/features/content/HomePage.tsx': { file: 'assets/HomePage-1.js', isDynamicEntry: true, imports: ['_shell', 'src/client/features/content/Widgets.tsx'] },
    'src/client/features/content/Widgets.tsx': { file: 'assets/Widgets-1.js', isDynamicEntry: true, imports: ['_shell', '_catalog'] },
    'src/client/features/content/ContentPage.tsx': { file: 'assets/ContentPage-1.js', isDynamicEntry: true, imports: ['_shell'], dynamicImports: ['src/client/features/content/Widgets.tsx'] },
    'src/client/features/catalog/ListPage.tsx': { file: 'assets/ListPage-1.js', isDynamicEntry: true, imports: ['_shell', '_catalog'], dynamicImports: ['src/client/features/catalog/list/FilterPanel.tsx', 'src/client/features/catalog/list/ActiveFilters.tsx'] },
    'src/client/features/catalog/list/ActiveFilters.tsx': { file: 'assets/ActiveFilters-1.js', isDynamicEntry: true, imports: ['_shell', '_filters'] },
    'src/client/features/catalog/list/FilterPanel.tsx': { file: 'assets/FilterPanel-1.js', isDynamicEntry: true, imports: ['_shell', '_filters'] },
    _filters: { file: 'assets/filters-1.js', imports: ['_shell'] },
    'src/client/features/checkout/CheckoutPage.tsx': { file: 'assets/CheckoutPage-1.js', isDynamicEntry: true, imports: ['_shell'], css: ['assets/checkout-styles-1.css'] },
  }, { 'assets/intl-warm-up-1.js': 'try{Intl.NumberFormat.supportedLocalesOf(self.name)}catch{}finally{self.close()}\n' });

  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
  const hrefOf = (tag: string) => /href="([^"]+)"/.exec(tag)?.[1];

  it("links a page's own stylesheet after the shell's in its head, and only on that page", async () => {
    const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href);
    const bootCss = (html: string) => (JSON.parse(/<script id="shop-boot" type="application\/json">([^<]*)</.exec(html)?.[1] ?? '{}') as { css?: string[] }).css;
    const checkout = await shop.app.fastify.inject({ url: '/kassan', headers: { accept: 'text/html' } });
    expect(checkout.statusCode).toBe(200);
    expect(stylesheets(checkout.body)).toEqual(['/assets/shell-1.css', '/assets/checkout-styles-1.css']);
    // The client's render of the head draws the same links from the boot data, so hydration keeps them.
    expect(bootCss(checkout.body)).toEqual(['/assets/shell-1.css', '/assets/checkout-styles-1.css']);
    const list = await shop.app.fastify.inject({ url: '/allt', headers: { accept: 'text/html' } });
    expect(stylesheets(list.body)).toEqual(['/assets/shell-1.css']);
    expect(bootCss(list.body)).toEqual(['/assets/shell-1.css']);
  });

  it("asks for the shell's chunks at the browser's usual priority, not at the low one React gives its bootstrap module", async () => {
    const [alias] = await shop.db.query<{ alias: string }>("SELECT alias FROM product_translations WHERE language_id = 'sv' ORDER BY product_id LIMIT 1");
    const res = await shop.app.fastify.inject({ url: `/p/${alias!.alias}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const tags = preloads(res.body);
    expect(tags.map(hrefOf)).toEqual(['/assets/entry-1.js', '/assets/runtime-1.js', '/assets/shell-1.js', '/assets/ProductPage-1.js', '/assets/catalog-1.js']);
    // Chrome holds low-priority requests back while the head's others load: the shell, which hydration waits for,
    // started about 0.4 s late.
    expect(tags.filter((tag) => /fetchPriority/i.test(tag))).toEqual([]);
    // The entry is the one module script, under the page's nonce; it imports the rest. It comes after the data the
    // browser hydrates with (the router's and the boot's), since a module script runs once the document is read.
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect([...res.body.matchAll(/<script type="module" src="([^"]+)" nonce="([^"]+)"/g)].map(([, src, n]) => [src, n])).toEqual([['/assets/entry-1.js', nonce]]);
    const entryAt = res.body.indexOf('<script type="module"');
    expect(res.body.indexOf('__staticRouterHydrationData')).toBeLessThan(entryAt);
    expect(res.body.indexOf('id="shop-boot"')).toBeLessThan(entryAt);
    expect(entryAt).toBeGreaterThan(res.body.indexOf('<body'));
  });

  it("asks for the chunks of the page's parts that the HTML shows, so hydration does not wait for them after the shell", async () => {
    // The home page's own chunks: its product rows' widgets and the cards they share with the catalog.
    const home = await shop.app.fastify.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('class="home-row');
    const homeTags = preloads(home.body).map(hrefOf);
    expect(homeTags).toEqual(expect.arrayContaining(['/assets/HomePage-1.js', '/assets/Widgets-1.js', '/assets/catalog-1.js']));
    // Each once, the page's shared chunks too.
    expect(new Set(homeTags).size).toBe(homeTags.length);
    // A content page asks for the widgets' code (with the cards') only where it draws widgets beyond text: the shop's
    // information pages are text alone.
    const textOnly = await shop.app.fastify.inject({ url: '/kundtjanst', headers: { accept: 'text/html' } });
    expect(textOnly.statusCode).toBe(200);
    expect(textOnly.body).toContain('content-page__body');
    expect(preloads(textOnly.body).map(hrefOf)).toContain('/assets/ContentPage-1.js');
    expect(preloads(textOnly.body).map(hrefOf)).not.toContain('/assets/Widgets-1.js');
    expect(preloads(textOnly.body).map(hrefOf)).not.toContain('/assets/catalog-1.js');
    const withWidgets = await shop.app.fastify.inject({ url: '/utvalt', headers: { accept: 'text/html' } });
    expect(withWidgets.statusCode).toBe(200);
    expect(withWidgets.body).toContain('class="home-row');
    expect(preloads(withWidgets.body).map(hrefOf)).toEqual(expect.arrayContaining(['/assets/ContentPage-1.js', '/assets/Widgets-1.js', '/assets/catalog-1.js']));
    // The list's filter panel is hidden behind its button on a phone, whose hydration does not wait for it: the
    // HTML, which cannot tell a phone, leaves its code to the shell.
    const list = await shop.app.fastify.inject({ url: '/allt', headers: { accept: 'text/html' } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('list-filters');
    const listTags = preloads(list.body).map(hrefOf);
    expect(listTags).toContain('/assets/ListPage-1.js');
    expect(listTags).not.toContain('/assets/FilterPanel-1.js');
    expect(listTags).not.toContain('/assets/filters-1.js');
    // Nor the chips of chosen filters, with none chosen; with one, the chips are drawn and their code asked for.
    expect(listTags).not.toContain('/assets/ActiveFilters-1.js');
    const filtered = await shop.app.fastify.inject({ url: '/allt?price=100-900', headers: { accept: 'text/html' } });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain('active-filters');
    expect(preloads(filtered.body).map(hrefOf)).toEqual(expect.arrayContaining(['/assets/ActiveFilters-1.js', '/assets/filters-1.js']));
    expect(preloads(filtered.body).map(hrefOf)).not.toContain('/assets/FilterPanel-1.js');
  });

  it("starts the worker that loads the browser's locale data in the head before the stylesheet, under the page's nonce, in its locale, from its code", async () => {
    for (const [url, locale] of [
      ['/', 'sv-SE'],
      ['/en', 'en-US'],
    ] as const) {
      const res = await shop.app.fastify.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // From its code in the page, not a file of its own: one request fewer before the page hydrates.
      // With the storage warm-up after it (app/Document.tsx).
      const start = `<script nonce="${nonce}">try{requestAnimationFrame(function(){setTimeout(function(){try{if(performance.getEntriesByName("shop:hydrated").length)return;new Worker(URL.createObjectURL(new Blob(["try{Intl.NumberFormat.supportedLocalesOf(self.name)}catch{}finally{self.close()}"],{type:"text/javascript"})),{name:"${locale}"})}catch(e){}},0)})}catch(e){}${STORAGE_WARM_UP}</script>`;
      expect(head).toContain(start);
      // Before the stylesheet, which a script after it would wait for.
      expect(head.indexOf(start)).toBeLessThan(head.indexOf('rel="stylesheet"'));
    }
  });

  it('asks for none on the offline page, which runs no app script', async () => {
    for (const url of ['/offline.html', '/en/offline.html']) {
      const res = await shop.app.fastify.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      // The offline page itself: its stored-pages script, not the app's.
      expect(res.body).toContain('caches.open("pages-v1")');
      expect(preloads(res.body)).toEqual([]);
      expect(res.body).not.toContain('new Worker');
      expect(res.body).not.toContain(STORAGE_WARM_UP);
      expect(res.body).not.toContain('type="module"');
    }
  });
});
