import { newIdempotencyKey } from './random-key';

/**
 * The one place the tabs of this browser meet: one id per tab, one leader per browser, one BroadcastChannel. The
 * leader does what must be done once per device (replay the cart outbox, write the offline copy of the catalog);
 * every tab hears what the others tell. Loaded with the first module that needs it, after the first render.
 */

/** Spec (timings): a leader that stops is replaced after this long where Web Locks are missing. */
export const LEADER_FALLBACK_MS = 3000;
/** Spec (timings): a message older than this is stale (a frozen tab's backlog); each user re-reads the device's state itself. */
export const CROSS_TAB_TTL_MS = 45_000;
export const TAB_CHANNEL = 'retro-tabs';
export const LEADER_LOCK = 'retro-tabs-leader';
/** Without Web Locks: the leader's lease in localStorage, `{ tab, until }`. */
export const LEADER_LEASE_KEY = 'retro-tabs-leader';

/**
 * The messages tabs send, by kind. lib/ declares its own here; a feature adds its kinds beside its code with
 * `declare module '…/lib/tabs' { interface TabTopics { 'feature/what': {…} } }`, so the union below is every kind
 * any module sends, and a listener gets the fields of the kind it listens to.
 */
export interface TabTopics {
  /** A catalog answer this tab fetched, for every tab's copy (the leader writes it to the device). */
  'offline-data/answer': { schemaVersion: number; query: unknown; variables: Record<string, unknown>; data: unknown; at: number };
  /** The leader closed: the others elect a new one at once instead of waiting out its lease. */
  'tabs/resigned': object;
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
   * Whether a tab is this one or was heard from within the ttl, so likely still open. A tab that made a change tells
   * the shopper its outcome; the leader tells it in its place once that tab is gone.
   */
  isOpen(tabId: string): boolean;
  post(message: TabMessage): void;
  /** Hears the messages of one kind from the other tabs. Returns the way to stop hearing. */
  on<K extends TabKind>(kind: K, listener: (message: TabMessageOf<K>, from: string) => void): () => void;
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
}

export function createTabCoordinator(options: TabCoordinatorOptions = {}): TabCoordinator {
  const tabId = options.tabId ?? newIdempotencyKey();
  const now = options.now ?? Date.now;
  const fallbackMs = options.fallbackMs ?? LEADER_FALLBACK_MS;
  const ttlMs = options.ttlMs ?? CROSS_TAB_TTL_MS;
  const locks = options.locks !== undefined ? options.locks : typeof navigator === 'undefined' ? null : (navigator.locks ?? null);
  const storage = options.storage !== undefined ? options.storage : defaultStorage();
  const channel = options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(TAB_CHANNEL) : null;

  let leading = false;
  let closed = false;
  const leadershipListeners = new Set<(leading: boolean) => void>();
  const listeners = new Map<TabKind, Set<(message: never, from: string) => void>>();
  const heard = new Map<string, number>();
  const setLeading = (next: boolean) => {
    if (next === leading) return;
    leading = next;
    for (const listener of [...leadershipListeners]) listener(next);
  };

  channel?.addEventListener('message', (event) => {
    const envelope = (event as MessageEvent<TabEnvelope>).data;
    if (closed || !envelope?.message || envelope.from === tabId || now() - envelope.at > ttlMs) return;
    heard.set(envelope.from, envelope.at);
    for (const listener of [...(listeners.get(envelope.message.kind) ?? [])]) listener(envelope.message as never, envelope.from);
  });

  const election: Election | null = locks ? electWithLocks(locks, setLeading, () => closed) : storage ? electWithLease(storage) : null;
  if (!election) setLeading(true);

  /**
   * Where Web Locks are missing: a lease in localStorage the leader renews three times per lease. A tab that finds
   * it run out (or gone) takes it; the others look again the moment it would run out, so a leader that stops is
   * replaced within LEADER_FALLBACK_MS. Two tabs taking it together both write: the one whose write was overwritten
   * finds the other's lease at its next look and steps down.
   */
  function electWithLease(store: LeaseStorage): Election {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (): { tab: string; until: number } | null => {
      try {
        return JSON.parse(store.getItem(LEADER_LEASE_KEY) ?? 'null') as { tab: string; until: number } | null;
      } catch {
        return null;
      }
    };
    const look = () => {
      clearTimeout(timer);
      if (closed) return;
      const lease = read();
      const at = now();
      if (lease && lease.tab !== tabId && lease.until > at) {
        setLeading(false);
        timer = setTimeout(look, lease.until - at);
        return;
      }
      store.setItem(LEADER_LEASE_KEY, JSON.stringify({ tab: tabId, until: at + fallbackMs }));
      setLeading(true);
      timer = setTimeout(look, Math.floor(fallbackMs / 3));
    };
    look();
    return {
      look,
      stillLeads: () => {
        if (!leading) return false;
        const lease = read();
        if (lease && lease.tab !== tabId && lease.until > now()) look();
        return leading;
      },
      stop: () => {
        clearTimeout(timer);
        if (read()?.tab === tabId) store.removeItem(LEADER_LEASE_KEY);
      },
    };
  }

  const coordinator: TabCoordinator = {
    tabId,
    isLeader: () => election?.stillLeads?.() ?? leading,
    onLeadership(listener) {
      leadershipListeners.add(listener);
      listener(leading);
      return () => leadershipListeners.delete(listener);
    },
    isOpen: (id) => id === tabId || now() - (heard.get(id) ?? -Infinity) <= ttlMs,
    post(message) {
      if (closed) return;
      try {
        channel?.postMessage({ from: tabId, at: now(), message } satisfies TabEnvelope);
      } catch {
        // A message that cannot be cloned is lost; every receiver re-reads the device's state on its next trigger.
      }
    },
    on(kind, listener) {
      const set = listeners.get(kind) ?? new Set();
      listeners.set(kind, set);
      set.add(listener as (message: never, from: string) => void);
      return () => set.delete(listener as (message: never, from: string) => void);
    },
    close() {
      if (closed) return;
      const wasLeading = leading;
      election?.stop();
      if (wasLeading) coordinator.post({ kind: 'tabs/resigned' });
      closed = true;
      setLeading(false);
      channel?.close();
      listeners.clear();
      leadershipListeners.clear();
    },
  };
  const { look } = election ?? {};
  if (look) coordinator.on('tabs/resigned', look);
  return coordinator;
}

interface Election {
  stop(): void;
  /** Without Web Locks: looks at the lease again now. */
  look?(): void;
  /** Without Web Locks: whether this tab still holds the lease (another may have taken it over). */
  stillLeads?(): boolean;
}

/** The lock is held for the tab's life: the browser hands it to a waiting tab the moment this one goes. */
function electWithLocks(locks: Pick<LockManager, 'request'>, setLeading: (leading: boolean) => void, closed: () => boolean): Election {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  locks
    .request(LEADER_LOCK, () => {
      if (closed()) return undefined;
      setLeading(true);
      return held;
    })
    .catch(() => undefined);
  return { stop: () => release() };
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
