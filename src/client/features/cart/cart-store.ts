import { proxy, ref } from 'valtio';
import type { CartFieldsFragment, PriceFieldsFragment, StockFieldsFragment } from '../../graphql/generated/operations';
import { cookieValue, writeCookie } from '../../lib/cookie';
import type { ErrorResponse } from 'react-router';
import { tellCartWarnings } from './cart-notices';

/**
 * The one owner of the cart on the client: its id, the last cart the server answered (kept), the changes still
 * waiting in the outbox, and the rule between them, which says which answer is kept and which waiting changes are
 * laid on it. Everything else derives from here: useCart() reads it, useQueueCartChange() writes through the outbox
 * (outbox/runtime.ts, loaded after the first render), which fills it in from IndexedDB and the other tabs.
 */

/**
 * A cart change as the shopper meant it, replayed onto whatever the server's cart is by then: add units, set a
 * line's quantity (0 removes it), set a code ('' removes it). Never a copy of a whole cart, so changes made
 * meanwhile from another device are kept.
 */
export type CartIntent =
  | { kind: 'add'; skuId: number; quantity: number }
  | { kind: 'set'; skuId: number; quantity: number }
  | { kind: 'promo'; code: string }
  | { kind: 'giftCard'; code: string };

/** How an added line looks until the server answers, taken from the page the shopper added it from. */
export interface LinePreview {
  product: {
    productId: number;
    name: string;
    alias: string;
    canonicalUrl: string;
    images: readonly string[] | null;
    brand: { brandId: number; name: string } | null;
    primaryCategory?: { categoryId: number; name: string } | null;
  };
  sku: { skuId: number; articleNumber?: string; name?: string; stock: StockFieldsFragment };
  unitPrice: PriceFieldsFragment;
}

/** One change waiting in the outbox. Its key goes with every attempt, so the server applies it once. */
export interface OutboxEntry {
  key: string;
  /** Replay order: the order the shopper made the changes in, across tabs. */
  seq: number;
  intent: CartIntent;
  preview: LinePreview | null;
  queuedAt: number;
  /** Failed attempts of any kind (they set the backoff). */
  tries: number;
  /** Failed attempts the server answered (5xx, 429): only these count towards giving up. */
  serverFailures: number;
  /** Not retried by the timer before this (ms since the epoch); start, online and visibility retry at once. */
  nextAttemptAt: number;
  /**
   * When its first send started (ms since the epoch, this device's clock). From then on the server may hold it,
   * even while no answer has come: an answer can be lost after the server applied the change.
   */
  sentAt?: number;
  /** When its answer arrived: set only on a change another tab replayed, kept here until this tab's cart holds it. */
  settledAt?: number;
  /** The tab that queued it: that tab tells the shopper what became of it (lib/tabs). */
  tab?: string;
}

/**
 * A cart the server answered, with when: `asOf` orders answers (newer wins) and `receivedAt` says which changes it
 * may hold. A getCart answer's `asOf` is when its request started: the server read the cart after that, so it
 * holds every change whose answer had arrived by then. An outbox answer's `asOf` is when it arrived: the server
 * applied the change before that, so a getCart started earlier may lack it and must not replace it.
 */
export interface KeptCart {
  cart: CartFieldsFragment;
  languageId: string;
  asOf: number;
  receivedAt: number;
}

/**
 * Whether a server cart may already hold a change, so that laying the change on it again could count it twice.
 * The server can only have applied a change once its first send started, and a cart reflects the server no later
 * than when its answer arrived: a cart that arrived before the send started (or a change never sent) cannot hold
 * it. Anything else may, whichever request the server happened to handle first.
 */
export function mayHold(kept: Pick<KeptCart, 'receivedAt'>, entry: Pick<OutboxEntry, 'sentAt'>): boolean {
  return entry.sentAt !== undefined && entry.sentAt < kept.receivedAt;
}

/** The IndexedDB database and store that hold the waiting changes and the last cart the server answered. */
export const OUTBOX_DB = { database: 'retro-cart', store: 'outbox' } as const;

/** The cart cookie lives about a year; the id itself is an unguessable 128-bit value. */
export const CART_COOKIE = 'ralph-cart';

function readCookie(): string {
  if (typeof document === 'undefined') return '';
  return decodeURIComponent(cookieValue(document.cookie, CART_COOKIE) ?? '');
}

/**
 * This tab's cart id; empty until the first item is added (the server then hands out an id). `loaded` turns
 * true once the cookie was read in the browser, so an empty id then means 'no cart' rather than 'not known yet'.
 */
export const cartState = proxy({ id: '', loaded: false });

/**
 * The last getCart that the server refused (an answer of 300 or more, or GraphQL errors; never a missing
 * connection, which the outbox covers), and when: the cart page opens the error page with a refusal that came
 * after it opened. Cleared by the next answer.
 */
export const cartQueryState = proxy({ failure: null as ReturnType<typeof ref<{ error: ErrorResponse; at: number }>> | null });

export function loadCartId(): string {
  cartState.id = readCookie();
  cartState.loaded = true;
  return cartState.id;
}

