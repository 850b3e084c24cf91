import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp } from '../testing/app';
import { openTestDb } from '../testing/db';
import { firstRenderMessages } from './first-render-messages';
import sv from '../../../locales/sv.json';

/** The router's hydration data in a page, as the browser's JSON.parse reads it. */
function hydrationData(html: string): { loaderData: Record<string, { messages?: Record<string, unknown> }> } {
  const json = /window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\);/.exec(html)?.[1];
  if (!json) throw new Error('no hydration data in the page');
  return JSON.parse(JSON.parse(json) as string) as ReturnType<typeof hydrationData>;
}

/** A script as react-router's StaticRouterProvider writes it (JSON in a JSON string, HTML-escaped). */
const routerScript = (data: unknown) =>
  `<script>window.__staticRouterHydrationData = JSON.parse(${JSON.stringify(JSON.stringify(data)).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)});</script>`;

describe('the texts a page hands the browser', () => {
  it('are the texts its render read, escaped as the router escapes, in a document cut anywhere into chunks', async () => {
    const catalog = { 'a.used': [{ type: 0, value: 'Köp </script> nu 🎮 $& $1' }], 'b.checked': [{ type: 0, value: 'ja' }], 'c.late': [{ type: 0, value: 'nej' }], 'd.unread': [{ type: 0, value: '-' }] };
    const loaderData: Record<string, unknown> = { 'layout-sv': { layout: { shop: {} }, messages: catalog }, page: { title: 'x' } };
    const body = firstRenderMessages(loaderData);
    const noting = (loaderData['layout-sv'] as { messages: Record<string, unknown> }).messages;
    // What react-intl does with a text: asks whether the catalog has it, then reads it.
    expect(Object.prototype.hasOwnProperty.call(noting, 'a.used') && noting['a.used']).toEqual(catalog['a.used']);
    expect(Object.hasOwn(noting, 'b.checked')).toBe(true);
    expect(Object.hasOwn(noting, 'no.such.text')).toBe(false);
    // The router's script is written before the render ends (StaticRouterProvider writes it as it renders).
    const html = `<!DOCTYPE html><html><body><main>page 🎮 spel</main>${routerScript({ loaderData, actionData: null, errors: null })}<p>🎮 efter</p></body></html>`;
    // Cut by bytes, so that cuts fall inside characters of more than one byte too.
    const bytes = Buffer.from(html);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const out: Buffer[] = [];
    body.on('data', (chunk: Buffer) => out.push(chunk));
    for (const chunk of chunks) body.write(chunk);
    // Everything up to the script went out before the end, so the browser reads the page as it streams.
    expect(Buffer.concat(out).toString()).toContain('<main>page 🎮 spel</main><script>');
    // A text read after the script went out (a part that rendered late) is among those sent.
    expect(noting['c.late']).toEqual(catalog['c.late']);
    body.end();
    await new Promise((resolve) => body.on('end', resolve));
    const sent = Buffer.concat(out).toString();
    expect(sent).toContain('<p>🎮 efter</p>');
    expect(sent).not.toContain('</script> nu');
    expect(sent.endsWith('</body></html>')).toBe(true);
    const data = hydrationData(sent);
    const { 'd.unread': unread, ...read } = catalog;
    expect(unread).toBeDefined();
    expect(data.loaderData['layout-sv']!.messages).toEqual(read);
    expect(data.loaderData['page']).toEqual({ title: 'x' });
  });

  it('leaves a page without the layout (an error before it loaded) as it is', async () => {
    const body = firstRenderMessages({ root: null });
    const sent = await text(Readable.from(['<p>', 'error</p>']).pipe(body));
    expect(sent).toBe('<p>error</p>');
  });

  describe('in the pages the server renders', () => {
    let db: Db;
    let app: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      db = await openTestDb('pglite');
      app = await createTestApp(db);
    });
    afterAll(async () => {
      await app.stop();
      await app.closePubSub();
      await db.close();
    });

    it("hold the frame's and the page's texts, not the checkout's or the account's", async () => {
      const [product] = await db.query<{ alias: string }>("SELECT alias FROM product_translations WHERE language_id = 'sv' ORDER BY product_id LIMIT 1");
      for (const url of ['/', `/p/${product!.alias}`, '/varumarken']) {
        const res = await app.fastify.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        const texts = Object.keys(hydrationData(res.body).loaderData['layout-sv']?.messages ?? {});
        expect(texts, url).toContain('header.cart');
        expect(texts, url).toContain('footer.newsletter');
        expect(texts.some((id) => id.startsWith('checkout.') || id.startsWith('account.')), url).toBe(false);
        expect(texts.length, url).toBeLessThan(Object.keys(sv).length / 3);
        for (const id of texts) expect(Object.hasOwn(sv, id), id).toBe(true);
      }
    });
  });
});
