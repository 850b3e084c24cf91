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
