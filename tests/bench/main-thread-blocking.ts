/**
 * A Total Blocking Time sum over a page load's trace, counted twice: from each main-thread task's wall time and from
 * the CPU time the thread itself spent in it. Lighthouse multiplies wall times by its slowdown; on a host whose two
 * cores the server, the browser's other processes and Lighthouse itself share with the page, a task's wall time also
 * holds the moments its thread was off the CPU (waiting for a core, or for another thread or the disk), which the
 * slowdown multiplies as if the page had computed through them. The CPU time is the page's own work, a lower bound of
 * what the task costs (decision 0007, 2026-12-02 (later)).
 *
 * Not Lighthouse's own figure: that clips the tasks to the window from the first contentful paint to the time to
 * interactive of its simulated timeline. This counts, on the trace's real timeline, every task that starts at the
 * first contentful paint or after it, to the trace's end.
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
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean; navigationId?: string } };
}

export interface Blocking {
  /** The sum over the tasks of (wall time × slowdown − 50 ms), those above 0; ms. */
  fromWallTime: number;
  /** The same from the thread's own CPU time in each task; NaN when a task's trace event has none. */
  fromThreadTime: number;
}

/** A task blocks the main thread beyond this long (Lighthouse's and the Long Tasks API's threshold). */
const BLOCKING_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The page is the last document the main frame loaded over http(s) (as Lighthouse finds it: the pictures' own SVG
 * documents and about:blank start navigations too), its main thread the one that started it, its first contentful
 * paint the one of that navigation. Null when the trace holds no such navigation or paint.
 */
export function mainThreadBlocking(events: readonly TraceEvent[], slowdown: number): Blocking | null {
  const start = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? ''))
    .sort((a, b) => a.ts - b.ts)
    .pop();
  const navigationId = start?.args?.data?.navigationId;
  if (!start || !navigationId) return null;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === navigationId);
  if (!paint) return null;
  const blocking = { fromWallTime: 0, fromThreadTime: 0 };
  for (const e of events) {
    if (e.ph !== 'X' || !TASK_NAMES.has(e.name) || e.pid !== start.pid || e.tid !== start.tid || e.ts < paint.ts) continue;
    const wallMs = (e.dur ?? 0) / 1000;
    const threadMs = e.tdur === undefined ? NaN : e.tdur / 1000;
    blocking.fromWallTime += Math.max(0, wallMs * slowdown - BLOCKING_MS);
    blocking.fromThreadTime += Math.max(0, threadMs * slowdown - BLOCKING_MS);
  }
  return blocking;
}
