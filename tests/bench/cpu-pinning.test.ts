import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { setPriority } from 'node:os';
import { allowedCpus, cpuList, cpuSplit, splitOf, descendants, keepChromiumPlaced, niceOf, pin, placeChromium, renderers, runsOn, threadName, threadsOf, type PagePlacement } from './cpu-pinning';

/**
 * A stand-in for Chromium's process tree: a parent that starts one process per type, each titled as Chromium titles
 * its processes (one line, its arguments joined by spaces, which is what /proc shows after a title is rewritten). A
 * renderer names its threads (a thread may rename only its own process's): as Chromium names the two that carry its
 * trace, then one left with the main thread's name (not yet named), then the rest as its compositor.
 */
function fakeChromium(types: string[][]): ChildProcess {
  const names = JSON.stringify([...TRACING_THREADS, null]);
  const threadNames = `const fs = require('node:fs'); const names = ${names}; fs.readdirSync('/proc/self/task').filter((t) => t !== String(process.pid)).forEach((tid, i) => { fs.writeFileSync('/proc/self/task/' + tid + '/comm', i < names.length ? (names[i] ?? fs.readFileSync('/proc/self/comm', 'utf8').trim()) : 'Compositor'); });`;
  const code = `
    const { spawn } = require('node:child_process');
    for (const args of ${JSON.stringify(types)})
      spawn(process.execPath, ['-e', 'process.title = ' + JSON.stringify('chromium ' + args.join(' ')) + ';' + (args.includes('--type=renderer') ? ${JSON.stringify(threadNames)} : '') + 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    setInterval(() => {}, 1000);`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

const TRACING_THREADS = ['PerfettoTrace', 'Chrome_ChildIOT'];

async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const parent of running.splice(0)) {
    for (const { pid } of descendants(parent.pid!)) {
      try {
        process.kill(pid);
      } catch {
        // it ended between the listing and the kill
      }
    }
    parent.kill();
  }
});

/** A fake Chromium whose processes have all taken their titles, and a way to find one by its type argument. */
async function startFake(types: string[][]): Promise<{ pid: number; find(type: string): number }> {
  const browser = fakeChromium(types);
  running.push(browser);
  await until(() => descendants(browser.pid!), (d) => d.length === types.length && d.every((p) => p.args[0] === 'chromium'));
  return { pid: browser.pid!, find: (type) => descendants(browser.pid!).find((p) => p.args.includes(type))!.pid };
}

/** Runs `body` while a keeper looks every 20 ms, and answers how many strays it counted (it stops in any case). */
async function whileKept(browserPid: number, placement: PagePlacement, body: () => Promise<void>): Promise<number> {
  const keeper = keepChromiumPlaced(browserPid, cpuSplit()!, placement, 20);
  try {
    await body();
    return keeper.stop();
  } finally {
    keeper.stop();
  }
}

describe('cpuSplit', () => {
  it('splits the CPUs the process may use, whatever their numbers: the last for the page', () => {
    expect(cpuList('0-2,5,7-8')).toEqual([0, 1, 2, 5, 7, 8]);
    expect(splitOf('2-3')).toEqual({ host: '2', page: '3' });
    expect(splitOf('0-3')).toEqual({ host: '0,1,2', page: '3' });
    expect(splitOf('4')).toBeNull();
  });
});

