// @vitest-environment happy-dom
import { ApolloClient, ApolloLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { queryFor } from './route-context';

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
});
