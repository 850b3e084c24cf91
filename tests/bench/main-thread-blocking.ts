/**
 * Total Blocking Time's sum over a page load's trace, counted twice: from each main-thread task's wall time, as
 * Lighthouse's simulation takes it, and from the CPU time the thread itself spent in the task. On a host whose cores
 * are shared (the server, the browser's other processes and Lighthouse itself run beside the page) a task's wall
 * time holds the moments the thread waited for a core, which Lighthouse multiplies by its slowdown as if the page
 * had spent them; the thread's own time is what the page costs (decision 0007, 2026-12-02 (later)).
 */

/** The fields of a Chrome trace event this reads (the JSON trace format's names). */
export interface TraceEvent {
  name: string;
  ph: string;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event, microseconds (complete events of threads with a thread clock). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

export interface Blocking {
  /** The sum over tasks after the first contentful paint of (wall time × slowdown − 50 ms), those above 0; ms. */
  fromWallTime: number;
  /** The same from the thread's own CPU time in each task; ms. */
  fromThreadTime: number;
  /** The longest task after the first contentful paint by the thread's own time, unslowed; ms. */
  longestThreadMs: number;
}

/** A task blocks the main thread beyond this long (Lighthouse's and the Long Tasks API's threshold). */
const BLOCKING_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The page's main thread is the one that started loading `pageUrl` in the main frame (its navigationStart), from
 * its first contentful paint on; null when the trace holds neither.
 */
export function mainThreadBlocking(events: readonly TraceEvent[], pageUrl: string, slowdown: number): Blocking | null {
  const start = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL === pageUrl).pop();
  if (!start) return null;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === start.pid && e.ts >= start.ts);
  if (!paint) return null;
  const blocking = { fromWallTime: 0, fromThreadTime: 0, longestThreadMs: 0 };
  for (const e of events) {
    if (e.ph !== 'X' || !TASK_NAMES.has(e.name) || e.pid !== start.pid || e.tid !== start.tid || e.ts < paint.ts) continue;
    const wallMs = (e.dur ?? 0) / 1000;
    const threadMs = (e.tdur ?? 0) / 1000;
    blocking.fromWallTime += Math.max(0, wallMs * slowdown - BLOCKING_MS);
    blocking.fromThreadTime += Math.max(0, threadMs * slowdown - BLOCKING_MS);
    blocking.longestThreadMs = Math.max(blocking.longestThreadMs, threadMs);
  }
  return blocking;
}
