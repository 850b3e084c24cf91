import { useSnapshot } from 'valtio';
import { usePersisted } from '../../lib/persisted-context';

/** Favorites live in the persisted state cookie, newest first. */
export function useFavorites() {
  const store = usePersisted();
  const { favorites } = useSnapshot(store);
  return {
    ids: favorites,
    count: favorites.length,
    isFavorite: (productId: number) => favorites.includes(productId),
    toggle(productId: number): boolean {
      const index = store.favorites.indexOf(productId);
      if (index >= 0) {
        store.favorites.splice(index, 1);
        return false;
      }
      store.favorites.unshift(productId);
      return true;
    },
  };
}
