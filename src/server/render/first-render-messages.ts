import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { escapeForScript } from '../../shared/script-json';
import { layoutDataOf } from '../../client/features/layout/layout-data';
import type { MessageId, Messages } from '../../client/i18n/messages';

/** A value as it stands in the router's hydration script (StaticRouterProvider): JSON within a JSON string, escaped as the router does. */
const asInHydrationScript = (value: unknown) => escapeForScript(JSON.stringify(JSON.stringify(value)).slice(1, -1));

/**
 * The page's texts in its HTML, cut to those the server's render used: the language's whole catalog was a third of a
 * catalog page's HTML (about 6.6 of 19 KiB brotli) and the render uses a fraction of it; on a cold visit over 2G every
 * KiB before the shell's script arrives is 30 ms more until taps work (npm run bench:2g). The browser loads the rest
 * as the page hydrates (completeFirstMessages, src/client/i18n/messages.ts).
 *
 * The layout's catalog in `loaderData` becomes a copy that notes every text read from it, and that the router's
 * hydration script, written before the page's body has rendered, holds as a placeholder; the returned stream puts
 * the texts used in its place once the render has ended. The rest of the document flows through as it comes; only
 * what follows the placeholder (the end of the body) waits for the render's end.
 */
export function firstRenderMessages(loaderData: Record<string, unknown>): Transform {
  const layout = layoutDataOf(loaderData);
  const catalog = layout?.data.messages;
  if (!layout || !catalog) return new Transform({ transform: (chunk, _encoding, done) => done(null, chunk) });
  const used = new Set<string>();
  const placeholder = `first-render-messages-${randomUUID()}`;
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && Object.hasOwn(catalog, key)) used.add(key);
  };
  const noting = new Proxy(catalog, {
    get(target, key, receiver) {
      if (key === 'toJSON') return () => placeholder;
      note(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    // react-intl asks hasOwnProperty before reading, as does hasMessage.
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
  loaderData[layout.routeId] = { ...layout.data, messages: noting };

  // ASCII, so it is found in the bytes themselves, and no cut falls inside a character.
  const marker = Buffer.from(asInHydrationScript(placeholder));
  let pending = Buffer.alloc(0);
  /** From the placeholder on, until the render ends. */
  const held: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (held.length > 0) {
        held.push(chunk);
        return done();
      }
      pending = Buffer.concat([pending, chunk]);
      const at = pending.indexOf(marker);
      // Everything before the placeholder goes out at once; a placeholder cut between two chunks is kept whole.
      const sendable = at >= 0 ? at : Math.max(0, pending.length - marker.length + 1);
      if (sendable > 0) this.push(pending.subarray(0, sendable));
      pending = pending.subarray(sendable);
      if (at >= 0) held.push(pending);
      done();
    },
    flush(done) {
      if (held.length === 0) return done(null, pending);
      const texts: Partial<Record<MessageId, Messages[MessageId]>> = {};
      for (const id of Object.keys(catalog) as MessageId[]) if (used.has(id)) texts[id] = catalog[id];
      const [withPlaceholder, ...rest] = held;
      done(null, Buffer.concat([Buffer.from(asInHydrationScript(texts)), withPlaceholder!.subarray(marker.length), ...rest]));
    },
  });
}
