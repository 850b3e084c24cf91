import { newIdempotencyKey } from './random-key';

/**
 * The one place the tabs of this browser meet: one id per tab, one leader per browser, exclusive sections, one
 * BroadcastChannel. The leader does what must be done once per device for as long as it is shown (write the offline
 * copy of the catalog); a section is work any tab may do, one tab at a time (replay the cart outbox); every tab hears
 * what the others tell. Loaded with the first module that needs it, after the first render.
 */

/** Spec (timings): a leader that stops is replaced after this long where Web Locks are missing. */
export const LEADER_FALLBACK_MS = 3000;
/**
 * Spec (timings): a message older than this is stale (a frozen tab's backlog); each user re-reads the device's state
 * itself. A listener whose news never goes stale (signed out) hears it however old (`on(…, { stale: true })`).
 */
export const CROSS_TAB_TTL_MS = 45_000;
export const TAB_CHANNEL = 'retro-tabs';
export const LEADER_LOCK = 'retro-tabs-leader';
/** Without Web Locks: the leader's lease in localStorage, `{ tab, until }`. */
export const LEADER_LEASE_KEY = 'retro-tabs-leader';
/** Without Web Locks: an exclusive section's lease in localStorage, `{ tab, until }`, under this prefix and its name. */
export const SECTION_LEASE_PREFIX = 'retro-tabs-section:';
/** A visible tab takes the lead from a hidden leader within this long (a random share of it). */
export const TAKE_OVER_SPREAD_MS = 300;

/**
 * The messages tabs send, by kind. lib/ declares its own here; a feature adds its kinds beside its code with
 * `declare module '…/lib/tabs' { interface TabTopics { 'feature/what': {…} } }`, so the union below is every kind
 * any module sends, and a listener gets the fields of the kind it listens to.
 */
export interface TabTopics {
  /** A catalog answer this tab fetched, for every tab's copy (the leader writes it to the device). */
  'offline-data/answer': { schemaVersion: number; query: unknown; variables: Record<string, unknown>; data: unknown; at: number };
  /** A tab purged the device's copy (logout) at `at`: every tab forgets the answers it keeps from before then. */
  'offline-data/purged': { at: number };
  /** The leader closed or was hidden: the others elect a new one at once instead of waiting out its lease. */
  'tabs/resigned': object;
  /**
   * The sender is gone (closed, frozen, put in the back/forward cache): it answers nothing until it is heard from
   * again, so isOpen() says false for it at once rather than after the ttl.
   */
  'tabs/closed': object;
  /**
   * Whether the sender's page is visible and whether it leads: sent when that changes and when a tab starts. A
   * visible tab that hears of a hidden leader takes the lead over (a hidden page does not lead while a shown one can).
   */
  'tabs/visibility': { visible: boolean; leading: boolean };
}

export type TabKind = keyof TabTopics;
export type TabMessage = { [K in TabKind]: { kind: K } & TabTopics[K] }[TabKind];
export type TabMessageOf<K extends TabKind> = Extract<TabMessage, { kind: K }>;

/** What goes over the channel: who sent it and when, around the message. */
export interface TabEnvelope {
  from: string;
  at: number;
  message: TabMessage;
}

export interface TabCoordinator {
  readonly tabId: string;
  /**
   * Whether this tab leads now. Without Web Locks the lease is read again, so a leader that stalled past its lease
   * (and was taken over) learns it here, before it acts, rather than at its next renewal.
   */
  isLeader(): boolean;
  /** Hears each change of leadership, and the current one at once. Returns the way to stop hearing. */
  onLeadership(listener: (leading: boolean) => void): () => void;
  /**
   * Whether a tab is this one, or was heard from within the ttl and has not said it is gone (`tabs/closed`), so
   * likely still open and shown.
   */
  isOpen(tabId: string): boolean;
  /**
   * Runs `fn` while no other tab of this browser runs a section of the same name; a tab that asks meanwhile waits
   * its turn. Held only for fn's run (a Web Lock; without Web Locks a lease in localStorage, renewed while fn runs,
   * which a tab that stopped loses after LEADER_FALLBACK_MS). `held()` says whether the section is still this tab's:
   * without Web Locks a tab that stalled past its lease may have been taken over, and asks before each step it must
   * not do beside the other. After close() nothing runs.
   */
  exclusive(name: string, fn: (held: () => boolean) => Promise<void>): Promise<void>;
  post(message: TabMessage): void;
  /**
   * Hears the messages of one kind from the other tabs; `stale: true` also those older than the ttl (news a tab
   * must act on however late, such as a sign-out). Returns the way to stop hearing.
   */
  on<K extends TabKind>(kind: K, listener: (message: TabMessageOf<K>, from: string) => void, options?: { stale?: boolean }): () => void;
  /** The tab goes: leadership and leases are given up at once and the others told. Also on a pagehide that does not keep the page. */
  close(): void;
}

type LeaseStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Channel = Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'>;

export interface TabCoordinatorOptions {
  tabId?: string;
  /** navigator.locks by default; null where the browser has none (the lease in `storage` elects then). */
  locks?: Pick<LockManager, 'request'> | null;
  /** localStorage by default; with neither locks nor storage every tab leads (it cannot know of the others). */
  storage?: LeaseStorage | null;
  /** A BroadcastChannel on TAB_CHANNEL by default; null where the browser has none. */
  channel?: Channel | null;
  now?: () => number;
  fallbackMs?: number;
  ttlMs?: number;
  /**
   * Where the page's lifecycle is heard (window: pagehide/pageshow, document: freeze/resume/visibilitychange); the
   * browser's by default, null for none. A frozen page or one put in the back/forward cache gives up leadership, so a
   * phone's tab in the background never holds it (and a held lock would keep the page out of the back/forward
   * cache); it takes part again when shown. A page that is merely hidden (another tab in front, the phone's screen
   * off) keeps leading until a visible tab takes the lead over (see `visible`).
   */
  page?: { window: EventTarget; document: EventTarget } | null;
  /** Whether the page is visible now (`document.visibilityState`); with `page`, its `visibilitychange` says when it changes. */
  visible?: () => boolean;
  /** How long a visible tab waits, at most, before it takes the lead from a hidden leader (spread so that two visible tabs rarely both do). */
  takeOverSpreadMs?: number;
  random?: () => number;
}

