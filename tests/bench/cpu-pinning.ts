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
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export interface CpuSplit {
  /** taskset lists such as "0" or "0-6". */
  host: string;
  page: string;
}

/** The last core for the page, the others for the rest; null where there is one core or no taskset. */
export function cpuSplit(cores = availableParallelism()): CpuSplit | null {
  if (process.platform !== 'linux' || cores < 2) return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { host: cores === 2 ? '0' : `0-${cores - 2}`, page: String(cores - 1) };
}

/** Every thread of the process, and what it starts from now on. */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' });
}

/** The CPUs a process may run on, as the kernel lists them ("0-1", "1"). */
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

const processType = (p: Process) => p.args.find((a) => a.startsWith('--type='))?.slice('--type='.length);

/**
 * Chromium has two zygotes: the one started with --no-zygote-sandbox forks the GPU process and utilities, the other
 * forks the renderers (and the storage service). Only the renderers' zygote, and the renderers, belong on the page's
 * set: a process forked later inherits its parent's.
 */
const belongsToPage = (p: Process) => processType(p) === 'renderer' || (processType(p) === 'zygote' && !p.args.includes('--no-zygote-sandbox'));

/**
 * Puts the renderers' zygote and every renderer below Chromium's browser process on the page's set and its other
 * processes on the host's (again before each run: the other zygote and the storage service fork on demand). Waits
 * for the zygote, which Chromium may start after its debugging port answers.
 */
export async function placeChromium(browserPid: number, split: CpuSplit, waitMs = 10_000): Promise<void> {
  for (let waited = 0; !descendants(browserPid).some((p) => processType(p) === 'zygote' && belongsToPage(p)); waited += 50) {
    if (waited >= waitMs) throw new Error(`no renderers' zygote below Chromium's process ${browserPid} after ${waitMs} ms: its renderers could not be placed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const p of descendants(browserPid)) {
    try {
      pin(p.pid, belongsToPage(p) ? split.page : split.host);
    } catch {
      // ended meanwhile (taskset fails on a process that is gone)
    }
  }
}

/**
 * Keeps every process below the browser where placeChromium puts it while a run goes on, looking every `everyMs`.
 * The renderers' zygote also forks utilities during a run, which are born on the page's set: Lighthouse's tracing
 * starts the tracing service (`--utility-sub-type=tracing.mojom.TracingService`), which spent 0.8 s of CPU in a
 * category page's run, more than a third of what the page's own main thread spent (decision 0007, 2026-12-04 (a
 * tenth host)). Only a process on the wrong set is moved.
 */
export function keepChromiumPlaced(browserPid: number, split: CpuSplit, everyMs = 100): { stop(): void } {
  const place = () => {
    for (const p of descendants(browserPid)) {
      const target = belongsToPage(p) ? split.page : split.host;
      try {
        if (allowedCpus(p.pid) !== target) pin(p.pid, target);
      } catch {
        // ended meanwhile
      }
    }
  };
  const timer = setInterval(place, everyMs);
  return { stop: () => clearInterval(timer) };
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
