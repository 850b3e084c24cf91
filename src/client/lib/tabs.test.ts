import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { closeTabs, createTabCoordinator, CROSS_TAB_TTL_MS, LEADER_FALLBACK_MS, LEADER_LEASE_KEY, SECTION_LEASE_PREFIX, tabs, type TabCoordinator, type TabEnvelope, type TabMessageOf } from './tabs';

/**
 * Exclusive Web Locks shared by the tabs of one test, as the browser's are by the tabs of one origin: one holder and a
 * queue per name; a waiting request is withdrawn by its signal; `steal` takes a held lock (its holder's request
 * rejects with AbortError) and is granted before the queue.
 */
function fakeLocks(): Pick<LockManager, 'request'> {
  interface Request {
    callback: () => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  const names = new Map<string, { held: Request | null; queue: Request[] }>();
  const stateOf = (name: string) => {
    let state = names.get(name);
    if (!state) names.set(name, (state = { held: null, queue: [] }));
    return state;
  };
  const grant = (name: string, request: Request) => {
    const state = stateOf(name);
    state.held = request;
    Promise.resolve()
      .then(request.callback)
      .then(
        (value) => {
          if (state.held !== request) return;
          state.held = null;
          request.resolve(value);
          pump(name);
        },
        (error: unknown) => {
          if (state.held !== request) return;
          state.held = null;
          request.reject(error);
          pump(name);
        },
      );
  };
  const pump = (name: string) => {
    const state = stateOf(name);
    const next = state.held ? undefined : state.queue.shift();
    if (next) grant(name, next);
  };
  const request = (name: string, ...args: [() => unknown] | [{ signal?: AbortSignal; steal?: boolean }, () => unknown]) => {
    const [options, callback] = args.length === 1 ? [{}, args[0]] : args;
    return new Promise((resolve, reject) => {
      const entry: Request = { callback, resolve, reject };
      const state = stateOf(name);
      if (options.steal) {
        const holder = state.held;
        state.held = null;
        holder?.reject(new DOMException('stolen', 'AbortError'));
        grant(name, entry);
        return;
      }
      if (options.signal?.aborted) return reject(new DOMException('withdrawn', 'AbortError'));
      options.signal?.addEventListener('abort', () => {
        const at = state.queue.indexOf(entry);
        if (at < 0) return;
        state.queue.splice(at, 1);
        reject(new DOMException('withdrawn', 'AbortError'));
      });
      state.queue.push(entry);
      pump(name);
    });
  };
  return { request } as unknown as Pick<LockManager, 'request'>;
}

/** localStorage as the tabs of one origin share it. */
function fakeStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

let channelCount = 0;
const opened: TabCoordinator[] = [];
/** Tabs of one device: each its own coordinator on one channel name and shared storage. */
function device(options: { locks?: Pick<LockManager, 'request'> | null; storage?: ReturnType<typeof fakeStorage> | null; now?: () => number } = {}) {
  const name = `tabs-test-${++channelCount}`;
  return (visible: () => boolean = () => true) => {
    const page = new EventTarget();
    const tab = createTabCoordinator({ locks: null, storage: null, channel: new BroadcastChannel(name), page: { window: page, document: page }, visible, takeOverSpreadMs: 0, ...options });
    opened.push(tab);
    pageOf.set(tab, page);
    return tab;
  };
}

/** Fires a page lifecycle event (pagehide, pageshow, freeze, resume) at a tab made by `device`. */
function fire(tab: TabCoordinator, type: string, persisted = false): void {
  const event = Object.assign(new Event(type), { persisted });
  pageOf.get(tab)?.dispatchEvent(event);
}
const pageOf = new Map<TabCoordinator, EventTarget>();

afterEach(() => {
  for (const tab of opened.splice(0)) tab.close();
  closeTabs();
  vi.useRealTimers();
});

describe('the tab coordinator with Web Locks', () => {
  it('makes the first tab the leader for its life and hands the lead on when it closes', async () => {
    const tab = device({ locks: fakeLocks() });
    const [a, b] = [tab(), tab()];
    await vi.waitFor(() => expect(a.isLeader()).toBe(true));
    expect(b.isLeader()).toBe(false);
    const heard: boolean[] = [];
    b.onLeadership((leading) => heard.push(leading));
    a.close();
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    expect(a.isLeader()).toBe(false);
    expect(heard).toEqual([false, true]);
  });
});

describe('the tab coordinator without Web Locks', () => {
  it(`elects a new leader within ${LEADER_FALLBACK_MS} ms when the leader stops without a word`, () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const storage = fakeStorage();
    // A leader that renewed its lease just now, and then its tab died (no timers, no goodbye).
    storage.setItem(LEADER_LEASE_KEY, JSON.stringify({ tab: 'dead-tab', until: Date.now() + LEADER_FALLBACK_MS }));
    const tab = device({ storage });
    const b = tab();
    expect(b.isLeader()).toBe(false);
    vi.advanceTimersByTime(LEADER_FALLBACK_MS - 1);
    expect(b.isLeader()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(b.isLeader()).toBe(true);
    expect(JSON.parse(storage.map.get(LEADER_LEASE_KEY)!)).toMatchObject({ tab: b.tabId });
  });

  it('keeps one leader while it lives: it renews its lease, the others wait', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const tab = device({ storage: fakeStorage() });
    const [a, b, c] = [tab(), tab(), tab()];
    for (let second = 0; second < 30; second++) {
      vi.advanceTimersByTime(1000);
      expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([true, false, false]);
    }
  });

  it('a leader that stalled past its lease and was taken over steps down before it acts', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const storage = fakeStorage();
    const a = device({ storage })();
    expect(a.isLeader()).toBe(true);
    // Tab A froze; another tab found its lease run out and took it.
    storage.setItem(LEADER_LEASE_KEY, JSON.stringify({ tab: 'newer-leader', until: Date.now() + LEADER_FALLBACK_MS }));
    expect(a.isLeader()).toBe(false);
    expect(JSON.parse(storage.map.get(LEADER_LEASE_KEY)!)).toMatchObject({ tab: 'newer-leader' });
  });

  it('a leader that closes hands over at once, not after its lease', async () => {
    const storage = fakeStorage();
    const tab = device({ storage });
    const [a, b] = [tab(), tab()];
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    a.close();
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
  });

  it('without Web Locks or storage every tab leads (it cannot know of the others)', () => {
    const tab = device({ storage: null });
    expect([tab().isLeader(), tab().isLeader()]).toEqual([true, true]);
  });
});


