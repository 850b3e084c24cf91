import { describe, expect, it } from 'vitest';
import { nextTask } from './idle';

describe('nextTask', () => {
  it('settles in a task of its own: after every microtask queued with it, however long their chain', async () => {
    const order: string[] = [];
    const settled = nextTask().then(() => order.push('task'));
    let chain = Promise.resolve();
    for (let i = 0; i < 50; i++) chain = chain.then(() => void order.push('microtask'));
    await settled;
    expect(order).toEqual([...Array<string>(50).fill('microtask'), 'task']);
  });
});
