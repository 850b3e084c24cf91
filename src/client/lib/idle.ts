/**
 * Runs `run` once the main thread is idle, at the latest after `timeoutMs`; browsers without requestIdleCallback
 * (Safari) wait `fallbackMs`. For work a tab starts on its own after the first render (telemetry's code, the
 * device's copy of the catalog): each piece in an idle moment of its own, so none of it becomes one long task.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = 1000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, fallbackMs);
}

/** whenIdle as a promise. */
export function idleMoment(timeoutMs: number, fallbackMs = 1000): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, timeoutMs, fallbackMs));
}

/**
 * Settles in a task of its own: what follows `await nextTask()` is no longer part of the task that awaited it, so
 * a chain of steps that would be one long task becomes several short ones, and input waiting meanwhile (a tap) is
 * handled between them. A message rather than a timer: a hidden tab's timers wait a second or more.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The longest the tab's own start-up work waits for the page's load event: a slow picture must not hold it off. */
export const LOAD_WAIT_MS = 3000;
/** The longest it then waits for an idle moment. */
export const SETTLE_IDLE_MS = 2000;

export interface LoadEnv {
  loaded(): boolean;
  onLoad(listener: () => void): void;
  wait(run: () => void, ms: number): void;
  idle(run: () => void, timeoutMs: number): void;
}

const browserLoadEnv = (): LoadEnv => ({
  loaded: () => document.readyState === 'complete',
  onLoad: (listener) => window.addEventListener('load', listener, { once: true }),
  wait: (run, ms) => void setTimeout(run, ms),
  idle: whenIdle,
});

/**
 * Settles once the page has loaded (its load event, or LOAD_WAIT_MS at most) and the main thread is then idle
 * (SETTLE_IDLE_MS at most; a browser without requestIdleCallback, Safari, waits whenIdle's fixed second). For what the tab starts on its own once taps work (the Apollo client and what waits
 * for it, the device's copy, the linked pages' code): started while the page's pictures and last chunks still
 * arrived and drew, its short tasks ran beside the browser's and each one's wall time stretched several times
 * over its CPU time (decision 0007, 2026-12-02 (a sixth host)).
 */
export function afterPageLoad(env: LoadEnv = browserLoadEnv()): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const loaded = () => {
      if (done) return;
      done = true;
      env.idle(resolve, SETTLE_IDLE_MS);
    };
    if (env.loaded()) return loaded();
    env.onLoad(loaded);
    env.wait(loaded, LOAD_WAIT_MS);
  });
}
