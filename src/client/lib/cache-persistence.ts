import type { InMemoryCache, NormalizedCacheObject, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { CachePersistor as UntypedCachePersistor } from 'apollo3-cache-persist';
import type { DocumentNode, FieldNode, OperationDefinitionNode } from 'graphql';
import { createStore, delMany, get, setMany, type UseStore } from 'idb-keyval';
import { createCache } from './apollo';
import { whenIdle } from './idle';
import { operationName, queryKey, stableJson } from './query-key';
import { tabs as thisTab, type TabCoordinator } from './tabs';

/**
 * The catalog kept on the device (IndexedDB through idb-keyval, written by apollo3-cache-persist), so a page seen
 * before renders without a network.
 *
 * It is a cache of its own, not the tab's Apollo cache: the tab's cache keeps meaning "fetched in this tab" (the
 * loaders read it cache-first, and must never show yesterday's prices while online), so nothing old is restored
 * into it, and nothing the tab fetched later can be overwritten by an older copy. Loaders copy each catalog
 * answer they get from the network in here; they read from here only when the network did not answer.
 *
 * Only catalog reads come in (the loaders' queries); the cart, the checkout and anything else of the shopper's
 * own never do, and are dropped again before each write in case one slips through.
 */

/** What the library does with our cache; its own typings name Apollo 3's generic ApolloCache, which Apollo 4 has not. */
interface Persistor {
  persist(): Promise<void>;
  restore(): Promise<void>;
  purge(): Promise<void>;
  pause(): void;
  resume(): void;
  getSize(): Promise<number | null>;
}
interface PersistorOptions {
  cache: InMemoryCache;
  storage: { getItem(key: string): Promise<string | null>; setItem(key: string, value: string): Promise<void>; removeItem(key: string): Promise<void> };
  key: string;
  trigger: 'write' | false;
  debounce: number;
  maxSize: number;
  persistenceMapper: (data: string) => Promise<string>;
}
const CachePersistor = UntypedCachePersistor as unknown as new (options: PersistorOptions) => Persistor;

export interface CachedResult<TData> {
  data: TData;
  /** When the answer came from the network (epoch ms): the time its prices and stock were true. */
  cachedAt: number;
}

export interface CachePersistence {
  /**
   * A loader's answer in this tab at `at`. Only the first answer to each query counts: it came from the network
   * (the tab's cache starts empty; later ones are that cache's), so it goes to record; the time is kept for
   * fetchedInThisTab.
   */
  remember<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars, data: TData, at: number): void;
  /** When this tab first got an answer to the query. */
  fetchedInThisTab(query: DocumentNode, variables: object): number | undefined;
  /** A catalog answer from the network (at `at`); shared with the other tabs, written by the writing tab. */
  record<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars, data: TData, at: number): void;
  read<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars): CachedResult<TData> | null;
  /**
   * Stops writing (a write under way gives up, or ends before the delete), runs `clearLive` (the tab's own cache),
   * deletes the stored copy, resumes; the other tabs forget what they keep from before it.
   */
  purge(clearLive?: () => Promise<unknown>): Promise<void>;
  /** Writes now instead of after the debounce (tests, and before the tab goes away). */
  flush(): Promise<void>;
  /** Whether this tab is the one that writes (the tabs' leader). */
  readonly writer: boolean;
  close(): void;
}

export interface PersistenceOptions {
  schemaVersion: number;
  /** Hard cap of the stored copy in characters of JSON; past it apollo3-cache-persist would drop everything. */
  maxSize?: number;
  /** Oldest answers are dropped until the copy is below this, so the hard cap is never reached. */
  targetSize?: number;
  debounceMs?: number;
  /** IndexedDB database name, so tests can keep them apart. */
  databaseName?: string;
  /** This tab among the others (lib/tabs): the leader writes, every tab tells its answers to all. */
  tabs?: TabCoordinator;
  /**
   * False when the page's version may be old (offline, or a page the service worker kept): a copy of another
   * version is then left alone, and this tab writes nothing.
   */
  mayPurge?: boolean;
}

