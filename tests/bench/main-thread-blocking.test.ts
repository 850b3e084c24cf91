import { describe, expect, it } from 'vitest';
import { mainThreadBlocking, type TraceEvent } from './main-thread-blocking';

const MAIN = { pid: 7, tid: 1 };
const ms = (n: number) => n * 1000;

function task(at: number, wall: number, thread: number | undefined, where = MAIN, name = 'RunTask'): TraceEvent {
  return { name, ph: 'X', ts: ms(at), dur: ms(wall), ...(thread === undefined ? {} : { tdur: ms(thread) }), ...where };
}

function navigation(at: number, navigationId: string, url = 'http://127.0.0.1:4000/c/spel', mainFrame = true): TraceEvent {
  return { name: 'navigationStart', ph: 'R', ts: ms(at), ...MAIN, args: { data: { documentLoaderURL: url, isLoadingMainFrame: mainFrame, navigationId } } };
}
const paint = (at: number, navigationId: string): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ts: ms(at), ...MAIN, args: { data: { navigationId } } });

describe('mainThreadBlocking', () => {
  it('counts each task from the first paint on beyond 50 ms at the slowdown, from its wall time and from its thread time', () => {
    const events = [
      navigation(0, 'page'),
      task(100, 40, 30), // before the paint: not counted
      task(190, 40, 30), // under way at the paint: not counted either (it started before)
      paint(200, 'page'),
      task(300, 30, 10), // wall 30 × 4 = 120 → 70; thread 10 × 4 = 40 → 0
      task(400, 20, 15), // wall 80 → 30; thread 60 → 10
      { ...task(500, 100, 100), name: 'ThreadControllerImpl::RunTask' }, // Chrome's newer name: 350 and 350
      task(700, 12, 12), // 48: nothing
    ];
    expect(mainThreadBlocking(events, 4)).toEqual({ fromWallTime: 70 + 30 + 350, fromThreadTime: 10 + 350 });
  });

  it("reads the page's own load and main thread: not a picture's document, a subframe or an earlier page, nor other threads", () => {
    const events = [
      navigation(0, 'blank', 'about:blank'),
      paint(10, 'blank'),
      navigation(20, 'earlier', 'http://127.0.0.1:4000/'),
      paint(30, 'earlier'),
      task(40, 500, 500),
      navigation(1000, 'page'),
      navigation(1050, 'picture', ''), // an SVG picture's own document
      paint(1060, 'picture'),
      navigation(1070, 'frame', 'http://127.0.0.1:4000/embed', false),
      task(1080, 100, 100), // before the page's paint
      paint(1100, 'page'),
      task(1200, 30, 30, { pid: 7, tid: 2 }), // the compositor
      task(1300, 30, 30, { pid: 9, tid: 1 }), // another renderer
      { ...task(1400, 30, 30), ph: 'B' }, // not a complete event
      task(1500, 25, 20),
    ];
    expect(mainThreadBlocking(events, 4)).toEqual({ fromWallTime: 50, fromThreadTime: 30 });
  });

  it('says it cannot count from thread time when a task has none', () => {
    const blocking = mainThreadBlocking([navigation(0, 'page'), paint(10, 'page'), task(20, 30, undefined), task(60, 30, 30)], 4);
    expect(blocking?.fromWallTime).toBe(140);
    expect(blocking?.fromThreadTime).toBeNaN();
  });

  it('answers null without the navigation or its first paint', () => {
    expect(mainThreadBlocking([paint(10, 'page'), task(20, 100, 100)], 4)).toBeNull();
    expect(mainThreadBlocking([navigation(0, 'page'), paint(10, 'other'), task(20, 100, 100)], 4)).toBeNull();
  });
});