export function createTabCoordinator(options: TabCoordinatorOptions = {}): TabCoordinator {
  const tabId = options.tabId ?? newIdempotencyKey();
  const now = options.now ?? Date.now;
  const fallbackMs = options.fallbackMs ?? LEADER_FALLBACK_MS;
  const ttlMs = options.ttlMs ?? CROSS_TAB_TTL_MS;
  const locks = options.locks !== undefined ? options.locks : typeof navigator === 'undefined' ? null : (navigator.locks ?? null);
  const storage = options.storage !== undefined ? options.storage : defaultStorage();
  const channel = options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(TAB_CHANNEL) : null;
  const page = options.page !== undefined ? options.page : typeof window === 'undefined' ? null : { window, document };
  const visible = options.visible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  const takeOverSpreadMs = options.takeOverSpreadMs ?? TAKE_OVER_SPREAD_MS;
  const random = options.random ?? Math.random;

  let leading = false;
  let closed = false;
  /** Set once the coordinator exists: the first election runs before it does, and the tab's first message tells it. */
  let started = false;
  /** Whether this tab takes part in the election: not while hidden in the back/forward cache or frozen. */
  let shown = true;
  const leadershipListeners = new Set<(leading: boolean) => void>();
  type Listener = { hear: (message: never, from: string) => void; stale: boolean };
  const listeners = new Map<TabKind, Set<Listener>>();
  const heard = new Map<string, number>();
  const setLeading = (next: boolean) => {
    if (next === leading) return;
    leading = next;
    // Others learn whether the new leader is shown (a hidden one is taken over), and one that waited to take over
    // from a hidden leader stands down once a shown one leads.
    if (next && started && !closed) coordinator.post({ kind: 'tabs/visibility', visible: visible(), leading: true });
    for (const listener of [...leadershipListeners]) listener(next);
  };

  channel?.addEventListener('message', (event) => {
    const envelope = (event as MessageEvent<TabEnvelope>).data;
    if (closed || !envelope?.message || envelope.from === tabId) return;
    const stale = now() - envelope.at > ttlMs;
    if (envelope.message.kind === 'tabs/closed') heard.delete(envelope.from);
    else if (envelope.at > (heard.get(envelope.from) ?? -Infinity)) heard.set(envelope.from, envelope.at);
    for (const listener of [...(listeners.get(envelope.message.kind) ?? [])]) {
      if (!stale || listener.stale) listener.hear(envelope.message as never, envelope.from);
    }
  });

  /** A lease in localStorage, `{ tab, until }`: taken when it is this tab's, run out or gone. */
  const lease = (store: LeaseStorage, key: string) => {
    const read = (): { tab: string; until: number } | null => {
      try {
        return JSON.parse(store.getItem(key) ?? 'null') as { tab: string; until: number } | null;
      } catch {
        return null;
      }
    };
    return {
      read,
      /** Another tab's lease that has not run out, if any. */
      other: () => {
        const held = read();
        return held && held.tab !== tabId && held.until > now() ? held : null;
      },
      take: () => store.setItem(key, JSON.stringify({ tab: tabId, until: now() + fallbackMs })),
      drop: () => {
        if (read()?.tab === tabId) store.removeItem(key);
      },
    };
  };

  /**
   * Where Web Locks are missing: a lease in localStorage the leader renews three times per lease. A tab that finds
   * it run out (or gone) takes it; the others look again the moment it would run out, so a leader that stops is
   * replaced within LEADER_FALLBACK_MS. Two tabs taking it together both write: the one whose write was overwritten
   * finds the other's lease at its next look and steps down.
   */
  function electWithLease(store: LeaseStorage): Election {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const leader = lease(store, LEADER_LEASE_KEY);
    const look = () => {
      clearTimeout(timer);
      if (closed || !shown) return;
      const other = leader.other();
      if (other) {
        setLeading(false);
        timer = setTimeout(look, other.until - now());
        return;
      }
      leader.take();
      setLeading(true);
      timer = setTimeout(look, Math.floor(fallbackMs / 3));
    };
    return {
      start: look,
      look,
      stillLeads: () => {
        if (!leading) return false;
        if (leader.other()) look();
        return leading;
      },
      stop: () => {
        clearTimeout(timer);
        leader.drop();
      },
      takeOver: () => {
        if (closed || !shown) return;
        // The hidden leader finds this lease at its next renewal (or before it acts) and steps down.
        clearTimeout(timer);
        leader.take();
        setLeading(true);
        timer = setTimeout(look, Math.floor(fallbackMs / 3));
      },
    };
  }

  /**
   * The lock is held while the tab is shown: the browser hands it to a waiting tab the moment this one goes or hides.
   * A visible tab may take it from a hidden leader (`steal`); the leader that lost it waits in the queue again.
   */
  function electWithLocks(manager: Pick<LockManager, 'request'>): Election {
    /** The current request's: a newer request or stop() makes an older one's outcome count for nothing. */
    let generation = 0;
    let giveUp: (() => void) | null = null;
    const ask = (steal: boolean) => {
      giveUp?.();
      const mine = ++generation;
      // A waiting request is withdrawn by its signal; a held lock is let go by ending the promise it holds. A
      // stealing request cannot take a signal (the browser refuses the pair), so it is let go the second way only.
      const withdraw = steal ? null : new AbortController();
      let letGo: (() => void) | null = null;
      giveUp = () => {
        withdraw?.abort();
        letGo?.();
      };
      manager
        .request(LEADER_LOCK, steal ? { steal: true } : { signal: withdraw!.signal }, () => {
          if (closed || mine !== generation) return undefined;
          setLeading(true);
          // Held until this tab hides or closes, or another takes it over.
          return new Promise<void>((resolve) => (letGo = resolve));
        })
        .catch(() => undefined)
        .then(() => {
          if (mine !== generation) return;
          // Taken over by a visible tab (the request rejects when its lock is stolen): back in the queue.
          giveUp = null;
          setLeading(false);
          if (!closed && shown) ask(false);
        });
    };
    return {
      start() {
        if (!giveUp) ask(false);
      },
      stop() {
        generation++;
        giveUp?.();
        giveUp = null;
      },
      takeOver() {
        if (!closed && shown && !leading) ask(true);
      },
    };
  }

  const election: Election | null = locks ? electWithLocks(locks) : storage ? electWithLease(storage) : null;
  if (election) election.start();
  else setLeading(true);

  /** Hidden or frozen: another tab leads meanwhile, and the others no longer count on this one to answer. */
  const hide = () => {
    if (closed || !shown) return;
    shown = false;
    const wasLeading = leading;
    election?.stop();
    if (election) setLeading(false);
    if (wasLeading && election) coordinator.post({ kind: 'tabs/resigned' });
    coordinator.post({ kind: 'tabs/closed' });
  };
  const show = () => {
    if (closed || shown) return;
    shown = true;
    election?.start();
    tellVisibility();
  };

  /**
   * A hidden page does not lead while a shown one can: a visible tab that hears of a hidden leader takes the lead
   * over after a short random wait (so two visible tabs rarely both do), unless a shown leader is heard meanwhile.
   */
  let takeOverTimer: ReturnType<typeof setTimeout> | undefined;
  const tellVisibility = () => {
    if (!closed && shown) coordinator.post({ kind: 'tabs/visibility', visible: visible(), leading });
  };
  const heardVisibility = (message: TabTopics['tabs/visibility']) => {
    if (!message.leading) {
      // A tab was shown: a hidden leader says so, for that tab to take over.
      if (message.visible && leading && !visible()) tellVisibility();
      return;
    }
    clearTimeout(takeOverTimer);
    if (message.visible || leading || !shown || !visible() || !election?.takeOver) return;
    takeOverTimer = setTimeout(() => {
      if (!leading && shown && visible()) election.takeOver?.();
    }, Math.floor(random() * takeOverSpreadMs));
  };

  /** Without Web Locks: a section's lease, renewed while its work runs; a tab that finds another's waits until it may take it. */
  async function exclusiveWithLease(store: LeaseStorage, name: string, fn: (held: () => boolean) => Promise<void>): Promise<void> {
    const section = lease(store, SECTION_LEASE_PREFIX + name);
    for (let other = section.other(); other; other = section.other()) {
      if (closed) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(other.until - now(), Math.floor(fallbackMs / 3))));
    }
    if (closed) return;
    section.take();
    let lost = false;
    const held = () => {
      if (lost || section.other()) {
        lost = true;
        return false;
      }
      section.take();
      return true;
    };
    const renew = setInterval(held, Math.floor(fallbackMs / 3));
    try {
      await fn(held);
    } finally {
      clearInterval(renew);
      section.drop();
    }
  }

  const cleanups: (() => void)[] = [];
  const listen = (target: EventTarget, type: string, handler: (event: Event) => void) => {
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };

  const coordinator: TabCoordinator = {
    tabId,
    isLeader: () => election?.stillLeads?.() ?? leading,
    onLeadership(listener) {
      leadershipListeners.add(listener);
      listener(leading);
      return () => leadershipListeners.delete(listener);
    },
    isOpen: (id) => id === tabId || now() - (heard.get(id) ?? -Infinity) <= ttlMs,
    async exclusive(name, fn) {
      if (closed) return;
      if (locks) await locks.request(name, () => (closed ? undefined : fn(() => true)));
      else if (storage) await exclusiveWithLease(storage, name, fn);
      else await fn(() => true);
    },
    post(message) {
      if (closed) return;
      try {
        channel?.postMessage({ from: tabId, at: now(), message } satisfies TabEnvelope);
      } catch {
        // A message that cannot be cloned is lost; every receiver re-reads the device's state on its next trigger.
      }
    },
    on(kind, listener, { stale = false } = {}) {
      const set = listeners.get(kind) ?? new Set();
      listeners.set(kind, set);
      const entry: Listener = { hear: listener as (message: never, from: string) => void, stale };
      set.add(entry);
      return () => set.delete(entry);
    },
    close() {
      if (closed) return;
      const wasLeading = leading;
      election?.stop();
      if (wasLeading && election) coordinator.post({ kind: 'tabs/resigned' });
      if (shown) coordinator.post({ kind: 'tabs/closed' });
      closed = true;
      clearTimeout(takeOverTimer);
      setLeading(false);
      channel?.close();
      for (const cleanup of cleanups.splice(0)) cleanup();
      listeners.clear();
      leadershipListeners.clear();
    },
  };
  if (election?.look) coordinator.on('tabs/resigned', election.look);
  coordinator.on('tabs/visibility', heardVisibility);
  if (page) {
    // A page kept in the back/forward cache may come back (pageshow): it only hides; any other pagehide is the end.
    listen(page.window, 'pagehide', (event) => ((event as PageTransitionEvent).persisted ? hide() : coordinator.close()));
    listen(page.window, 'pageshow', show);
    listen(page.document, 'freeze', hide);
    listen(page.document, 'resume', show);
    listen(page.document, 'visibilitychange', tellVisibility);
  }
  // A new tab: a hidden leader answers, and this one takes over if it is shown.
  started = true;
  tellVisibility();
  return coordinator;
}

interface Election {
  start(): void;
  stop(): void;
  /** Without Web Locks: looks at the lease again now. */
  look?(): void;
  /** Without Web Locks: whether this tab still holds the lease (another may have taken it over). */
  stillLeads?(): boolean;
  /** Takes the lead from a leader whose page is hidden. */
  takeOver?(): void;
}

function defaultStorage(): LeaseStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on touching localStorage when storage is blocked.
    return null;
  }
}

let shared: TabCoordinator | null = null;

/** This tab's coordinator, made on first use. */
export function tabs(): TabCoordinator {
  shared ??= createTabCoordinator();
  return shared;
}

/** Tests start each case with a fresh tab. */
export function closeTabs(): void {
  shared?.close();
  shared = null;
}
