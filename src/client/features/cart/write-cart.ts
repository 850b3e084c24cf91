import type { ApolloCache } from '@apollo/client';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { CartDocument } from '../../graphql/generated/documents/Cart';

type Channel = { channelId: string; languageId: string };

/**
 * Carts are not normalised (their texts and warnings are in one language), so a mutation's answer is
 * written over the getCart query the header and panel watch.
 */
export function writeCart(cache: ApolloCache, cart: CartFieldsFragment, channel: Channel): void {
  cache.writeQuery({ query: CartDocument, variables: { id: cart.id, ...channel }, data: { __typename: 'Query', getCart: cart } });
}

/** The cart as this tab last saw it, or null when the cart query has not answered yet. */
export function readCachedCart(cache: ApolloCache, id: string, channel: Channel): CartFieldsFragment | null {
  if (!id) return null;
  return cache.readQuery({ query: CartDocument, variables: { id, ...channel } })?.getCart ?? null;
}
