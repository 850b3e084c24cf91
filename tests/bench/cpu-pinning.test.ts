import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedCpus, cpuSplit, descendants, keepChromiumPlaced, pin, placeChromium, renderers } from './cpu-pinning';

/**
 * A stand-in for Chromium's process tree: a parent that starts one process per type, each titled as Chromium titles
 * its processes (one line, its arguments joined by spaces, which is what /proc shows after a title is rewritten).
 */
function fakeChromium(types: string[][]): ChildProcess {
  const code = `
    const { spawn } = require('node:child_process');
    for (const args of ${JSON.stringify(types)})
      spawn(process.execPath, ['-e', 'process.title = ' + JSON.stringify('chromium ' + args.join(' ')) + '; setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    setInterval(() => {}, 1000);`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

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

describe('placeChromium', () => {
  it("puts the renderers' zygote and the renderers on the page's core and the other processes on the host's", async () => {
    // This machine has two cores or more (the workplace's have two).
    const split = cpuSplit()!;
    expect(split).not.toBeNull();
    const browser = fakeChromium([['--type=zygote', '--no-zygote-sandbox'], ['--type=zygote'], ['--type=renderer', '--lang=en-US'], ['--type=gpu-process'], ['--type=utility', '--utility-sub-type=network.mojom.NetworkService']]);
    running.push(browser);
    const titles = (): string[] => descendants(browser.pid!).map((p) => p.args.join(' '));
    await until(titles, (t) => t.length === 5 && t.every((title) => title.startsWith('chromium ')));

    await placeChromium(browser.pid!, split);

    const where = Object.fromEntries(descendants(browser.pid!).map((p) => [p.args.slice(1).join(' '), allowedCpus(p.pid)]));
    expect(where).toEqual({
      '--type=zygote --no-zygote-sandbox': split.host,
      '--type=zygote': split.page,
      '--type=renderer --lang=en-US': split.page,
      '--type=gpu-process': split.host,
      '--type=utility --utility-sub-type=network.mojom.NetworkService': split.host,
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

    const keeper = keepChromiumPlaced(browser.pid!, split, 20);
    try {
      await until(() => allowedCpus(find('--type=utility')), (cpus) => cpus === split.host);
      expect(allowedCpus(find('--type=renderer'))).toBe(split.page);
      expect(allowedCpus(find('--type=zygote'))).toBe(split.page);
    } finally {
      keeper.stop();
    }
  });

  it('refuses to measure when no renderer can be placed (no zygote appears)', async () => {
    const split = cpuSplit()!;
    const browser = fakeChromium([['--type=gpu-process']]);
    running.push(browser);
    await until(() => descendants(browser.pid!), (d) => d.length === 1);
    await expect(placeChromium(browser.pid!, split, 200)).rejects.toThrow(/no renderers' zygote/);
  });
});
