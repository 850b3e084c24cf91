import { describe, expect, it } from 'vitest';
import { mainThreadBlocking, type TraceEvent } from './main-thread-blocking';

const URL = 'http://127.0.0.1:4000/c/spel';
const MAIN = { pid: 7, tid: 1 };
const ms = (n: number) => n * 1000;

function task(at: number, wall: number, thread: number, where = MAIN, name = 'RunTask'): TraceEvent {
  return { name, ph: 'X', ts: ms(at), dur: ms(wall), tdur: ms(thread), ...where };
}

const navigation = (at: number, url = URL): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  ts: ms(at),
  ...MAIN,
  args: { data: { documentLoaderURL: url, isLoadingMainFrame: true } },
});
const paint = (at: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ts: ms(at), ...MAIN });

describe('mainThreadBlocking', () => {
  it('counts each task after the first paint beyond 50 ms at the slowdown, from its wall time and from its thread time', () => {
    const events = [
      navigation(0),
      task(100, 40, 30), // before the paint: not counted
      paint(200),
      task(300, 30, 10), // wall 30 × 4 = 120 → 70; thread 10 × 4 = 40 → 0
      task(400, 20, 15), // wall 80 → 30; thread 60 → 10
      { ...task(500, 100, 100), name: 'ThreadControllerImpl::RunTask' }, // Chrome's newer name: 350 and 350
      task(700, 12, 12), // 48: nothing
    ];
    expect(mainThreadBlocking(events, URL, 4)).toEqual({ fromWallTime: 70 + 30 + 350, fromThreadTime: 10 + 350, longestThreadMs: 100 });
  });

  it("reads the page's own main thread and load: not another thread's or process's tasks, nor an earlier page's", () => {
    const events = [
      navigation(0, 'about:blank'),
      paint(10),
      task(20, 500, 500),
      navigation(1000),
      paint(1100),
      task(1200, 30, 30, { pid: 7, tid: 2 }), // the compositor
      task(1300, 30, 30, { pid: 9, tid: 1 }), // another renderer
      { ...task(1400, 30, 30), ph: 'B' }, // not a complete event
      task(1500, 25, 20),
    ];
    expect(mainThreadBlocking(events, URL, 4)).toEqual({ fromWallTime: 50, fromThreadTime: 30, longestThreadMs: 20 });
  });

  it('answers null without the navigation or its first paint', () => {
    expect(mainThreadBlocking([paint(10), task(20, 100, 100)], URL, 4)).toBeNull();
    expect(mainThreadBlocking([navigation(0), task(20, 100, 100)], URL, 4)).toBeNull();
  });
});
