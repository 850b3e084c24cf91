import { createRequire } from 'node:module';
import { Kind, visit, type DocumentNode, type execute as graphqlExecute, type ExecutionArgs, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import { Repeater, type Plugin } from 'graphql-yoga';
import type { WebSocket } from 'ws';
import { topicOf, type ChannelName, type Listen, type PubSub } from '../pubsub';

/*
 * The socket's fan-out. A subscription's resolver says what it follows (a LiveSpec: topics, a filter, and how far
 * its answer can be shared); websocket.ts hands each running subscription to the hub, which listens once per topic
 * and process, executes the operation once per event and group of subscribers whose answer is the same, and writes
 * the one serialised answer to each of their sockets. graphql-ws's own loop (an async iteration, an execution, a
 * JSON.stringify and an awaited write per subscriber and event) cost about 130 µs per subscriber: 1 000 sockets
 * took 134 ms at p99 (MEASURED.md).
 */

export interface Topic {
  channel: ChannelName;
  id?: string | number;
}

/**
 * How far one execution's answer can be shared between subscribers of an event:
 * - 'event': it depends on the event and the operation's selection only (not on the root field's arguments, which
 *   only choose the topics, nor on who asks): one execution per event and selection.
 * - 'arguments': on the event and the operation's variables: one per event, document and variables.
 * - 'subscriber': on who asks (a cart read with their session): executed per subscriber, one run at a time (events
 *   while one runs make one more run, which reads the latest state), and not sent when equal to the last one sent.
 */
export type Sharing = 'event' | 'arguments' | 'subscriber';

export interface LiveSpec {
  topics: readonly Topic[];
  /** Whether an event concerns this subscriber (default: every event of its topics). */
  accept?(event: unknown): boolean;
  sharing: Sharing;
}

/**
 * graphql's execute from the copy Yoga's schema is built with. Node loads graphql for the packages as CommonJS (its
 * package.json has no exports map), while Vite may give this file the ESM copy (under Vitest), and graphql refuses
 * a schema made by the other copy.
 */
const { execute } = createRequire(import.meta.url)('graphql') as { execute: typeof graphqlExecute };

/** The contexts of the hub's executions of one event (see liveEventExecution). */
const eventContexts = new WeakSet<object>();

/** Makes `contextValue` that of one event's execution: liveEventExecution runs it as such. */
export function markEventContext(contextValue: object): void {
  eventContexts.add(contextValue);
}

/**
 * An event is executed like a query whose root value is the event (the spec's ExecuteSubscriptionEvent), through
 * Yoga's pipeline so its plugins (error masking, limits) apply. Yoga's executor would instead run a subscription
 * operation as a new subscription; graphql-js's execute runs the root field's resolve on the event.
 */
export const liveEventExecution = (): Plugin => ({
  onExecute({ args, setExecuteFn }) {
    if (eventContexts.has(args.contextValue as object)) setExecuteFn((eventArgs) => execute(eventArgs as ExecutionArgs));
  },
});

/** Specs given by resolvers, keyed by the operation's context, until websocket.ts takes them. */
const pendingSpecs = new WeakMap<object, LiveSpec>();
/** The subscriber an event's execution runs for, keyed by that execution's context (for followLive). */
const watcherOfContext = new WeakMap<object, Watcher>();

/**
 * What a Subscription field's `subscribe` returns: an async iterable of the events (for any other consumer) that
 * also tells the socket's hub what to follow. Over the socket the hub delivers the events and the iterable is
 * never read.
 */
export function liveSource(ctx: { pubsub: PubSub }, spec: LiveSpec): AsyncIterable<unknown> {
  pendingSpecs.set(ctx, spec);
  return {
    [Symbol.asyncIterator]: () => {
      // Subscribed only when read: over the socket nothing reads it, and nothing listens.
      const subscribe = ctx.pubsub.subscribe as unknown as (channel: ChannelName, id?: string | number) => AsyncIterable<unknown>;
      const merged = Repeater.merge(spec.topics.map((t) => (t.id === undefined ? subscribe(t.channel) : subscribe(t.channel, t.id))));
      const accepted = (async function* () {
        for await (const event of merged) if (!spec.accept || spec.accept(event)) yield event;
      })();
      return accepted;
    },
  };
}

/** The spec a resolver gave in this operation's context, taken once. */
export function takeLiveSpec(contextValue: object): LiveSpec | undefined {
  const spec = pendingSpecs.get(contextValue);
  pendingSpecs.delete(contextValue);
  return spec;
}

/**
 * From a field's `resolve` ('subscriber' sharing): what this subscriber follows from now on, e.g. the SKUs and
 * products of a cart's lines as they are now. Outside the hub's executions it does nothing.
 */
export function followLive(ctx: object, spec: Omit<LiveSpec, 'sharing'>): void {
  watcherOfContext.get(ctx)?.follow(spec);
}

/** One running subscription on one socket, as websocket.ts hands it to the hub. */
export interface LiveSubscription {
  socket: WebSocket;
  /** graphql-ws's id of the subscription on its socket. */
  id: string;
  spec: LiveSpec;
  document: DocumentNode;
  operationName: string | null | undefined;
  variables: Record<string, unknown> | null | undefined;
  /**
   * Executes the operation for one event, in a context of its own made now (so its database deadline and the
   * session it reads are this event's); `context` is called with that context first.
   */
  execute(event: unknown, context: (contextValue: object) => void): Promise<ExecutionResult>;
}

interface Watcher extends LiveSubscription {
  key: string;
  /** `{"id":…,"type":"next","payload":` for this subscription. */
  prefix: string;
  topics: Set<string>;
  follow(spec: Omit<LiveSpec, 'sharing'>): void;
  /** 'subscriber' sharing: a run in progress, another wanted after it, the last payload sent. */
  running: boolean;
  again: boolean;
  /** 'subscriber' sharing: the latest event, the one the next run answers. */
  latest?: unknown;
  lastPayload: string | null;
  ended: boolean;
}

export interface LiveHubOptions {
  listen: Listen;
  /**
   * A socket holding more than this many bytes it has not yet written when an event is to be sent to it is a
   * slow consumer: it is closed (1013) rather than buffered for without bound.
   */
  maxBufferedBytes: number;
  onError(error: unknown): void;
  /** Told when a slow consumer is closed (for the log). */
  onSlowConsumer?(socket: WebSocket, bufferedBytes: number): void;
}

/** The close code for a slow consumer: 1013 "Try Again Later", which graphql-ws clients retry. */
export const SLOW_CONSUMER_CLOSE = 1013;
/** The close code when the connection's token is refused or has run out (graphql-ws's Unauthorized). */
export const UNAUTHORIZED_CLOSE = 4401;

const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 1;
/** Documents come from Yoga's parser cache, so one query text is one DocumentNode while it is cached. */
const documentId = (document: DocumentNode) => {
  let id = documentIds.get(document);
  if (id === undefined) documentIds.set(document, (id = nextDocumentId++));
  return id;
};

/** Names of the variables used anywhere but in the root field's arguments (fields below it, directives, fragments). */
function variablesBelowRoot(document: DocumentNode, operationName: string | null | undefined): Set<string> {
  const used = new Set<string>();
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  const collect = { Variable: (node: { name: { value: string } }) => void used.add(node.name.value) };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) visit(definition, collect);
  }
  for (const selection of operation?.selectionSet.selections ?? []) {
    // The root field's own arguments choose what it follows; everything else may shape the answer.
    if (selection.kind === Kind.FIELD) {
      for (const directive of selection.directives ?? []) visit(directive, collect);
      if (selection.selectionSet) visit(selection.selectionSet, collect);
    } else visit(selection, collect);
  }
  for (const directive of operation?.directives ?? []) visit(directive, collect);
  return used;
}