// Placing needs Linux, two CPUs and taskset (the workplace's machines and CI have them).
describe.skipIf(!cpuSplit())('placeChromium', () => {
  it("puts the renderers' zygote and the renderers on the page's core and the other processes on the host's", async () => {
    const split = cpuSplit()!;
    const browser = fakeChromium([['--type=zygote', '--no-zygote-sandbox'], ['--type=zygote'], ['--type=renderer', '--lang=en-US'], ['--type=gpu-process'], ['--type=utility', '--utility-sub-type=network.mojom.NetworkService']]);
    running.push(browser);
    const titles = (): string[] => descendants(browser.pid!).map((p) => p.args.join(' '));
    await until(titles, (t) => t.length === 5 && t.every((title) => title.startsWith('chromium ')));

    await placeChromium(browser.pid!, split);

    const where = Object.fromEntries(descendants(browser.pid!).map((p) => [p.args.slice(1).join(' '), runsOn(p.pid, split.page) ? 'page' : runsOn(p.pid, split.host) ? 'host' : allowedCpus(p.pid)]));
    expect(where).toEqual({
      '--type=zygote --no-zygote-sandbox': 'host',
      '--type=zygote': 'page',
      '--type=renderer --lang=en-US': 'page',
      '--type=gpu-process': 'host',
      '--type=utility --utility-sub-type=network.mojom.NetworkService': 'host',
    });
    expect(renderers(browser.pid!)).toEqual([{ pid: expect.any(Number), cpus: split.page }]);
  });

  it("moves a process born on the page's core during a run to the host's, and leaves the renderers there", async () => {
    const split = cpuSplit()!;
    const browser = fakeChromium([['--type=zygote'], ['--type=renderer'], ['--type=utility', '--utility-sub-type=tracing.mojom.TracingService']]);
    running.push(browser);
    await until(() => descendants(browser.pid!), (d) => d.length === 3 && d.every((p) => p.args[0] === 'chromium'));
    await placeChromium(browser.pid!, split);
    const find = (type: string) => descendants(browser.pid!).find((p) => p.args.includes(type))!.pid;
    // As the renderers' zygote forks it: on the page's core.
    pin(find('--type=utility'), split.page);

    const strays = await whileKept(browser.pid!, 'renderers', async () => {
      await until(() => runsOn(find('--type=utility'), split.host), Boolean);
      expect(runsOn(find('--type=renderer'), split.page)).toBe(true);
      expect(runsOn(find('--type=zygote'), split.page)).toBe(true);
    });
    // A utility moved is no stray: nothing that belongs on the page's core was found off it.
    expect(strays).toBe(0);
  });

  it('counts a renderer found off the page\'s core during a run, so the run is not taken for what it says', async () => {
    const split = cpuSplit()!;
    const browser = await startFake([['--type=zygote'], ['--type=renderer']]);
    await placeChromium(browser.pid, split);
    const renderer = browser.find('--type=renderer');
    const strays = await whileKept(browser.pid, 'renderers', async () => {
      pin(renderer, split.host);
      await until(() => runsOn(renderer, split.page), Boolean);
    });
    expect(strays).toBeGreaterThan(0);
  });

  it('refuses to measure when no renderer can be placed (no zygote appears)', async () => {
    const split = cpuSplit()!;
    const browser = fakeChromium([['--type=gpu-process']]);
    running.push(browser);
    await until(() => descendants(browser.pid!), (d) => d.length === 1);
    await expect(placeChromium(browser.pid!, split, 'renderers', 200)).rejects.toThrow(/no renderers' zygote/);
  });

  it("with 'main-first', keeps each renderer on the page's core with its other named threads but the tracing ones at the lowest priority, again for a thread that starts later", async () => {
    const split = cpuSplit()!;
    const browser = await startFake([['--type=zygote'], ['--type=renderer'], ['--type=gpu-process']]);
    const renderer = browser.find('--type=renderer');
    // Node's own threads (V8's platform workers) stand in for the renderer's: its tracing ones, one not yet named, and
    // its compositor and V8's helpers.
    const named = (name: string) => () => threadsOf(renderer).filter((tid) => tid !== renderer && threadName(renderer, tid) === name);
    const helpers = named('Compositor');
    await until(helpers, (tids) => tids.length > 0);

    await placeChromium(browser.pid, split, 'main-first');

    expect(threadsOf(renderer).every((tid) => runsOn(tid, split.page))).toBe(true);
    expect(niceOf(renderer)).toBe(0);
    expect(TRACING_THREADS.map((name) => named(name)().map(niceOf))).toEqual(TRACING_THREADS.map(() => [0]));
    expect(named(threadName(renderer, renderer))().map(niceOf)).toEqual([0]);
    expect(helpers().map(niceOf)).toEqual(helpers().map(() => 19));
    expect(runsOn(browser.find('--type=gpu-process'), split.host)).toBe(true);

    // As a thread the main thread starts is born: its starter's priority and set. (Raising a thread's priority back
    // takes root, as the workplace's machines and CI run.)
    if (process.getuid?.() !== 0) return;
    const born = helpers()[0]!;
    setPriority(born, 0);
    const strays = await whileKept(browser.pid, 'main-first', async () => {
      await until(() => niceOf(born), (nice) => nice === 19);
    });
    expect(strays).toBe(0);
    expect(threadsOf(renderer).every((tid) => runsOn(tid, split.page))).toBe(true);
    expect(niceOf(renderer)).toBe(0);
  });

  it("with 'main-threads', puts each renderer's main thread alone on the page's core and its other threads on the host's", async () => {
    const split = cpuSplit()!;
    const browser = await startFake([['--type=zygote'], ['--type=renderer']]);
    const renderer = browser.find('--type=renderer');

    await placeChromium(browser.pid, split, 'main-threads');

    expect(runsOn(renderer, split.page)).toBe(true);
    const helpers = threadsOf(renderer).filter((tid) => tid !== renderer);
    expect(helpers.length).toBeGreaterThan(0);
    expect(helpers.every((tid) => runsOn(tid, split.host))).toBe(true);
  });
});
