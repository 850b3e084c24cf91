// What the rest of the client may use of the favorites (the page listing them is the catalog's).
export { FavoriteButton } from './FavoriteButton';
export { useFavorites } from './use-favorites';