/** Keeps the id an answer handed out (also the customer's cart after login: the guest cart merged into it). */
export function storeCartId(id: string): void {
  if (id === cartState.id && readCookie() === id) return;
  cartState.id = id;
  writeCookie(CART_COOKIE, id);
}

/**
 * Logout: this browser no longer knows the customer's cart (nor the checkout form kept with it). The device's copy
 * of that cart and the changes still waiting to be sent were the customer's too: they go, so the next person on the
 * device neither sees the cart nor has the customer's changes replayed into a guest cart.
 */
export async function forgetCart(): Promise<void> {
  writeCookie(CART_COOKIE, '', 0);
  forgetCartHere();
  const { clear, createStore } = await import('idb-keyval');
  await clear(createStore(OUTBOX_DB.database, OUTBOX_DB.store));
}

/**
 * This tab's part of forgetting a cart the device no longer knows (signed out in another tab, or the cookie gone
 * while the tab was frozen): the id read again from the cookie, and the cart, the waiting changes and their
 * revision shown here dropped, so the next list read or heard is shown whatever its revision. The device's copy is
 * left alone: by now it may hold the next shopper's cart; the outbox reads it again.
 */
export function forgetCartHere(): void {
  loadCartId();
  sendingSince.clear();
  setOutboxEntries([]);
  setSettledEntries([]);
  outboxState.serverCart = null;
  shownRev = -1;
}

/**
 * The tab is shown again (or back from the back/forward cache): the cart cookie is read again, and if it names
 * another cart than the one this tab knew (signed out or in elsewhere meanwhile), this tab forgets the cart it showed.
 */
export function recheckCartCookie(): void {
  const known = cartState.id;
  if (known !== loadCartId() && known) forgetCartHere();
}

/**
 * The waiting changes, the last cart the server answered (so an offline reload still shows the cart) and whether
 * the browser is online. The outbox itself (IndexedDB, replay) loads after the first render and fills this in.
 */
export const outboxState = proxy({
  entries: ref([] as OutboxEntry[]),
  /** Changes another tab replayed in another language, laid on this tab's cart until its own getCart holds them. */
  settled: ref([] as OutboxEntry[]),
  serverCart: null as ReturnType<typeof ref<KeptCart>> | null,
  online: true,
});

/**
 * Changes being sent whose time IndexedDB may not hold yet (markSending), by key: laid on every list shown until
 * one carries its own time (or no longer holds the change), so a list read or heard before the time was written
 * cannot hide it again.
 */
const sendingSince = new Map<string, { at: number; shown: boolean }>();

// All are replaced whole, never changed in place: kept as plain objects (not proxied), read as they are.
export function setOutboxEntries(entries: OutboxEntry[]): void {
  for (const [key, stamp] of sendingSince) {
    const entry = entries.find((candidate) => candidate.key === key);
    // Done with once a list carries the time, or the change has left a list it was in (answered or dropped).
    if (entry?.sentAt !== undefined || (!entry && stamp.shown)) sendingSince.delete(key);
    else if (entry) stamp.shown = true;
  }
  const stamped = sendingSince.size === 0 ? entries : entries.map((entry) => (entry.sentAt === undefined && sendingSince.has(entry.key) ? { ...entry, sentAt: sendingSince.get(entry.key)!.at } : entry));
  outboxState.entries = ref(stamped);
}

/**
 * The change is being sent from `at` on (by this tab or, heard over the tabs' channel, by another): shown as sent at
 * once, before IndexedDB has the time, so a getCart answer that arrives meanwhile is checked against it (see
 * offerServerCart). A change not in the list shown yet gets the time when it comes.
 */
export function markSending(key: string, at: number): void {
  const entries = outboxState.entries;
  // Already shown with its own time (heard late): nothing to keep, and a stamp never shown would never be dropped.
  if (entries.some((entry) => entry.key === key && entry.sentAt !== undefined)) return;
  if (!sendingSince.has(key)) sendingSince.set(key, { at, shown: false });
  if (entries.some((entry) => entry.key === key && entry.sentAt === undefined)) setOutboxEntries(entries);
}

/** The revision of the waiting changes shown, so an older list (read or heard late) never replaces a newer one. */
let shownRev = -1;

/** Shows a list of waiting changes unless the one shown is newer (a higher revision); false when not shown. */
export function showOutboxEntries(entries: OutboxEntry[], rev: number): boolean {
  if (rev < shownRev) return false;
  shownRev = rev;
  setOutboxEntries(entries);
  return true;
}

export function setSettledEntries(entries: OutboxEntry[]): void {
  outboxState.settled = ref(entries);
}

/** Keeps a cart (an outbox answer: always the newest) and forgets the settled changes it surely holds. */
export function setServerCart(kept: KeptCart): void {
  outboxState.serverCart = ref(kept);
  const left = outboxState.settled.filter((entry) => (entry.settledAt ?? 0) > kept.asOf);
  if (left.length < outboxState.settled.length) setSettledEntries(left);
}