describe('a tab that is hidden or frozen', () => {
  it('gives up leadership on freeze and on a pagehide into the back/forward cache, and takes part again when shown', async () => {
    const tab = device({ locks: fakeLocks() });
    const [a, b] = [tab(), tab()];
    await vi.waitFor(() => expect(a.isLeader()).toBe(true));
    const closedHeard: string[] = [];
    b.on('tabs/closed', (_message, from) => closedHeard.push(from));
    fire(a, 'freeze');
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    expect(a.isLeader()).toBe(false);
    await vi.waitFor(() => expect(closedHeard).toEqual([a.tabId]));
    expect(b.isOpen(a.tabId)).toBe(false);
    fire(a, 'resume');
    // Back in the election: it leads again once the leader hides in turn (into the back/forward cache).
    fire(b, 'pagehide', true);
    await vi.waitFor(() => expect(a.isLeader()).toBe(true));
    expect(b.isLeader()).toBe(false);
    fire(b, 'pageshow', true);
    a.close();
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
  });

  it('closes on a pagehide that does not keep the page: its lease goes and the others hear at once', async () => {
    const storage = fakeStorage();
    const tab = device({ storage });
    const [a, b] = [tab(), tab()];
    expect(a.isLeader()).toBe(true);
    fire(a, 'pagehide', false);
    expect(storage.map.has(LEADER_LEASE_KEY)).toBe(false);
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    // Closed for good: a pageshow (which cannot follow) changes nothing, and it posts nothing more.
    fire(a, 'pageshow');
    expect(a.isLeader()).toBe(false);
  });
});

