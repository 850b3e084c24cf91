/**
 * A background job run every `intervalMs` (and once right away) until stopped: the mail sender and the payment
 * sweeper. One round at a time: a tick that comes while a round still runs (a slow mail server or payment
 * provider) is skipped, so rounds never stack up. A failed round is reported to `onError` and the next tick tries
 * again. The timer is unref'd: the job alone keeps no process alive. rxjs (already a dependency, for Apollo) could
 * schedule the ticks with timer + exhaustMap, but neither unrefs its timer nor lets stop() wait for a round in
 * progress, which is what shutting down cleanly needs; so this is plain setInterval.
 */
export interface PeriodicJob {
  /** Stops the ticks and waits for a round in progress to finish. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  intervalMs: number;
  run(): Promise<unknown>;
  onError(error: unknown): void;
}

export function startPeriodicJob({ intervalMs, run, onError }: PeriodicJobOptions): PeriodicJob {
  let running: Promise<void> | undefined;
  const round = () => {
    if (running) return;
    running = run()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  round();
  let timer: NodeJS.Timeout | undefined = setInterval(round, intervalMs);
  timer.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
