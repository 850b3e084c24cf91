import { createClient } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../db/client';
import { gql, withTestApp, type TestApp } from '../testing/app';
import { testDbKinds } from '../testing/db';

type App = TestApp;

describe.each(testDbKinds())('GraphQL input at the boundary on %s', (kind) => {
  let db: Db;
  let app: App;
  withTestApp(kind, (opened) => ({ db, app } = opened));

  const search = 'query ($t: String!) { products(filter: { searchText: $t }) { count } }';
  const refusedWith = (answer: Awaited<ReturnType<typeof gql>>, message: RegExp) => {
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors?.[0]?.message).toMatch(message);
    expect(answer.body.errors?.[0]?.message).not.toMatch(/Unexpected error/);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  };

  it('refuses NUL and unpaired surrogates in any String variable, however deep, with a clear error', async () => {
    for (const text of ['a\u0000b', 'a\ud800b', '\udc00', 'x\ud83d']) {
      refusedWith(await gql(app, search, { t: text }), /Variable \$t must not contain NUL characters or unpaired surrogates/);
    }
    const cart = 'mutation ($id: String!, $c: CheckoutInput!) { createOrUpdateCheckout(cartId: $id, checkout: $c) { cartId } }';
    refusedWith(await gql(app, cart, { id: 'A'.repeat(22), c: { firstName: 'Anna\u0000' } }), /Variable \$c must not contain NUL/);
    // A whole surrogate pair is a character like any other.
    expect((await gql(app, search, { t: 'spel 🎮' })).body.errors).toBeUndefined();
  });

  it('refuses the same in string literals written into the operation', async () => {
    refusedWith(await gql(app, '{ products(filter: { searchText: "a\\u0000b" }) { count } }'), /A string literal must not contain NUL/);
    // GraphQL's own parser already refuses an unpaired surrogate, escaped or not, as a syntax error.
    for (const literal of ['\\udc00', '\ud800']) {
      const answer = await gql(app, `{ products(filter: { searchText: "${literal}" }) { count } }`);
      expect(answer.body.errors?.[0]?.message).toMatch(/Syntax Error: Invalid/);
    }
  });

  it('refuses numbers beyond the safe integer range, such as a price of 1e30', async () => {
    const price = 'query ($min: Float) { products(filter: { price: { min: $min } }) { count } }';
    refusedWith(await gql(app, price, { min: 1e30 }), /Variable \$min must be a number from -9007199254740991 to 9007199254740991/);
    refusedWith(await gql(app, price, { min: -1e30 }), /must be a number from/);
    refusedWith(await gql(app, '{ products(filter: { price: { min: 1e30 } }) { count } }'), /A number literal must be a number from/);
    // The largest allowed price still runs.
    expect((await gql(app, price, { min: Number.MAX_SAFE_INTEGER })).body.data).toEqual({ products: { count: 0 } });
    const suggestions = 'query ($l: Int) { searchSuggestions(searchText: "zelda", limit: $l) { count } }';
    refusedWith(await gql(app, suggestions, { l: 1e30 }), /Variable \$l must be a number from/);
    // Within that range, Int arguments keep GraphQL's own 32-bit check.
    expect((await gql(app, suggestions, { l: 3e9 })).body.errors?.[0]?.message).toMatch(/Int cannot represent/);
  });

  it('refuses the same over the WebSocket, for operations and subscriptions', async () => {
    const address = await app.start();
    const client = createClient({ url: `${address.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
    const first = (query: string, variables: Record<string, unknown>) =>
      new Promise<{ errors?: readonly { message: string }[] }>((resolve, reject) => {
        client.subscribe({ query, variables }, { next: resolve, error: reject, complete: () => undefined });
      });
    try {
      // Only subscriptions run over the socket; a query is refused whichever check sees it first.
      await expect(first(search, { t: 'a\u0000' })).rejects.toEqual([expect.objectContaining({ message: expect.stringMatching(/must not contain NUL|Only subscriptions/) })]);
      const stock = await first('subscription ($s: [Int!]) { stockChanged(skuIds: $s) { skuId } }', { s: [1, 1e30] });
      expect(stock.errors?.[0]?.message).toMatch(/Variable \$s must be a number from/);
    } finally {
      await client.dispose();
    }
  });

  it('logs an unexpected error it masks, with its cause', async () => {
    const logged = vi.spyOn(app.fastify.log, 'error');
    const failure = new Error('connection reset by the database');
    const query = vi.spyOn(db, 'query').mockRejectedValueOnce(failure);
    try {
      const answer = await gql(app, '{ products(filter: { limit: 1 }) { count } }');
      expect(answer.body.errors?.[0]?.message).toBe('Unexpected error.');
      expect(JSON.stringify(answer.body)).not.toContain('connection reset');
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: failure }), expect.stringContaining('GraphQL'));
    } finally {
      query.mockRestore();
      logged.mockRestore();
    }
  });
});
