import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { routerHydrationData } from '../testing/hydration-data';
import { firstRenderMessages } from './first-render-messages';

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
    const data = routerHydrationData(sent);
    const { 'd.unread': unread, ...read } = catalog;
    expect(unread).toBeDefined();
    expect(data.loaderData['layout-sv']?.messages).toEqual(read);
    expect(data.loaderData['page']).toEqual({ title: 'x' });
  });

  it('leaves a page without the layout (an error before it loaded) as it is', async () => {
    const body = firstRenderMessages({ root: null });
    const sent = await text(Readable.from(['<p>', 'error</p>']).pipe(body));
    expect(sent).toBe('<p>error</p>');
  });
});
