// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserApollo } from './apollo';
import { CartDocument } from '../graphql/generated/documents/Cart';
import { LayoutDocument } from '../graphql/generated/documents/Layout';
import { onTokenRefused } from './token-store';
import { layoutGetUrl } from '../../shared/catalog-queries';
import { channels } from '../../shared/locales';

function stubFetch() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body });
      return new Response(JSON.stringify({ data: null, errors: [{ message: 'stub' }] }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('catalog reads as GET', () => {
  it('sends the layout query as a GET by hash, at the very URL the service worker precaches', async () => {
    const calls = stubFetch();
    const client = createBrowserApollo();
    const { channelId, languageId } = channels.sv;
    await client.query({ query: LayoutDocument, variables: { channelId, languageId } }).catch(() => undefined);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toBe(layoutGetUrl(channels.sv));
    expect(calls[0]?.url).not.toContain('query=');
  });

  it('keeps the cart a POST with its text', async () => {
    const calls = stubFetch();
    const client = createBrowserApollo();
    await client.query({ query: CartDocument, variables: { id: 'c1' } }).catch(() => undefined);
    expect(calls[0]?.method).toBe('POST');
    expect(String(calls[0]?.body)).toContain('getCart');
  });

  it('asks once more with the query text, as a POST, when the server does not know the hash (after a deploy)', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body });
        if (calls.length === 1) {
          const errors = [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }];
          return new Response(JSON.stringify({ errors }), { status: 400, headers: { 'Content-Type': 'application/graphql-response+json' } });
        }
        return new Response(JSON.stringify({ data: null, errors: [{ message: 'stub' }] }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const client = createBrowserApollo();
    const { channelId, languageId } = channels.sv;
    await client.query({ query: LayoutDocument, variables: { channelId, languageId } }).catch(() => undefined);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[1]?.method).toBe('POST');
    expect(String(calls[1]?.body)).toContain('query Layout');
    expect(String(calls[1]?.body)).not.toContain('persistedQuery');
  });
});

describe('bearer token', () => {
  afterEach(() => {
    document.cookie = 'apollo-token=; Path=/; Max-Age=0';
  });

  function stubHeaders(answer: () => Response) {
    const calls: { method: string; authorization: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push({ method: init.method ?? 'GET', authorization: new Headers(init.headers).get('authorization') });
        return answer();
      }),
    );
    return calls;
  }
  const stubAnswer = () => new Response(JSON.stringify({ data: null, errors: [{ message: 'stub' }] }), { headers: { 'Content-Type': 'application/json' } });

  it('goes on POSTs only, never on the catalog GETs the service worker keeps', async () => {
    document.cookie = 'apollo-token=tok.en.x; Path=/';
    const calls = stubHeaders(stubAnswer);
    const client = createBrowserApollo();
    const { channelId, languageId } = channels.sv;
    await client.query({ query: LayoutDocument, variables: { channelId, languageId } }).catch(() => undefined);
    await client.query({ query: CartDocument, variables: { id: 'c1' } }).catch(() => undefined);
    expect(calls).toEqual([
      { method: 'GET', authorization: null },
      { method: 'POST', authorization: 'Bearer tok.en.x' },
    ]);
  });

  it('drops a token the server refuses', async () => {
    document.cookie = 'apollo-token=old.to.ken; Path=/';
    stubHeaders(() => new Response(JSON.stringify({ errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] }), { headers: { 'Content-Type': 'application/json' } }));
    const refused = vi.fn();
    const stop = onTokenRefused(refused);
    await createBrowserApollo().query({ query: CartDocument, variables: { id: 'c1' } }).catch(() => undefined);
    await vi.waitFor(() => expect(refused).toHaveBeenCalledOnce());
    stop();
    expect(document.cookie).not.toContain('apollo-token=old');
  });
});
