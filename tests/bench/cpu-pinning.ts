/**
 * Gives the page under test a core of its own (Linux, taskset from util-linux). On a 2-core host the page's renderer
 * otherwise shares its cores with Lighthouse's own process (1.9–3.4 s of CPU per run), the shop's server and
 * Chromium's browser and network processes; its tasks then wait for a core, and Lighthouse counts the waits as if
 * the page had computed through them (decision 0007, 2026-12-03 (an eighth host)). A phone gives the page a core: it
 * has eight and nothing else to run. The bench's own process (with its threads, and every process it starts
 * afterwards: the server, the browser) goes on the host's set; the zygote that forks Chromium's renderers, and any
 * renderer already running, go on the page's set, so each new renderer is born there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export interface CpuSplit {
  /** taskset lists such as "0" or "0-6". */
  host: string;
  page: string;
}

/**
 * The last CPU this process may use for the page, the others for the rest; null where there is one, or no taskset.
 * From the CPUs the process may use (a container's set need not start at 0), not from their count.
 */
export function cpuSplit(): CpuSplit | null {
  if (process.platform !== 'linux') return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return splitOf(allowedCpus(process.pid));
}

/** A CPU list split as cpuSplit does: null for one CPU. */
export function splitOf(allowed: string): CpuSplit | null {
  const cpus = cpuList(allowed);
  return cpus.length < 2 ? null : { host: cpus.slice(0, -1).join(','), page: String(cpus.at(-1)) };
}

/** A kernel CPU list ("0-2,5") as its CPUs. */
export function cpuList(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: to! - from + 1 }, (_, i) => from + i);
  });
}

/** Every thread of the process, and what it starts from now on. */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' });
}

/** One thread only (a thread id from /proc/<pid>/task); the threads it starts from now on inherit it. */
export function pinThread(tid: number, cpus: string): void {
  execFileSync('taskset', ['-c', '-p', cpus, String(tid)], { stdio: 'ignore' });
}

/** Whether two CPU lists name the same CPUs (the kernel writes "0-2" where a split says "0,1,2"). */
export const sameCpus = (a: string, b: string): boolean => cpuList(a).join(',') === cpuList(b).join(',');

/** Whether a thread may run on exactly the CPUs of `cpus`. */
export const runsOn = (tid: number, cpus: string): boolean => sameCpus(allowedCpus(tid), cpus);

/** The CPUs a process (its main thread) or one thread may run on, as the kernel lists them ("0-1", "1"). */
export function allowedCpus(pid: number): string {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Cpus_allowed_list:'));
  if (!line) throw new Error(`no Cpus_allowed_list for process ${pid}`);
  return line.split(':')[1]!.trim();
}

interface Process {
  pid: number;
  /** Its command line's words: Chromium rewrites its processes' titles into one line, so split at NULs and spaces. */
  args: string[];
}

