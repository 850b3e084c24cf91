import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useChannelVariables } from '../../hooks/use-language';
import { CartDocument, type CartFieldsFragment } from '../../graphql/generated/operations';
import { cartState, loadCartId } from './cart-id';

/**
 * The tab's cart. The id comes from the cart cookie after hydration (the server render shows no cart), and
 * the cart itself always from the network: reading the cart never answers from a cache.
 */
export function useCart(): CartFieldsFragment | null {
  const { id } = useSnapshot(cartState);
  const channel = useChannelVariables();
  useEffect(() => {
    loadCartId();
  }, []);
  const { data } = useQuery(CartDocument, { variables: { id, ...channel }, skip: !id, fetchPolicy: 'cache-and-network' });
  return id ? (data?.getCart ?? null) : null;
}

export function itemCount(cart: CartFieldsFragment | null): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