/** The waiting changes that may be in `kept` without being surely in it (see mayHold). */
function unsureIn(kept: KeptCart): boolean {
  const surelyHeld = (entry: OutboxEntry) => entry.settledAt !== undefined && entry.settledAt <= kept.asOf;
  return [...outboxState.entries, ...outboxState.settled].some((entry) => mayHold(kept, entry) && !surelyHeld(entry));
}

/**
 * Whether the outbox has read the waiting changes from IndexedDB. Until it has, an answer cannot be checked
 * against them (the list looks empty), so answers offered meanwhile are held and offered once it has.
 */
let loaded = false;
let held: KeptCart[] = [];

/**
 * Offers a getCart answer; true when it is kept. Refused when older than the kept cart of its language (an answer
 * fetched earlier that arrived later would undo changes the kept one holds), and, while a kept cart of its
 * language exists, when it may hold a change still laid on top (one sent before it arrived whose answer this tab
 * has not taken in): whether the server applied that change before reading the cart cannot be known, so laying
 * the change on it could count it twice and leaving it off could drop it for as long as its replay takes (a
 * minute of backoff, or all the time the shopper is offline). The kept cart is known not to hold it, so it stays,
 * with the change on top, until the change's own answer (which holds it) replaces both. An answer offered before
 * the outbox has read the waiting changes is held until it has (false until then).
 */
export function offerServerCart(kept: KeptCart): boolean {
  if (!loaded) {
    held.push(kept);
    return false;
  }
  return consider(kept);
}

/** `replayed`: an outbox answer, which holds every change sent before it (only its age counts). */
function consider(kept: KeptCart, replayed = false): boolean {
  const current = outboxState.serverCart;
  const same = current?.languageId === kept.languageId ? current : null;
  if (same && (kept.asOf <= same.asOf || (!replayed && unsureIn(kept)))) return false;
  setServerCart(kept);
  return true;
}

/**
 * Offers the cart kept in IndexedDB (the last one any tab kept) by the same rule as a getCart answer, and more:
 * when the cart this tab keeps may hold a waiting change (taken while this tab did not know of it) and the stored
 * one of its language is known to lack every such change, the stored one is kept instead, though older, so the
 * change shows on top until its own answer. With no cart of its language kept, a stored cart in another language
 * stands in (offline) until this tab's own getCart answers.
 */
export function offerStoredCart(stored: KeptCart): void {
  const current = outboxState.serverCart;
  if (!current) {
    setServerCart(stored);
    return;
  }
  if (current.languageId !== stored.languageId) return;
  if (consider(stored)) return;
  if (stored.asOf !== current.asOf && unsureIn(current) && !unsureIn(stored)) setServerCart(stored);
}

/** The outbox has read the waiting changes (and offered its stored cart): the answers held meanwhile are offered now. */
export function outboxLoaded(): void {
  loaded = true;
  const offers = held;
  held = [];
  for (const kept of offers) offerServerCart(kept);
}

/** The outbox stopped (tests start a fresh one): answers are held again until the next one has loaded. */
export function outboxUnloaded(): void {
  loaded = false;
  sendingSince.clear();
  held = [];
  shownRev = -1;
}

/**
 * An outbox answer another tab replayed: kept unless this tab meanwhile took a getCart of its language fetched
 * after that answer arrived (then its own is newer). False when it is not kept.
 */
export function offerTabAnswer(kept: KeptCart): boolean {
  return consider(kept, true);
}

/**
 * The cart the waiting changes are laid on in this tab: the kept one of its cart and language; else the cache's
 * copy of the cart query, which no answer offered (written there by a test, say), so not known to lack anything
 * sent; else the kept one in another language (offline, until this tab's own answer).
 */
export function confirmedCart(kept: KeptCart | null, id: string, cached: CartFieldsFragment | undefined, languageId: string): KeptCart | null {
  const mine = kept && id && kept.cart.id === id ? kept : null;
  if (mine && mine.languageId === languageId) return mine;
  if (cached) return { cart: cached, languageId, asOf: 0, receivedAt: Number.POSITIVE_INFINITY };
  return mine;
}

/**
 * The waiting changes laid on a confirmed cart, in the order the shopper made them: each the cart cannot already
 * hold (see mayHold). A change the cart may hold is left off rather than counted twice; that only happens when the
 * tab has no cart known to lack it (offerServerCart keeps such a cart while one exists), and its own answer follows.
 */
export function waitingOn(base: KeptCart | null, entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((entry) => !base || !mayHold(base, entry)).sort((a, b) => a.seq - b.seq);
}

/**
 * What the cart query's context carries so each getCart answer is offered with when it was fetched, and its
 * warnings told: a read corrects lines whose stock or price moved and says so in that answer only (the server
 * records what it told), so they are told from the network's answer, never from a cached copy.
 */
export const cartAnswerContext = {
  onAnswer({ variables, data, startedAt, receivedAt }: { variables: Record<string, unknown>; data: unknown; startedAt: number; receivedAt: number }): void {
    const cart = (data as { getCart?: CartFieldsFragment | null } | null | undefined)?.getCart;
    if (cart) tellCartWarnings(cart.warnings);
    if (cart?.id) offerServerCart({ cart, languageId: String(variables.languageId ?? ''), asOf: startedAt, receivedAt });
  },
};
