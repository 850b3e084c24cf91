import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppPubSub } from './pubsub';

/** An address where Redis is not: connections are accepted and cut at once, as while Redis restarts. */
let refusing: Server;
let port = 0;
beforeAll(async () => {
  refusing = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  port = (refusing.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => refusing.close(() => resolve())));

describe('the Redis pub/sub while Redis is away', () => {
  it('answers failed publish and subscribe commands to its error handler instead of leaving them unhandled (which ends the process)', async () => {
    const onRedisError = vi.fn();
    const { pubsub, listen, close } = createAppPubSub(`redis://127.0.0.1:${port}`, 'test:', onRedisError);
    try {
      const stop = listen('cartChanged:abc', () => undefined);
      pubsub.publish('cartChanged', 'abc', { cartId: 'abc' });
      // ioredis gives a command up after its retries (maxRetriesPerRequest 2): both commands end in the handler.
      await vi.waitFor(() => expect(onRedisError.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      expect(String(onRedisError.mock.calls[0]![0])).toMatch(/retr/i);
      stop();
    } finally {
      await close();
    }
  });
});
