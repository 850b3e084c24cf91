import { startTransition, useEffect, useMemo, useState } from 'react';
import { onNextTry } from '../lib/chunk-guard';
import type { MessageFormatElement } from 'react-intl';
import type { LanguageId } from '../../shared/locales';
import type sv from '../../../locales/sv.json';

/** The pages' message ids: the keys of the Swedish catalog, the one source (a test keeps English in step). */
export type MessageId = keyof typeof sv;
/**
 * A language's catalog as the pages get it: already parsed (the build compiles the JSON to ICU message ASTs, see
 * compiledMessages in vite.config.ts, so the client carries no ICU parser).
 */
export type Messages = Record<MessageId, MessageFormatElement[]>;

// react-intl's ids are MessageId everywhere (formatMessage, FormattedMessage, IntlProvider's messages), so an id
// that is not in the catalog is a type error.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented augmentation point
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/**
 * Whether the catalog has `id`: for an id built from data where only some values have a text (a field's hint). Asked
 * of the first page's catalog while it is partial, it answers as the server's render did (the server's catalog is
 * whole, and the page's has every text it used), and the texts are drawn again once whole (partialView).
 */
export function hasMessage<Id extends string>(messages: Readonly<Partial<Record<string, unknown>>>, id: Id): id is Id & MessageId {
  const catalog = partial && views.get(partial.shown) === messages ? partial.shown : messages;
  if (Object.hasOwn(catalog, id)) return true;
  if (partial?.shown === catalog) missed = true;
  return false;
}

/** Each language's strings load as their own chunk, so a page carries only its language. Compiled by the build. */
export async function loadMessages(languageId: LanguageId): Promise<Messages> {
  const module = languageId === 'en' ? await import('../../../locales/en.json') : await import('../../../locales/sv.json');
  // TypeScript types the JSON file; what arrives is the build's compiled copy of it.
  return module.default as unknown as Messages;
}

/**
 * The first page's catalog while it holds only the texts of the server's render (the HTML carries no others:
 * src/server/render/first-render-messages.ts): the object the page renders with, its language, and the view of it
 * the page's IntlProvider reads (useShownMessages). Null once whole, and on the server.
 */
let partial: { shown: Messages; languageId: LanguageId } | null = null;
let completion: Promise<void> | null = null;
/** The views of first pages' catalogs (one per tab). */
const views = new WeakMap<Messages, Messages>();
/** Whether something drew a text that had not come yet (it drew it blank), and how often the texts were redrawn since. */
let missed = false;
let redraws = 0;
const redrawListeners = new Set<() => void>();

/**
 * A text's id, not a key any object is asked for (a promise's `then`, JSON's `toJSON`, Object's own): the ids have a
 * dot or are in capitals.
 */
const TEXT_ID = /\.|^[A-Z_]+$/;
const BLANK: MessageFormatElement[] = [];

/**
 * The first page's catalog as its texts are drawn: a text that has not come yet reads as present and blank rather
 * than missing (react-intl would show its id), and is noted, so that the texts are redrawn once whole. Parts drawn
 * after the first render wait for the whole catalog instead (withWholeMessages); this covers what the page's own
 * components draw differently once hydrated (a signed-in shopper's account button, saved searches, notices).
 */
function partialView(shown: Messages): Messages {
  const stillComing = (target: Messages, key: string | symbol): key is string =>
    partial?.shown === target && typeof key === 'string' && TEXT_ID.test(key) && !Object.hasOwn(target, key);
  return new Proxy(shown, {
    get(target, key, receiver) {
      if (!stillComing(target, key)) return Reflect.get(target, key, receiver) as unknown;
      missed = true;
      return BLANK;
    },
    getOwnPropertyDescriptor(target, key) {
      if (!stillComing(target, key)) return Reflect.getOwnPropertyDescriptor(target, key);
      missed = true;
      return { value: BLANK, writable: true, enumerable: true, configurable: true };
    },
  });
}

/**
 * For the client's start (app/start.tsx), as the first page hydrates: the rest of the language's catalog loads
 * (its own chunk, about 6 KiB brotli) into the same object the page renders with, so nothing shown renders again
 * unless it drew a text before it came. A load that fails is tried again at the shopper's next tap or key, or when
 * the connection is back.
 */
export function completeFirstMessages(shown: Messages, languageId: LanguageId): void {
  partial = { shown, languageId };
  views.set(shown, partialView(shown));
  const complete = (): void => void wholeMessages().catch(() => onNextTry(complete));
  complete();
}

/**
 * Resolves once the page's catalog is whole: at once on the server, before the first page hydrates, and from then
 * on. A load that failed (the connection dropped) is tried again by the next call.
 */
export function wholeMessages(): Promise<void> {
  const pending = partial;
  if (!pending) return Promise.resolve();
  completion ??= loadMessages(pending.languageId).then(
    (all) => {
      for (const [id, message] of Object.entries(all)) if (!Object.hasOwn(pending.shown, id)) pending.shown[id as MessageId] = message;
      if (partial === pending) partial = null;
      if (!missed) return;
      redraws += 1;
      for (const listener of redrawListeners) listener();
    },
    (error: unknown) => {
      completion = null;
      throw error;
    },
  );
  return completion;
}

/**
 * A lazily loaded part's import, which resolves once the page's catalog is whole too: a part drawn after the first
 * render (a panel, another page) may use a text the server's render did not.
 */
export const withWholeMessages =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), wholeMessages()]).then(([loaded]) => loaded);

/**
 * The catalog the layout's IntlProvider gets: the first page's view of it while it is partial, and a new object
 * (so every text is drawn again) once it is whole if something drew a blank meanwhile. That redraw is a transition:
 * a part of the page still waiting to hydrate is not thrown away for it.
 */
export function useShownMessages(messages: Messages): Messages {
  const [redrawn, setRedrawn] = useState(redraws);
  useEffect(() => {
    const redraw = () => startTransition(() => setRedrawn(redraws));
    redrawListeners.add(redraw);
    // Whole (with a redraw due) before this effect ran.
    if (redraws !== redrawn) redraw();
    return () => void redrawListeners.delete(redraw);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once; the listener reads the count itself
  }, []);
  return useMemo(() => (redrawn > 0 && views.has(messages) ? { ...messages } : (views.get(messages) ?? messages)), [messages, redrawn]);
}