describe('a tab whose page is hidden', () => {
  /** A page whose visibility the test sets, as `document.visibilityState` would change. */
  const pageShown = (initially = true) => {
    const page = { visible: initially, check: () => page.visible };
    return page;
  };
  const setVisible = (tab: TabCoordinator, page: { visible: boolean }, visible: boolean) => {
    page.visible = visible;
    fire(tab, 'visibilitychange');
  };

  for (const [kind, options] of [
    ['with Web Locks', () => ({ locks: fakeLocks() })],
    ['without Web Locks', () => ({ storage: fakeStorage() })],
  ] as const) {
    it(`${kind}: keeps leading while no other tab is shown, and a shown tab takes the lead from it`, async () => {
      const tab = device(options());
      const [pageA, pageB] = [pageShown(), pageShown()];
      const a = tab(pageA.check);
      await vi.waitFor(() => expect(a.isLeader()).toBe(true));
      const b = tab(pageB.check);
      // Both shown: the first stays the leader.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
      // The leader's page is hidden (another tab in front): the shown tab takes over.
      setVisible(a, pageA, false);
      await vi.waitFor(() => expect([a.isLeader(), b.isLeader()]).toEqual([false, true]));
      // Now both are hidden (the browser in the background): the hidden leader keeps the lead, nobody else can.
      setVisible(b, pageB, false);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
      // A is shown again: it takes the lead from the hidden B.
      setVisible(a, pageA, true);
      await vi.waitFor(() => expect([a.isLeader(), b.isLeader()]).toEqual([true, false]));
      // The one that lost the lead is next in line when the leader goes.
      a.close();
      await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    });
  }

  it('a new tab opened in front of a hidden leader takes the lead', async () => {
    const tab = device({ locks: fakeLocks() });
    const pageA = pageShown();
    const a = tab(pageA.check);
    await vi.waitFor(() => expect(a.isLeader()).toBe(true));
    setVisible(a, pageA, false);
    const b = tab(() => true);
    await vi.waitFor(() => expect([a.isLeader(), b.isLeader()]).toEqual([false, true]));
  });
});

describe('an exclusive section', () => {
  it('with Web Locks, runs in every tab that asks, one at a time, while the leader holds its own lock', async () => {
    const locks = fakeLocks();
    const tab = device({ locks });
    const [a, b] = [tab(), tab()];
    await vi.waitFor(() => expect(a.isLeader()).toBe(true));
    const log: string[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const inB = b.exclusive('work', async (held) => {
      log.push(`b in ${held()}`);
      await gate;
      log.push('b out');
    });
    const inA = a.exclusive('work', async () => void log.push('a in'));
    await vi.waitFor(() => expect(log).toEqual(['b in true']));
    open();
    await Promise.all([inA, inB]);
    expect(log).toEqual(['b in true', 'b out', 'a in']);
  });

  it(`without Web Locks, a tab waits while another holds the section's lease and takes it within ${LEADER_FALLBACK_MS} ms of that tab stopping`, async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const storage = fakeStorage();
    // A tab that took the section just now and then died (no timers, no goodbye).
    storage.setItem(`${SECTION_LEASE_PREFIX}work`, JSON.stringify({ tab: 'dead-tab', until: Date.now() + LEADER_FALLBACK_MS }));
    const b = device({ storage })();
    let ranAt = 0;
    const run = b.exclusive('work', async (held) => {
      ranAt = Date.now();
      expect(held()).toBe(true);
      // Taken over while it stalled: it learns so before its next step.
      storage.setItem(`${SECTION_LEASE_PREFIX}work`, JSON.stringify({ tab: 'other', until: Date.now() + LEADER_FALLBACK_MS }));
      expect(held()).toBe(false);
    });
    await vi.advanceTimersByTimeAsync(LEADER_FALLBACK_MS);
    await run;
    expect(ranAt).toBe(1_000_000 + LEADER_FALLBACK_MS);
    // Its lease was the other's by then: left as it is.
    expect(JSON.parse(storage.map.get(`${SECTION_LEASE_PREFIX}work`)!)).toMatchObject({ tab: 'other' });
  });

  it('without Web Locks, a section is held only while it runs: the next tab takes it at once', async () => {
    const storage = fakeStorage();
    const tab = device({ storage });
    const [a, b] = [tab(), tab()];
    const ran: string[] = [];
    await a.exclusive('work', async () => void ran.push('a'));
    expect(storage.map.has(`${SECTION_LEASE_PREFIX}work`)).toBe(false);
    await b.exclusive('work', async () => void ran.push('b'));
    expect(ran).toEqual(['a', 'b']);
  });
});

