import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError, ServerParseError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../cart-store';
import { apolloSender, classifySendError } from './send';

const entry: OutboxEntry = { key: 'key-1', seq: 1, intent: { kind: 'add', skuId: 1, quantity: 1 }, preview: null, queuedAt: 0, tries: 0, serverFailures: 0, nextAttemptAt: 0 };
const channel = () => ({ channelId: '1', languageId: 'sv' as const });

/** A client whose every request goes to `fetch`, as the shop's does to the GraphQL endpoint. */
function clientWith(fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  return new ApolloClient({ link: new HttpLink({ uri: 'http://shop.test/graphql', fetch }), cache: new InMemoryCache() });
}

const graphqlErrors = (...codes: (string | undefined)[]) =>
  new CombinedGraphQLErrors({ data: null, errors: codes.map((code) => ({ message: `failed: ${code ?? 'no code'}`, extensions: code ? { code } : {} })) });
const http = (status: number, contentType = 'application/graphql-response+json; charset=utf-8', redirected = false) => {
  const response = new Response('{}', { status, headers: { 'content-type': contentType } });
  if (redirected) Object.defineProperty(response, 'redirected', { value: true });
  return new ServerError('bad status', { response, bodyText: '{}' });
};

describe('what a failed cart change means for the outbox', () => {
  it('refuses for good what the API rejects as input (unknown SKU, quantity out of range, a malformed request)', () => {
    expect(classifySendError(graphqlErrors('BAD_USER_INPUT'))).toEqual({ kind: 'refused', reason: 'failed: BAD_USER_INPUT' });
    expect(classifySendError(graphqlErrors('GRAPHQL_VALIDATION_FAILED'))).toMatchObject({ kind: 'refused' });
    expect(classifySendError(http(400))).toMatchObject({ kind: 'refused' });
    expect(classifySendError(http(413))).toMatchObject({ kind: 'refused' });
  });

  it('retries, counting towards giving up, when the server is the trouble: 5xx, 408, 429, rate limits, unexpected errors', () => {
    for (const error of [http(500), http(503), http(408), http(429), graphqlErrors('RATE_LIMITED'), graphqlErrors(undefined), graphqlErrors('BAD_USER_INPUT', 'INTERNAL_SERVER_ERROR')]) {
      expect(classifySendError(error)).toEqual({ kind: 'retry', server: true });
    }
    expect(classifySendError(http(500, 'application/json'))).toEqual({ kind: 'retry', server: true });
  });

  it('retries without counting when the server was not reached or its answer never came back', () => {
    expect(classifySendError(new TypeError('Failed to fetch'))).toEqual({ kind: 'retry', server: false });
    expect(classifySendError(new DOMException('The operation was aborted.', 'AbortError'))).toEqual({ kind: 'retry', server: false });
  });

  it("retries without counting when the answer is not clearly the server's: a captive portal or proxy page, a login demand, a redirect", () => {
    const portal = [http(502, 'text/html'), http(200, 'text/html'), http(511), http(401), http(403), http(407), http(400, ''), http(404, 'text/plain'), http(500, 'application/json', true)];
    for (const error of portal) expect(classifySendError(error)).toEqual({ kind: 'retry', server: false });
    const html = new ServerParseError(new SyntaxError('Unexpected token <'), { response: new Response('<html>', { headers: { 'content-type': 'text/html' } }), bodyText: '<html>' });
    expect(classifySendError(html)).toEqual({ kind: 'retry', server: false });
  });
});

describe('sending a cart change', () => {
  it('gives a request that hangs up after the timeout as a network failure, and the retry carries the same key', async () => {
    const keys: unknown[] = [];
    // A connection that never answers: only the request's own signal ends it.
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        keys.push((JSON.parse(String(init?.body)) as { variables: { idempotencyKey: string } }).variables.idempotencyKey);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    const send = apolloSender(clientWith(hanging), channel, 50);
    expect(await send(entry, 'cart-1')).toEqual({ kind: 'retry', server: false });
    expect(await send(entry, 'cart-1')).toEqual({ kind: 'retry', server: false });
    expect(keys).toEqual(['key-1', 'key-1']);
  });
});
