import { beforeEach, describe, expect, it } from 'vitest';
import { testCart, testLine } from './cart-test-kit';
import {
  confirmedCart,
  offerServerCart,
  offerStoredCart,
  offerTabAnswer,
  outboxLoaded,
  outboxState,
  outboxUnloaded,
  setOutboxEntries,
  setSettledEntries,
  waitingOn,
  type KeptCart,
  type OutboxEntry,
} from './cart-store';

const kept = (quantity: number, asOf: number, receivedAt = asOf, languageId = 'sv'): KeptCart => ({ cart: testCart('cart-1', [testLine(1, quantity)]), languageId, asOf, receivedAt });
const waiting = (key: string, seq: number, sentAt?: number): OutboxEntry => ({
  key,
  seq,
  intent: { kind: 'add', skuId: 1, quantity: 1 },
  preview: null,
  queuedAt: 0,
  tries: 0,
  serverFailures: 0,
  nextAttemptAt: 0,
  ...(sentAt === undefined ? {} : { sentAt }),
});
const keptQuantity = () => outboxState.serverCart?.cart.items[0]?.quantity;

beforeEach(() => {
  outboxUnloaded();
  setOutboxEntries([]);
  setSettledEntries([]);
  outboxState.serverCart = null;
});

describe('the rule between the confirmed cart and the waiting changes', () => {
  it('lays on a cart only the changes it cannot hold yet, in the order they were made', () => {
    const base = kept(1, 100, 150);
    const entries = [waiting('late', 3, 200), waiting('unsent', 2), waiting('sent-before-answer', 1, 120)];
    expect(waitingOn(base, entries).map((entry) => entry.key)).toEqual(['unsent', 'late']);
    expect(waitingOn(null, entries).map((entry) => entry.key)).toEqual(['sent-before-answer', 'unsent', 'late']);
  });

  it('holds getCart answers until the outbox has read the waiting changes, then checks them', () => {
    expect(offerServerCart(kept(1, 100))).toBe(false);
    expect(outboxState.serverCart).toBeNull();
    outboxLoaded();
    expect(keptQuantity()).toBe(1);
  });

  it('keeps the newer answer, and not one that may hold a change still laid on top', () => {
    outboxLoaded();
    expect(offerServerCart(kept(1, 100))).toBe(true);
    expect(offerServerCart(kept(5, 90))).toBe(false);
    setOutboxEntries([waiting('on-its-way', 1, 150)]);
    // Fetched after the change was sent: it may or may not hold it, so the kept cart (known to lack it) stays.
    expect(offerServerCart(kept(2, 160, 170))).toBe(false);
    expect(keptQuantity()).toBe(1);
    setOutboxEntries([]);
    expect(offerServerCart(kept(2, 160, 170))).toBe(true);
    expect(keptQuantity()).toBe(2);
  });

  it("keeps another tab's answer unless this tab took a newer getCart of its language meanwhile", () => {
    outboxLoaded();
    offerServerCart(kept(7, 200));
    expect(offerTabAnswer(kept(2, 150))).toBe(false);
    expect(keptQuantity()).toBe(7);
    expect(offerTabAnswer(kept(3, 250))).toBe(true);
    expect(keptQuantity()).toBe(3);
  });

  it('offline, a stored cart in another language stands in until the tab has one of its own', () => {
    offerStoredCart(kept(4, 100, 100, 'en'));
    expect(outboxState.serverCart?.languageId).toBe('en');
    // The tab's base: its own language's kept cart, else the cache's copy, else the stand-in.
    const cached = testCart('cart-1', [testLine(1, 6)]);
    expect(confirmedCart(outboxState.serverCart, 'cart-1', cached, 'sv')?.cart).toBe(cached);
    expect(confirmedCart(outboxState.serverCart, 'cart-1', undefined, 'sv')?.languageId).toBe('en');
    expect(confirmedCart(outboxState.serverCart, 'other-cart', undefined, 'sv')).toBeNull();
  });
});