describe('the messages tabs send', () => {
  it('reach the other tabs that listen to their kind, typed by kind, with who sent them', async () => {
    const tab = device();
    const [a, b] = [tab(), tab()];
    const answers: [TabMessageOf<'offline-data/answer'>, string][] = [];
    const resigned: unknown[] = [];
    b.on('offline-data/answer', (message, from) => {
      expectTypeOf(message.at).toEqualTypeOf<number>();
      answers.push([message, from]);
    });
    b.on('tabs/resigned', (message) => resigned.push(message));
    const ownHeard: unknown[] = [];
    a.on('offline-data/answer', (message) => ownHeard.push(message));
    a.post({ kind: 'offline-data/answer', schemaVersion: 1, query: 'q', variables: {}, data: { x: 1 }, at: 5 });
    // @ts-expect-error a kind nobody declared does not compile
    a.post({ kind: 'cart/unknown' });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual([{ kind: 'offline-data/answer', schemaVersion: 1, query: 'q', variables: {}, data: { x: 1 }, at: 5 }, a.tabId]);
    expect(resigned).toEqual([]);
    expect(ownHeard).toEqual([]);
    expect(b.isOpen(a.tabId)).toBe(true);
    expect(b.isOpen('some-closed-tab')).toBe(false);
  });

  it(`drops a message older than ${CROSS_TAB_TTL_MS / 1000} s (a frozen tab's backlog)`, async () => {
    const now = 1_000_000;
    const name = `tabs-test-${++channelCount}`;
    const b = createTabCoordinator({ locks: null, storage: null, channel: new BroadcastChannel(name), now: () => now });
    opened.push(b);
    const heard: number[] = [];
    b.on('offline-data/answer', (message) => heard.push(message.at));
    const sender = new BroadcastChannel(name);
    const send = (at: number) => sender.postMessage({ from: 'other', at, message: { kind: 'offline-data/answer', schemaVersion: 1, query: null, variables: {}, data: null, at } } satisfies TabEnvelope);
    send(now - CROSS_TAB_TTL_MS - 1);
    send(now - CROSS_TAB_TTL_MS);
    await vi.waitFor(() => expect(heard).toEqual([now - CROSS_TAB_TTL_MS]));
    sender.close();
  });

  it('still reach a listener that asked for stale ones too (news such as a sign-out is never too old)', async () => {
    const now = 1_000_000;
    const name = `tabs-test-${++channelCount}`;
    const b = createTabCoordinator({ locks: null, storage: null, channel: new BroadcastChannel(name), now: () => now, page: null });
    opened.push(b);
    const heard: number[] = [];
    const fresh: number[] = [];
    b.on('offline-data/answer', (message) => heard.push(message.at), { stale: true });
    b.on('offline-data/answer', (message) => fresh.push(message.at));
    const sender = new BroadcastChannel(name);
    const at = now - 10 * CROSS_TAB_TTL_MS;
    sender.postMessage({ from: 'frozen-long', at, message: { kind: 'offline-data/answer', schemaVersion: 1, query: null, variables: {}, data: null, at } } satisfies TabEnvelope);
    await vi.waitFor(() => expect(heard).toEqual([at]));
    expect(fresh).toEqual([]);
    sender.close();
  });
});

describe('the tab id', () => {
  it('is one per tab: every user of tabs() gets the same coordinator, and its messages carry that id', async () => {
    expect(tabs()).toBe(tabs());
    const { tabId } = tabs();
    expect(tabId).toMatch(/^[\w-]{22,36}$/);
    const listener = new BroadcastChannel('retro-tabs');
    const heard: TabEnvelope[] = [];
    listener.addEventListener('message', (event) => heard.push((event as MessageEvent<TabEnvelope>).data));
    tabs().post({ kind: 'tabs/resigned' });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]?.from).toBe(tabId);
    listener.close();
    closeTabs();
    expect(tabs().tabId).not.toBe(tabId);
  });
});
