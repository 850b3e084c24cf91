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
