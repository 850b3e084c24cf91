import type { ApolloCache } from '@apollo/client';
import { CartDocument, type CartFieldsFragment } from '../../graphql/generated/operations';

/**
 * Carts are not normalised (their texts and warnings are in one language), so a mutation's answer is
 * written over the getCart query the header and panel watch.
 */
export function writeCart(cache: ApolloCache, cart: CartFieldsFragment, channel: { channelId: string; languageId: string }): void {
  cache.writeQuery({ query: CartDocument, variables: { id: cart.id, ...channel }, data: { __typename: 'Query', getCart: cart } });
}
