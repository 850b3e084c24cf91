import { describe, expect, it } from 'vitest';
import { afterPageLoad, LOAD_WAIT_MS, nextTask, SETTLE_IDLE_MS, type LoadEnv } from './idle';

describe('nextTask', () => {
  it('settles in a task of its own: after every microtask queued with it, however long their chain', async () => {
    const order: string[] = [];
    const settled = nextTask().then(() => order.push('task'));
    let chain = Promise.resolve();
    for (let i = 0; i < 50; i++) chain = chain.then(() => void order.push('microtask'));
    await settled;
    expect(order).toEqual([...Array<string>(50).fill('microtask'), 'task']);
  });
});

describe('afterPageLoad', () => {
  function fakeEnv(loadedAlready: boolean) {
    const calls: string[] = [];
    let onLoad: (() => void) | null = null;
    let timer: { run: () => void; ms: number } | null = null;
    let idle: { run: () => void; timeoutMs: number } | null = null;
    const env: LoadEnv = {
      loaded: () => loadedAlready,
      onLoad: (listener) => {
        onLoad = listener;
      },
      wait: (run, ms) => {
        timer = { run, ms };
      },
      idle: (run, timeoutMs) => {
        calls.push('idle');
        idle = { run, timeoutMs };
      },
    };
    return { env, calls, load: () => onLoad?.(), fireTimer: () => timer?.run(), timer: () => timer, runIdle: () => idle?.run(), idle: () => idle };
  }
  const settledYet = async (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return settled;
  };

  it('waits for the load event, then for an idle moment', async () => {
    const fake = fakeEnv(false);
    const settled = afterPageLoad(fake.env);
    expect(fake.calls).toEqual([]);
    fake.load();
    expect(fake.idle()?.timeoutMs).toBe(SETTLE_IDLE_MS);
    expect(await settledYet(settled)).toBe(false);
    fake.runIdle();
    expect(await settledYet(settled)).toBe(true);
  });

  it('waits for an idle moment at once on a page that has loaded', async () => {
    const fake = fakeEnv(true);
    const settled = afterPageLoad(fake.env);
    expect(fake.calls).toEqual(['idle']);
    expect(fake.timer()).toBeNull();
    fake.runIdle();
    expect(await settledYet(settled)).toBe(true);
  });

  it('waits LOAD_WAIT_MS at most for a load event that does not come (a slow picture), and asks for one idle moment only', async () => {
    const fake = fakeEnv(false);
    const settled = afterPageLoad(fake.env);
    expect(fake.timer()?.ms).toBe(LOAD_WAIT_MS);
    fake.fireTimer();
    fake.load();
    expect(fake.calls).toEqual(['idle']);
    fake.runIdle();
    expect(await settledYet(settled)).toBe(true);
  });
});
