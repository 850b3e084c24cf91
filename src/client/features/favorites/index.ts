// What the rest of the client may use of the favorites. The page listing them is the catalog's (features/catalog/FavoritesPage.tsx): it shows them in the catalog's product grid, whose cards carry this feature's button, so moving it here would make the two features depend on each other.
export { FavoriteButton } from './FavoriteButton';
export { useFavorites } from './use-favorites';
