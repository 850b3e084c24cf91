// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (event: unknown) => void;
const created: FakeWorkbox[] = [];
class FakeWorkbox {
  handlers = new Map<string, Handler[]>();
  messageSW = vi.fn(async () => undefined);
  messageSkipWaiting = vi.fn();
  update = vi.fn(async () => undefined);
  constructor() {
    created.push(this);
  }
  addEventListener(type: string, handler: Handler) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  register = vi.fn(async () => undefined);
  fire(type: string, event: unknown = {}) {
    this.handlers.get(type)?.forEach((handler) => handler(event));
  }
}
vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

beforeEach(() => {
  vi.resetModules();
  created.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the update prompt', () => {
  it('asks the waiting worker to take over, also for a version a later check found (external to workbox-window)', async () => {
    const container = new EventTarget();
    vi.stubGlobal('navigator', { serviceWorker: container });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { startServiceWorker, updates } = await import('./sw-updates');
    startServiceWorker();
    const wb = created[0]!;
    // Found by the hourly or on-visible check after the page has been open a while.
    wb.fire('waiting', { isExternal: true });
    expect(updates.waiting()).toBe(true);
    updates.apply();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    // Never to the worker workbox-window calls its own: that is the old, active one.
    expect(wb.messageSW).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says the update waits while another tab is in the checkout, and asks the worker again until it takes over', async () => {
    vi.useFakeTimers();
    const container = new EventTarget();
    vi.stubGlobal('navigator', { serviceWorker: container });
    const { startServiceWorker, updates, DEFERRED_RETRY_MS } = await import('./sw-updates');
    startServiceWorker();
    const wb = created[0]!;
    wb.fire('waiting', {});
    const changed = vi.fn();
    updates.subscribe(changed);
    updates.apply();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'UPDATE_DEFERRED' } }));
    expect(updates.deferred()).toBe(true);
    expect(changed).toHaveBeenCalled();
    vi.advanceTimersByTime(DEFERRED_RETRY_MS * 2);
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(3);
  });
});
