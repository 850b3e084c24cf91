import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_WARM_UP } from './Document';

/** Runs the head's warm-up in a bare context whose cookies and storage areas count their reads (or refuse them). */
function runWarmUp(refuse: boolean) {
  const read: string[] = [];
  const timers: Array<() => void> = [];
  const area = (name: string) => ({
    get length() {
      read.push(name);
      if (refuse) throw new Error(`${name} refused`);
      return 0;
    },
  });
  const sessionStorage = area('sessionStorage');
  const localStorage = area('localStorage');
  const context = {
    setTimeout: (fn: () => void) => void timers.push(fn),
    document: {
      get cookie() {
        read.push('cookie');
        if (refuse) throw new Error('cookies refused');
        return '';
      },
    },
    get sessionStorage() {
      return sessionStorage;
    },
    get localStorage() {
      return localStorage;
    },
  };
  runInNewContext(STORAGE_WARM_UP, context);
  return { read, timers };
}

describe('the head script warming up the cookies and the storage areas', () => {
  it('reads each once, in a task of its own after the script', () => {
    const { read, timers } = runWarmUp(false);
    expect(read).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(read).toEqual(['cookie', 'sessionStorage', 'localStorage']);
  });

  it('goes on past a browser that refuses each of them', () => {
    const { read, timers } = runWarmUp(true);
    expect(() => timers[0]!()).not.toThrow();
    expect(read).toEqual(['cookie', 'sessionStorage', 'localStorage']);
  });
});