/**
 * Measured: a session of a dozen pages opened inside the shop (two lists, a campaign, six products, the brands,
 * two content pages, a search) stores about 140 KB of JSON. Past 1.5 MB (some 130 such pages) the oldest answers
 * are dropped; 2 MB is the library's hard limit (past it, it would silently drop everything), never reached
 * because of that. IndexedDB allows far more; the cap keeps restoring and writing quick on a slow phone.
 */
export const MAX_SIZE = 2_000_000;
export const TARGET_SIZE = 1_500_000;
const DEBOUNCE_MS = 1000;
export const DATABASE_NAME = 'retro-offline-data';
const CACHE_KEY = 'apollo-cache';
const META_KEY = 'meta';

/**
 * Root fields that hold a shopper's own data, or an admin's unpublished drafts (which must not outlive the preview
 * on a shared device): never stored, whatever asked for them.
 */
const PERSONAL_FIELDS = new Set(['getCart', 'checkout', 'shippingOptions', 'order', 'contentPreview', 'contentPagesForPreview']);
/** Operations whose answers are a shopper's own (the favorites list names the favorites). */
const PERSONAL_OPERATIONS = new Set(['Cart', 'Checkout']);

export function isPersonal(query: DocumentNode, variables: object): boolean {
  if (PERSONAL_OPERATIONS.has(operationName(query))) return true;
  if (rootFields(query).some((field) => PERSONAL_FIELDS.has(field.name.value))) return true;
  const filter = (variables as { filter?: { productIds?: unknown } }).filter;
  return Array.isArray(filter?.productIds);
}

interface Entry {
  at: number;
  /** The root fields (store names) the answer lives in; an entry is gone when any of them is. */
  fields: string[];
}
interface Meta {
  schemaVersion: number;
  /** How answers are laid out in the stored copy; a copy laid out otherwise cannot be read. */
  format?: number;
  entries: Record<string, Entry>;
}
/** 2: each answer under root fields of its own (ANSWER_VARIABLE). */
const FORMAT = 2;
/**
 * Passed with each answer's variables to the copy's cache only, naming the operation: its root fields are stored
 * under names of their own per operation. Operations share root fields with different selections (the layout, the
 * home page, the category list and the facet labels all ask for categories(channelId, languageId)); their objects
 * are not normalised, so one answer written into another's field would replace it and the other could not be read.
 */
const ANSWER_VARIABLE = '__offlineAnswer';

function rootFields(query: DocumentNode): FieldNode[] {
  const operation = query.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  return (operation?.selectionSet.selections ?? []).filter((s): s is FieldNode => s.kind === 'Field');
}

const fieldNameOf = (storeFieldName: string) => /^[_A-Za-z][_0-9A-Za-z]*/.exec(storeFieldName)?.[0] ?? storeFieldName;

