// @vitest-environment happy-dom
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryFor } from './loader-query';

/** What queryFor threw says offline: react-router turns it into the error page's response (see isOfflineError). */
const saysOffline = (thrown: unknown) => (thrown as { data?: { offline?: unknown } } | null)?.data?.offline === true;

const SHOP: TypedDocumentNode<{ shop: { variant: string } }, { channelId?: string; languageId?: string }> = gql`
  query Shop {
    shop {
      variant
    }
  }
`;

function clientWith(link: ApolloLink, cache = new InMemoryCache()) {
  return new ApolloClient({ link, cache });
}

async function routeErrorOf(client: ApolloClient): Promise<unknown> {
  return queryFor({ client: () => Promise.resolve(client), languageId: 'sv' }, SHOP, {}).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('queryFor', () => {
  it('calls a fetch that got no answer at all offline', async () => {
    // What fetch does when the connection is gone: reject with a TypeError.
    const lostConnection = new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch'))));
    expect(saysOffline(await routeErrorOf(clientWith(lostConnection)))).toBe(true);
  });

  it('does not call a TypeError from a bug outside the link chain offline', async () => {
    const answers = new ApolloLink(() => new Observable((observer) => {
      observer.next({ data: { shop: { __typename: 'Shop', variant: 'games' } } });
      observer.complete();
    }));
    const broken = new InMemoryCache({
      typePolicies: {
        Shop: {
          fields: {
            variant: () => {
              throw new TypeError("Cannot read properties of undefined (reading 'x')");
            },
          },
        },
      },
    });
    const error = await routeErrorOf(clientWith(answers, broken));
    expect(error).not.toBeNull();
    expect(saysOffline(error)).toBe(false);
  });

  describe("recording the first page (the router's recordOnly)", () => {
    afterEach(() => vi.unstubAllGlobals());

    it('starts each query in an idle moment of its own', async () => {
      const idle: (() => void)[] = [];
      vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
      const asked: string[] = [];
      const answers = new ApolloLink((operation) => {
        asked.push(operation.operationName ?? '');
        return new Observable((observer) => {
          observer.next({ data: { shop: { __typename: 'Shop', variant: 'games' } } });
          observer.complete();
        });
      });
      const client = clientWith(answers);
      const recorded = queryFor({ client: () => Promise.resolve(client), languageId: 'sv', recordOnly: true }, SHOP, {});
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked).toEqual([]);
      expect(idle).toHaveLength(1);
      idle[0]!();
      await expect(recorded).resolves.toEqual({ shop: { __typename: 'Shop', variant: 'games' } });
      expect(asked).toEqual(['Shop']);
    });

    it('fails at once when offline: no copy is read for an answer that only goes to the copy', async () => {
      vi.stubGlobal('requestIdleCallback', (run: () => void) => run());
      const lostConnection = new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch'))));
      const client = clientWith(lostConnection);
      const thrown = await queryFor({ client: () => Promise.resolve(client), languageId: 'sv', recordOnly: true }, SHOP, {}).then(
        () => null,
        (error: unknown) => error,
      );
      // The query's own error, not the offline page's answer from the device's copy.
      expect(saysOffline(thrown)).toBe(false);
      expect(thrown).toBeInstanceOf(Error);
    });
  });

  describe('a failed query opens the error page with its status and the technical text', () => {
    const answering = (fetch: () => Promise<Response>) => clientWith(new HttpLink({ uri: 'http://shop.test/graphql', fetch }));
    const failure = async (fetch: () => Promise<Response>) => {
      // What react-router turns into the error page's response (data() with a status).
      const error = (await routeErrorOf(answering(fetch))) as { data?: { message?: unknown }; init?: { status?: unknown } } | null;
      return { status: error?.init?.status, message: error?.data?.message };
    };

    it('an answer with status 300 or more', async () => {
      expect(await failure(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } })))).toEqual({
        status: 502,
        message: 'Response not successful: Received status code 502',
      });
    });

    it('a body that is not JSON', async () => {
      const { status, message } = await failure(() => Promise.resolve(new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } })));
      expect(status).toBe(500);
      expect(message).toMatch(/^JSON parse error: /);
    });

    it('a body with neither data nor errors', async () => {
      expect(await failure(() => Promise.resolve(Response.json({ hello: 1 })))).toEqual({ status: 500, message: 'Server response was missing for query Shop' });
    });

  });
});