let nextSubscriberKey = 1;

function keyOf(subscription: LiveSubscription): string {
  const { spec, document, operationName, variables } = subscription;
  if (spec.sharing === 'subscriber') return `s${nextSubscriberKey++}`;
  const vars = variables ?? {};
  const relevant = spec.sharing === 'arguments' ? vars : Object.fromEntries([...variablesBelowRoot(document, operationName)].sort().map((name) => [name, vars[name]]));
  return `${documentId(document)}|${operationName ?? ''}|${JSON.stringify(relevant)}`;
}

const OPEN = 1;

/**
 * One event's answers go to this many sockets, then the event loop runs (pings, HTTP requests, other topics' events)
 * before the next ones. Each send is a write to the kernel, some 10 to 30 µs: sent in one loop, an event to 10 000
 * sockets held every other request of the process for a quarter of a second or more.
 */
const SENDS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface TopicEntry {
  watchers: Set<Watcher>;
  unlisten: () => void;
  /** The topic's events are dispatched one at a time, in order. */
  tail: Promise<void>;
  /** The last event heard on the topic (for tests, see lastReceived()). */
  last?: unknown;
}

export function createLiveHub(options: LiveHubOptions) {
  const topics = new Map<string, TopicEntry>();

  // Events received and not yet answered (dispatches queued or running, subscriber runs), for settled().
  let busy = 0;
  let whenIdle: (() => void)[] = [];
  const begin = () => void busy++;
  const end = () => {
    if (--busy > 0) return;
    const waiting = whenIdle;
    whenIdle = [];
    for (const resolve of waiting) resolve();
  };

  const closeSlow = (socket: WebSocket) => {
    options.onSlowConsumer?.(socket, socket.bufferedAmount);
    socket.close(SLOW_CONSUMER_CLOSE, 'Slow consumer: events were not read in time');
  };

  /** Writes one answer; false when the socket is gone or was closed for being slow. */
  const send = (watcher: Watcher, payload: string): boolean => {
    const { socket } = watcher;
    if (watcher.ended || socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      closeSlow(socket);
      return false;
    }
    socket.send(watcher.prefix + payload + '}');
    return true;
  };

  /** A subscriber-specific answer that says the connection's session has ended closes the connection. */
  const sessionEnded = (result: ExecutionResult) => result.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED') ?? false;

  const run = (watcher: Watcher, event: unknown) =>
    watcher.execute(event, (contextValue) => {
      markEventContext(contextValue);
      watcherOfContext.set(contextValue, watcher);
    });

  /** 'subscriber' sharing: one run at a time, the latest state, only when it changed. */
  const refresh = (watcher: Watcher, event: unknown): void => {
    // The run after this one is for the latest event: a resolve may share one read per event among subscribers
    // (the cart's), and the first event's read would be from before the change that asked again.
    watcher.latest = event;
    if (watcher.running) {
      watcher.again = true;
      return;
    }
    watcher.running = true;
    begin();
    void (async () => {
      try {
        do {
          watcher.again = false;
          if (watcher.ended) return;
          const result = await run(watcher, watcher.latest);
          if (watcher.ended) return;
          if (sessionEnded(result)) {
            watcher.socket.close(UNAUTHORIZED_CLOSE, 'Unauthorized: the session has ended');
            return;
          }
          const payload = JSON.stringify(result);
          if (payload !== watcher.lastPayload && send(watcher, payload)) watcher.lastPayload = payload;
        } while (watcher.again);
      } catch (error) {
        options.onError(error);
      } finally {
        watcher.running = false;
        end();
      }
    })();
  };

  const dispatch = async (watchers: Set<Watcher>, event: unknown): Promise<void> => {
    const groups = new Map<string, Watcher[]>();
    for (const watcher of watchers) {
      if (watcher.spec.accept && !watcher.spec.accept(event)) continue;
      if (watcher.spec.sharing === 'subscriber') {
        refresh(watcher, event);
        continue;
      }
      const group = groups.get(watcher.key);
      if (group) group.push(watcher);
      else groups.set(watcher.key, [watcher]);
    }
    let sent = 0;
    for (const group of groups.values()) {
      try {
        const result = await run(group[0]!, event);
        const payload = JSON.stringify(result);
        for (const watcher of group) {
          send(watcher, payload);
          if (++sent % SENDS_PER_TURN === 0) await nextTurn();
        }
      } catch (error) {
        options.onError(error);
      }
    }
  };

  const watch = (topic: string, watcher: Watcher) => {
    let entry = topics.get(topic);
    if (!entry) {
      const created: TopicEntry = { watchers: new Set(), unlisten: () => undefined, tail: Promise.resolve() };
      // One event at a time per topic, in order; the publisher is not held up.
      created.unlisten = options.listen(topic, (event) => {
        begin();
        created.last = event;
        created.tail = created.tail.then(() => dispatch(created.watchers, event)).finally(end);
      });
      topics.set(topic, (entry = created));
    }
    entry.watchers.add(watcher);
  };

  const unwatch = (topic: string, watcher: Watcher) => {
    const entry = topics.get(topic);
    if (!entry) return;
    entry.watchers.delete(watcher);
    if (entry.watchers.size === 0) {
      entry.unlisten();
      topics.delete(topic);
    }
  };

  const topicNames = (spec: Pick<LiveSpec, 'topics'>) => new Set(spec.topics.map((t) => topicOf(t.channel, t.id)));

  return {
    /** Starts delivering the subscription's events; the returned function stops it. */
    add(subscription: LiveSubscription): () => void {
      const watcher: Watcher = {
        ...subscription,
        key: keyOf(subscription),
        prefix: `{"id":${JSON.stringify(subscription.id)},"type":"next","payload":`,
        topics: topicNames(subscription.spec),
        running: false,
        again: false,
        lastPayload: null,
        ended: false,
        follow(spec) {
          if (watcher.ended) return;
          const next = topicNames(spec);
          for (const topic of watcher.topics) if (!next.has(topic)) unwatch(topic, watcher);
          for (const topic of next) if (!watcher.topics.has(topic)) watch(topic, watcher);
          watcher.topics = next;
          watcher.spec = { ...spec, sharing: watcher.spec.sharing };
        },
      };
      for (const topic of watcher.topics) watch(topic, watcher);
      return () => {
        watcher.ended = true;
        for (const topic of watcher.topics) unwatch(topic, watcher);
      };
    },
    /** Topics this process listens to, and subscriptions over all of them (for tests and the bench). */
    stats: () => ({ topics: topics.size, watchers: [...topics.values()].reduce((n, t) => n + t.watchers.size, 0) }),
    /**
     * Resolves once every event this process has received is answered (no dispatch queued, no subscriber run in
     * progress). Events still on their way through Redis are not counted: a test first waits for its own to be
     * the lastReceived().
     */
    /** The last event this process heard on a topic while listening to it (a test waits for its own to arrive). */
    lastReceived: (channel: ChannelName, id?: string | number): unknown => topics.get(topicOf(channel, id))?.last,
    settled: (): Promise<void> => (busy === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.push(resolve))),
    close() {
      for (const entry of topics.values()) entry.unlisten();
      topics.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