export async function openCachePersistence(options: PersistenceOptions): Promise<CachePersistence> {
  const maxSize = options.maxSize ?? MAX_SIZE;
  const targetSize = Math.min(options.targetSize ?? TARGET_SIZE, maxSize);
  const idb: UseStore = createStore(options.databaseName ?? DATABASE_NAME, 'apollo');
  const cache = createCache();
  let entries: Record<string, Entry> = {};
  /** When this tab first got each query's answer. */
  const seen = new Map<string, number>();

  /** Root field names already keyed per operation in the copy's cache. */
  const keyed = new Set<string>();
  /** The variables the copy's cache sees for an answer: with the operation's name, for the root fields' keys. */
  const answerVariables = (query: DocumentNode, variables: object): OperationVariables => {
    const fresh = rootFields(query)
      .map((field) => field.name.value)
      .filter((name) => !keyed.has(name));
    if (fresh.length > 0) {
      for (const name of fresh) keyed.add(name);
      cache.policies.addTypePolicies({
        Query: {
          fields: Object.fromEntries(
            fresh.map((name) => [
              name,
              {
                keyArgs: (args: Record<string, unknown> | null, context: { variables?: Record<string, unknown> }) =>
                  `${name}:${stableJson(args ?? {})}@${String(context.variables?.[ANSWER_VARIABLE] ?? '')}`,
              },
            ]),
          ),
        },
      });
    }
    return { ...variables, [ANSWER_VARIABLE]: operationName(query) };
  };
  const storeFieldNames = (query: DocumentNode, variables: object) => {
    const answer = answerVariables(query, variables);
    return rootFields(query).map((field) => cache.policies.getStoreFieldName({ typename: 'Query', fieldName: field.name.value, field, variables: answer }));
  };

  /** Keeps the stored copy below the target: oldest answers go first; and nothing personal is written. */
  const fitAndFilter = async (json: string): Promise<string> => {
    const data = JSON.parse(json) as NormalizedCacheObject;
    const root = (data.ROOT_QUERY ?? {}) as Record<string, unknown>;
    const drop = new Set(Object.keys(root).filter((name) => PERSONAL_FIELDS.has(fieldNameOf(name))));
    let size = json.length;
    if (size > targetSize) {
      const sizeOf = (name: string) => JSON.stringify(root[name] ?? null).length + name.length + 4;
      const byAge = Object.entries(entries).sort(([, a], [, b]) => a.at - b.at);
      const users = new Map<string, number>();
      for (const [, entry] of byAge) for (const f of entry.fields) users.set(f, (users.get(f) ?? 0) + 1);
      for (const [key, entry] of byAge) {
        if (size <= targetSize) break;
        delete entries[key];
        for (const f of entry.fields) {
          const left = (users.get(f) ?? 1) - 1;
          users.set(f, left);
          if (left === 0 && !drop.has(f) && f in root) {
            drop.add(f);
            size -= sizeOf(f);
          }
        }
      }
    }
    if (drop.size === 0 && !data.ROOT_MUTATION) return json;
    cache.modify({ id: 'ROOT_QUERY', fields: (value, { storeFieldName, DELETE }) => (drop.has(storeFieldName) ? DELETE : value) });
    cache.evict({ id: 'ROOT_MUTATION' });
    cache.gc();
    // An answer that lost one of its fields cannot be read back any more.
    for (const [key, entry] of Object.entries(entries)) if (entry.fields.some((f) => drop.has(f))) delete entries[key];
    return JSON.stringify(cache.extract());
  };

  const persistor = new CachePersistor({
    cache,
    key: CACHE_KEY,
    storage: {
      getItem: async (key) => (await get<string>(key, idb)) ?? null,
      // The answers' times go in the same transaction as the answers: the two never disagree.
      setItem: (key, value) => setMany([[key, value], [META_KEY, { schemaVersion: options.schemaVersion, format: FORMAT, entries } satisfies Meta]], idb),
      removeItem: (key) => delMany([key, META_KEY], idb),
    },
    // Writes are debounced by hand (see schedule): the library's write trigger fires on our own evictions too.
    trigger: false,
    debounce: 0,
    maxSize,
    persistenceMapper: fitAndFilter,
  });

  // A copy from another version of the data's shape would be read into the wrong shape: drop it. But the version
  // comes from the page's HTML, which offline may be an old page the service worker kept: then the stored copy
  // may be the newer one, so it is neither read nor dropped nor written over until a page from the network says.
  const meta = await get<Meta>(META_KEY, idb);
  let writable = true;
  if (meta && meta.schemaVersion === options.schemaVersion && meta.format === FORMAT) {
    try {
      await persistor.restore();
      entries = { ...meta.entries };
    } catch {
      // A damaged copy (cut short, or not JSON) is worth nothing: start a new one rather than keep none.
      await cache.reset();
      await persistor.purge();
    }
  } else if (meta || (await get(CACHE_KEY, idb)) !== undefined) {
    if (options.mayPurge === false) writable = false;
    else await persistor.purge();
  }

  /**
   * What other tabs stored since this one read the copy joins this tab's, the newer answer winning: their
   * broadcasts may never have come (this tab was frozen in the background, or opened after they were sent).
   */
  const mergeStored = async () => {
    const since = generation;
    const [storedMeta, json] = await Promise.all([get<Meta>(META_KEY, idb), get<string>(CACHE_KEY, idb)]);
    // Read before a purge that came meanwhile: what it read is forgotten.
    if (since !== generation) return;
    if (!storedMeta || storedMeta.schemaVersion !== options.schemaVersion || storedMeta.format !== FORMAT || !json) return;
    const newer = Object.entries(storedMeta.entries).filter(([key, entry]) => (entries[key]?.at ?? -Infinity) < entry.at && !forgotten(entry.at));
    if (newer.length === 0) return;
    let theirs: NormalizedCacheObject;
    try {
      theirs = JSON.parse(json) as NormalizedCacheObject;
    } catch {
      return;
    }
    const ours = cache.extract();
    const theirRoot = (theirs.ROOT_QUERY ?? {}) as Record<string, unknown>;
    const root: Record<string, unknown> = { ...theirRoot, ...(ours.ROOT_QUERY ?? {}) };
    for (const [key, entry] of newer) {
      if (!entry.fields.every((f) => f in theirRoot)) continue;
      for (const f of entry.fields) root[f] = theirRoot[f];
      entries[key] = entry;
    }
    cache.restore({ ...theirs, ...ours, ROOT_QUERY: root as NormalizedCacheObject['ROOT_QUERY'] });
  };

  // One tab writes: the leader (lib/tabs). Every tab keeps every tab's answers, so whichever leads next writes
  // them all; it reads what is stored first, so a leader that stalled and was taken over loses no one's answers.
  const tabs = options.tabs ?? thisTab();
  let writer = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  /** Counts the purges (this tab's and the others'): a write begun before one gives up after it. */
  let generation = 0;
  /** The write under way, which a purge waits for before it deletes the stored copy. */
  let writing: Promise<void> | null = null;
  const write = async () => {
    timer = null;
    if (!writer || closed || !writable) return;
    takeIn();
    if (!pending || !tabs.isLeader()) return;
    pending = false;
    const since = generation;
    const done = (async () => {
      await mergeStored();
      if (!closed && since === generation) await persistor.persist();
    })();
    writing = done;
    try {
      await done;
    } finally {
      if (writing === done) writing = null;
    }
  };
  const schedule = () => {
    pending = true;
    if (writer && !timer) timer = setTimeout(() => void write().catch(() => undefined), options.debounceMs ?? DEBOUNCE_MS);
  };
  const stopLeading = tabs.onLeadership((leading) => {
    writer = leading;
    if (leading && pending) schedule();
  });
  // A tab going to the background may be closed or frozen without warning: what waits goes in (and to the other
  // tabs) now, and is written.
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return;
    takeIn();
    if (timer) {
      clearTimeout(timer);
      void write().catch(() => undefined);
    }
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onHidden);

  /**
   * Answers wait here for an idle moment each before they go into the copy and to the other tabs. Taken in where
   * they arrived, they ran in the same task as Apollo's own handling of the answer: after a category page's first
   * render, tasks of 35-60 ms on a 2-core server (recordFirstPage's answers, traced), which a slow phone stretches
   * into its Total Blocking Time. A read, a write, a flush and the tab's going to the background take in everything
   * that waits first.
   */
  const waiting: Array<() => void> = [];
  /**
   * A logout's purge (this tab's, or another's: forgetBefore) forgets every answer that arrived before it started,
   * whether it still waits here or comes late from another tab, and what is recorded while it runs.
   */
  let purgeStartedAt = Number.NEGATIVE_INFINITY;
  let purging = false;
  const forgotten = (at: number) => purging || at < purgeStartedAt;
  let pumpScheduled = false;
  /** One job; a failing one is reported and the others still go in. */
  const run = (job: (() => void) | undefined) => {
    try {
      job?.();
    } catch (error) {
      if (typeof reportError === 'function') reportError(error);
      else console.error(error);
    }
  };
  const takeIn = () => {
    while (waiting.length > 0) run(waiting.shift());
  };
  const pump = () => {
    pumpScheduled = false;
    run(waiting.shift());
    if (waiting.length > 0) schedulePump();
  };
  const schedulePump = () => {
    if (pumpScheduled || closed) return;
    pumpScheduled = true;
    // Without requestIdleCallback (Safari), on the next turn of the event loop: still a task of its own.
    whenIdle(pump, 1000, 0);
  };
  const later = (job: () => void) => {
    waiting.push(job);
    schedulePump();
  };

  /** An answer into this tab's copy; `write` when it is to be written (by the writer, whoever fetched it). */
  const apply = (query: DocumentNode, variables: OperationVariables, data: unknown, at: number, write: boolean) => {
    if (isPersonal(query, variables) || forgotten(at)) return;
    const key = queryKey(query, variables);
    if ((entries[key]?.at ?? 0) > at) return;
    cache.writeQuery({ query, variables: answerVariables(query, variables), data });
    entries[key] = { at, fields: storeFieldNames(query, variables) };
    if (write) schedule();
  };

  /**
   * Forgets what this tab keeps from before a purge at `at` (its own, or another tab's, whose stored copy is gone):
   * else, leading, it would write it all back.
   */
  const forgetBefore = (at: number) => {
    purgeStartedAt = Math.max(purgeStartedAt, at);
    generation += 1;
    waiting.length = 0;
    if (timer) clearTimeout(timer);
    timer = null;
    pending = false;
    entries = {};
    seen.clear();
  };
  const stopHearingPurges = tabs.on(
    'offline-data/purged',
    ({ at }) => {
      forgetBefore(at);
      // A write of this tab's that was under way may have ended after the other tab's delete.
      void (async () => {
        await writing?.catch(() => undefined);
        await cache.reset();
        if (writer && !closed && writable) await persistor.purge();
      })().catch(() => undefined);
    },
    // However late: a tab frozen meanwhile must not write the copy back either.
    { stale: true },
  );

  // The other tabs' answers: every tab keeps the same copy, so whichever writes next writes them all.
  const stopHearing = tabs.on('offline-data/answer', ({ schemaVersion, query, variables, data, at }) => {
    // A tab running another version of the page has answers of another shape.
    if (schemaVersion !== options.schemaVersion) return;
    later(() => apply(query as DocumentNode, variables, data, at, true));
  });

  const persistence: CachePersistence = {
    get writer() {
      return writer;
    },
    remember(query, variables, data, at) {
      const key = queryKey(query, variables);
      if (seen.has(key)) return;
      seen.set(key, at);
      persistence.record(query, variables, data, at);
    },
    fetchedInThisTab(query, variables) {
      return seen.get(queryKey(query, variables));
    },
    record(query, variables, data, at) {
      if (closed || isPersonal(query, variables)) return;
      later(() => {
        if (forgotten(at)) return;
        apply(query, variables, data, at, true);
        tabs.post({ kind: 'offline-data/answer', schemaVersion: options.schemaVersion, query, variables, data, at });
      });
    },
    read(query, variables) {
      takeIn();
      const entry = entries[queryKey(query, variables)];
      if (!entry) return null;
      const data = cache.readQuery({ query, variables: answerVariables(query, variables) as typeof variables });
      return data ? { data: data as never, cachedAt: entry.at } : null;
    },
    async purge(clearLive) {
      purging = true;
      const at = Date.now();
      forgetBefore(at);
      persistor.pause();
      try {
        await clearLive?.();
        await writing?.catch(() => undefined);
        entries = {};
        seen.clear();
        await cache.reset();
        await persistor.purge();
      } finally {
        // What was recorded meanwhile.
        waiting.length = 0;
        purging = false;
        persistor.resume();
        tabs.post({ kind: 'offline-data/purged', at });
      }
    },
    async flush() {
      takeIn();
      if (timer) clearTimeout(timer);
      await write();
    },
    close() {
      closed = true;
      waiting.length = 0;
      if (timer) clearTimeout(timer);
      stopHearing();
      stopHearingPurges();
      stopLeading();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onHidden);
    },
  };
  return persistence;
}