/** The processes below root, root excluded; a process that ends while it is read is left out. */
export function descendants(root: number): Process[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name in parentheses may hold spaces and parentheses: the fields after its last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const found: Process[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      found.push({ pid, args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean) });
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The process's thread ids; its main thread's is its process id. Empty for a process that has ended. */
export function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

/**
 * What goes on the page's set: each renderer whole ('renderers'); each renderer's main thread alone ('main-threads':
 * its other threads, V8's compiler and GC helpers, its compositor, its workers, on the host's); or each renderer
 * whole with its other threads at the lowest priority ('main-first': they run when its main thread waits or is idle;
 * its tracing threads keep the normal one, TRACING_THREADS, and one not yet named waits for its name).
 * A phone runs those other threads on its other cores: shared alike, they stretched the main thread's tasks, which
 * Lantern counts; on the host's loaded set, the main thread waited for them (a scavenge's safepoint). bench:lighthouse
 * uses 'main-first' (decision 0007, 2026-12-04 (an eleventh host)).
 */
export type PagePlacement = 'renderers' | 'main-threads' | 'main-first';

/** The thread's nice value: Linux's getpriority and setpriority apply to the one thread named. */
export const niceOf = (tid: number): number => getPriority(tid);

const LOWEST_PRIORITY = 19;

/** A thread's name as the kernel keeps it (15 characters at most); '' for one that has ended. */
export function threadName(pid: number, tid: number): string {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * A renderer's threads that keep the normal priority under 'main-first': Perfetto's, which records its trace, and its
 * IO thread, through which its messages come (the trace's, and the network's data and input for the page). At the
 * lowest priority, on a core the main thread kept busy, a renderer started for the page's navigation began tracing
 * only after it had committed: the trace lacked the page's navigationStart and Lighthouse refused the run
 * (NO_NAVSTART). On 2026-12-04 (a twelfth host) it refused 15 runs in four benches, two of which gave up after three
 * in a row; none of 27 runs since, with these two threads at the normal priority. A phone runs both on other cores.
 */
const TRACING_THREADS = new Set(['PerfettoTrace', 'Chrome_ChildIOT']);

/**
 * The priority a renderer's thread gets under 'main-first', or null for one not yet named: a thread is born with its
 * starter's name (the main thread's, which Chromium leaves unnamed, for the tracing threads) and takes its own at once,
 * and one lowered first would have to be raised again, which only root may do (setPriorityIfAllowed). A thread that
 * never takes a name would stay at the normal priority: none of Chromium's does.
 */
function mainFirstPriority(pid: number, tid: number, mainName: string): number | null {
  if (tid === pid) return 0;
  const name = threadName(pid, tid);
  if (TRACING_THREADS.has(name)) return 0;
  return name === mainName ? null : LOWEST_PRIORITY;
}

const processType = (p: Process) => p.args.find((a) => a.startsWith('--type='))?.slice('--type='.length);

/**
 * Chromium has two zygotes: the one started with --no-zygote-sandbox forks the GPU process and utilities, the other
 * forks the renderers (and the storage service). Only the renderers' zygote, and the renderers, belong on the page's
 * set: a process forked later inherits its parent's.
 */
const belongsToPage = (p: Process) => processType(p) === 'renderer' || (processType(p) === 'zygote' && !p.args.includes('--no-zygote-sandbox'));

/**
 * Sets a thread's priority; raising one that a lowered thread started (it was born low) takes root, and a refusal
 * leaves it low: only the tracing threads are ever raised, and they are an aid to the trace (TRACING_THREADS).
 */
function setPriorityIfAllowed(tid: number, nice: number): void {
  try {
    setPriority(tid, nice);
  } catch (error) {
    const refused = ['EACCES', 'EPERM'].includes((error as { info?: { code?: string } }).info?.code ?? '');
    if (!(refused && nice < niceOf(tid))) throw error;
  }
}

/**
 * Runs a step on a process or thread that may end meanwhile: taskset, setpriority and /proc fail on one that is gone,
 * which is no failure. Any other (a refusal, a missing taskset) is one.
 */
function unlessGone(tid: number, step: () => void): void {
  try {
    step();
  } catch (error) {
    if (existsSync(`/proc/${tid}`)) throw error;
  }
}

/**
 * Puts one process below the browser where it belongs, moving only what is on the wrong set: with 'main-threads' and
 * 'main-first', a renderer's threads one by one (a thread it starts is born with its starter's set and priority).
 * Answers whether the process belongs on the page's set and its main thread was found off it.
 */
function place(p: Process, split: CpuSplit, placement: PagePlacement): boolean {
  let onPage = true;
  unlessGone(p.pid, () => {
    onPage = runsOn(p.pid, split.page);
  });
  const stray = belongsToPage(p) && !onPage;
  if (placement !== 'renderers' && processType(p) === 'renderer') {
    const mainName = placement === 'main-first' ? threadName(p.pid, p.pid) : '';
    for (const tid of threadsOf(p.pid)) {
      const main = tid === p.pid;
      const target = main || placement === 'main-first' ? split.page : split.host;
      unlessGone(tid, () => {
        if (!runsOn(tid, target)) pinThread(tid, target);
        if (placement !== 'main-first') return;
        const nice = mainFirstPriority(p.pid, tid, mainName);
        if (nice !== null && niceOf(tid) !== nice) setPriorityIfAllowed(tid, nice);
      });
    }
    return stray;
  }
  unlessGone(p.pid, () => {
    if (belongsToPage(p) ? !onPage : !runsOn(p.pid, split.host)) pin(p.pid, belongsToPage(p) ? split.page : split.host);
  });
  return stray;
}

/**
 * Puts the renderers' zygote and every renderer below Chromium's browser process on the page's set (see
 * PagePlacement for their threads) and its other processes on the host's (again before each run: the other zygote
 * and the storage service fork on demand). Waits for the zygote, which Chromium may start after its debugging port
 * answers.
 */
export async function placeChromium(browserPid: number, split: CpuSplit, placement: PagePlacement = 'renderers', waitMs = 10_000): Promise<void> {
  for (let waited = 0; !descendants(browserPid).some((p) => processType(p) === 'zygote' && belongsToPage(p)); waited += 50) {
    if (waited >= waitMs) throw new Error(`no renderers' zygote below Chromium's process ${browserPid} after ${waitMs} ms: its renderers could not be placed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Again while a pass finds a renderer off the page's set: one the zygote forked during the pass, before it was moved.
  for (let pass = 0; descendants(browserPid).filter((p) => place(p, split, placement)).length && pass < 10; pass++);
}

/**
 * Keeps every process below the browser where placeChromium puts it while a run goes on, looking every `everyMs`.
 * The renderers' zygote also forks utilities during a run, which are born on the page's set: Lighthouse's tracing
 * starts the tracing service (`--utility-sub-type=tracing.mojom.TracingService`), which spent 0.8 s of CPU in a
 * category page's run, more than a third of what the page's own main thread spent (decision 0007, 2026-12-04 (a
 * tenth host)). A renderer's new threads (a worker the page starts, V8's helpers) are placed at the next look. Only
 * what is on the wrong set is moved. `stop` answers how many times a renderer or the renderers' zygote itself was
 * found off the page's set (none is born there: the run did not measure what it says), or throws what stopped the
 * looking.
 */
export function keepChromiumPlaced(browserPid: number, split: CpuSplit, placement: PagePlacement = 'renderers', everyMs = 100): { stop(): number } {
  let strays = 0;
  let failure: unknown = null;
  const timer = setInterval(() => {
    try {
      for (const p of descendants(browserPid)) if (place(p, split, placement)) strays++;
    } catch (error) {
      failure = error;
      clearInterval(timer);
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      if (failure) throw failure;
      return strays;
    },
  };
}

/** The renderers below the browser, each with the CPUs it may run on ('' for one that ended while read). */
export function renderers(browserPid: number): Array<{ pid: number; cpus: string }> {
  return descendants(browserPid)
    .filter((p) => processType(p) === 'renderer')
    .map(({ pid }) => {
      try {
        return { pid, cpus: allowedCpus(pid) };
      } catch {
        return { pid, cpus: '' };
      }
    });
}
