// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApplicationInsights } from '@microsoft/applicationinsights-web';
import { setGlobalTimeoutOverrides } from '@nevware21/ts-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_RETRY_MS, start } from './telemetry-sdk';

/**
 * The SDK, started exactly as the shop starts it (production settings), against an ingestion endpoint on
 * 127.0.0.1. Only the SDK's timers are fake (its timer library's global override, so the DOM's own fetch keeps
 * real time): every request and answer is real HTTP.
 */
const KEY = '11111111-2222-4333-8444-555555555555';
const REQUEST_ID = '9f0c1f3e-0000-4000-8000-000000000001';

interface Envelope {
  name: string;
  time: string;
  iKey: string;
  tags: Record<string, string>;
  data: { baseType: string; baseData: { name?: string; properties?: Record<string, unknown> } };
}
type Answer = { status: number; body?: unknown };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SDK's clock: timers run only when the test advances it. */
const clock = {
  now: 0,
  nextId: 1,
  timers: new Map<number, { run: () => void; at: number }>(),
  delays: [] as number[],
  set(run: (...args: unknown[]) => void, ms = 0, ...args: unknown[]): number {
    const id = clock.nextId++;
    // Like setTimeout, extra arguments go to the callback (the SDK's notifications pass theirs so).
    clock.timers.set(id, { run: () => run(...args), at: clock.now + ms });
    clock.delays.push(ms);
    return id;
  },
  clear(id: number): void {
    clock.timers.delete(id);
  },
  advance(ms: number): void {
    const end = clock.now + ms;
    for (;;) {
      const due = [...clock.timers].filter(([, timer]) => timer.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      clock.timers.delete(due[0]);
      clock.now = due[1].at;
      due[1].run();
    }
    clock.now = end;
  },
};

let server: Server;
let endpoint: string;
let received: Envelope[][];
let answers: Answer[];
let sdk: ApplicationInsights | null;

const accepted = (items: unknown[]): Answer => ({ status: 200, body: { itemsReceived: items.length, itemsAccepted: items.length, errors: [] } });

beforeEach(async () => {
  received = [];
  answers = [];
  sdk = null;
  sessionStorage.clear();
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.end();
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      const batch = JSON.parse(data) as Envelope[];
      received.push(batch);
      const answer = answers.shift() ?? accepted(batch);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/track`;
  clock.now = 0;
  clock.timers.clear();
  clock.delays = [];
  mark = 0;
  setGlobalTimeoutOverrides([clock.set as unknown as typeof setTimeout, clock.clear as unknown as typeof clearTimeout]);
  // The backoff draws a random slot: the largest one makes the delays exact.
  vi.spyOn(Math, 'random').mockReturnValue(0.9999);
});

afterEach(async () => {
  // Unloading sends what is left: the endpoint is still there to take it.
  sdk?.unload(false);
  await pause(50);
  setGlobalTimeoutOverrides(undefined as unknown as typeof setTimeout);
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (condition()) return;
    // The SDK's promises settle on zero-delay timers: those run as they come; only later ones wait for the test.
    clock.advance(0);
    await pause(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Where in the clock's timers the next send's timer is looked for: after the last send, or from the start. */
let mark = 0;

/**
 * The delay of the sender's next send: the first timer of 15 s or more set since the last send. The sender never
 * waits less than its batch interval (15 s); the SDK's other timers (its 10 s internal-message poll) are shorter.
 */
async function nextSendDelay(): Promise<number> {
  let index = -1;
  await until(() => {
    index = clock.delays.findIndex((ms, i) => i >= mark && ms >= 15_000);
    return index >= 0;
  }, 'the next send to be scheduled');
  mark = index + 1;
  return clock.delays[index]!;
}

/** Runs the clock to the next scheduled send and waits for the batch to arrive. */
async function sendAfter(delay: number): Promise<Envelope[]> {
  const before = received.length;
  mark = clock.delays.length;
  clock.advance(delay);
  await until(() => received.length > before, 'a batch');
  return received.at(-1)!;
}

function begin(): ApplicationInsights {
  sdk = start({ instrumentationKey: KEY, endpoint }, REQUEST_ID, false);
  return sdk;
}

const names = (batch: Envelope[]) => batch.map((envelope) => envelope.data.baseData.name);

describe('telemetry sender against a local ingestion endpoint', () => {
  it('batches for 15 s and POSTs one JSON array of envelopes (name, time, iKey, tags, data) carrying the page’s request id', async () => {
    const ai = begin();
    ai.trackEvent({ name: 'one' });
    ai.trackEvent({ name: 'two' });
    ai.trackException({ exception: new Error('three') });
    expect(await nextSendDelay()).toBe(15_000);
    clock.advance(14_999);
    await pause(100);
    expect(received).toHaveLength(0);
    const batch = await sendAfter(1);
    expect(names(batch)).toEqual(['one', 'two', undefined]);
    for (const envelope of batch) {
      expect(Object.keys(envelope).sort()).toEqual(expect.arrayContaining(['data', 'iKey', 'name', 'tags', 'time']));
      expect(envelope.iKey).toBe(KEY);
      expect(new Date(envelope.time).toISOString()).toBe(envelope.time);
      expect(envelope.tags['ai.session.id']).toEqual(expect.any(String));
      expect(envelope.data.baseData.properties?.requestId).toBe(REQUEST_ID);
    }
    expect(batch.map((envelope) => envelope.data.baseType)).toEqual(['EventData', 'EventData', 'ExceptionData']);
  });

  it('cuts property names at 150 characters, strings at 1024, URLs at 2048 and messages at 32768', async () => {
    const ai = begin();
    ai.trackEvent({ name: 'n'.repeat(2000) }, { ['k'.repeat(200)]: 'v' });
    ai.trackTrace({ message: 'm'.repeat(40_000) });
    const batch = await sendAfter(await nextSendDelay());
    const [event, trace] = batch.map((envelope) => envelope.data.baseData as Record<string, unknown> & { properties: Record<string, string> });
    expect((event!.name as string).length).toBe(1024);
    expect(Object.keys(event!.properties).map((name) => name.length)).toContain(150);
    expect((trace!.message as string).length).toBe(32_768);
    ai.trackPageView({ name: 'Long', uri: `http://localhost/?q=${'u'.repeat(3000)}` });
    const [view] = await sendAfter(0);
    expect((view!.data.baseData as { url: string }).url.length).toBe(2048);
  });

  it('sends a page view without waiting for the batch', async () => {
    const ai = begin();
    ai.trackPageView({ name: 'Start', uri: 'http://localhost/' });
    const batch = await sendAfter(0);
    expect(batch[0]!.data.baseType).toBe('PageviewData');
    expect(batch[0]!.data.baseData.name).toBe('Start');
  });

  it.each([408, 429, 500, 503])('sends a batch answered %i again, with the same items', async (status) => {
    const ai = begin();
    answers.push({ status });
    ai.trackEvent({ name: 'kept' });
    const first = await sendAfter(await nextSendDelay());
    expect(names(first)).toEqual(['kept']);
    const again = await sendAfter(await nextSendDelay());
    expect(names(again)).toEqual(['kept']);
  });

  it('waits longer after each failure, from 10 s up to 3600 s', async () => {
    const ai = begin();
    answers.push(...Array.from({ length: 10 }, () => ({ status: 503 })));
    ai.trackEvent({ name: 'kept' });
    await sendAfter(await nextSendDelay());
    const delays: number[] = [];
    for (let failure = 1; failure <= 10; failure++) {
      const delay = await nextSendDelay();
      delays.push(delay);
      if (failure < 10) expect(names(await sendAfter(delay))).toEqual(['kept']);
    }
    // The first retry is due after 10 s but waits for the 15 s batch timer; then 15, 35, 75 … seconds, at most an hour.
    const seconds = delays.map((ms) => Math.round(ms / 1000));
    expect(seconds).toEqual([15, 15, 35, 75, 155, 315, 635, 1275, 2555, 3600]);
  });

  it.each([400, 401, 403, 404, 413, 502])('drops a batch answered %i', async (status) => {
    const ai = begin();
    answers.push({ status });
    ai.trackEvent({ name: 'dropped' });
    expect(names(await sendAfter(await nextSendDelay()))).toEqual(['dropped']);
    await pause(200);
    ai.trackEvent({ name: 'later' });
    expect(names(await sendAfter(await nextSendDelay()))).toEqual(['later']);
    clock.advance(3_600_000);
    await pause(200);
    expect(received.flatMap(names)).toEqual(['dropped', 'later']);
  });

  it('on 206 sends again only the items the endpoint failed with a retried status', async () => {
    const ai = begin();
    answers.push({
      status: 206,
      body: { itemsReceived: 3, itemsAccepted: 1, errors: [{ index: 1, statusCode: 500 }, { index: 2, statusCode: 400 }] },
    });
    ai.trackEvent({ name: 'accepted' });
    ai.trackEvent({ name: 'retried' });
    ai.trackEvent({ name: 'refused' });
    expect(names(await sendAfter(await nextSendDelay()))).toEqual(['accepted', 'retried', 'refused']);
    expect(names(await sendAfter(await nextSendDelay()))).toEqual(['retried']);
    clock.advance(3_600_000);
    await pause(200);
    expect(received).toHaveLength(2);
  });

  // happy-dom's fetch never settles when a connection is cut, so the failure here is an answer that would otherwise
  // drop the batch: while the browser says it is offline, any failure keeps it.
  it('keeps a batch that failed while offline and sends it again after 10 s (not the 15 s batch timer)', async () => {
    const ai = begin();
    window.dispatchEvent(new Event('offline'));
    answers.push({ status: 400 });
    ai.trackEvent({ name: 'offline' });
    expect(names(await sendAfter(await nextSendDelay()))).toEqual(['offline']);
    // The SDK's own retry timer (15 s) is set with the failure; the shop's 10 s one is what sends.
    await nextSendDelay();
    // The SDK tells its listeners about the retry on a zero-delay timer; back online only after that.
    clock.advance(0);
    window.dispatchEvent(new Event('online'));
    clock.advance(OFFLINE_RETRY_MS - 1);
    await pause(100);
    expect(received).toHaveLength(1);
    expect(names(await sendAfter(1))).toEqual(['offline']);
    // Sent once: the SDK's own timer was cleared by that send.
    clock.advance(3_600_000);
    await pause(200);
    expect(received).toHaveLength(2);
  });

  it('retries once 10 s after going offline; a try that fails again waits for the SDK\'s growing delay', async () => {
    const ai = begin();
    window.dispatchEvent(new Event('offline'));
    answers.push({ status: 400 }, { status: 400 });
    ai.trackEvent({ name: 'offline' });
    await sendAfter(await nextSendDelay());
    // Each failure is taken in (the SDK schedules its own retry) and its listeners told (a zero-delay timer) first.
    await nextSendDelay();
    clock.advance(0);
    expect(names(await sendAfter(OFFLINE_RETRY_MS))).toEqual(['offline']);
    await nextSendDelay();
    clock.advance(0);
    // Failed again while offline: no second try 10 s later (each try counts towards the SDK's limit).
    clock.advance(OFFLINE_RETRY_MS);
    await pause(100);
    expect(received).toHaveLength(2);
    // Back online, the SDK's own timer sends it.
    window.dispatchEvent(new Event('online'));
    const before = received.length;
    clock.advance(3_600_000);
    await until(() => received.length > before, 'a third try');
    expect(received.map(names)).toEqual([['offline'], ['offline'], ['offline']]);
  });
});
