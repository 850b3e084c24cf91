// What the rest of the client may use of the header search.
export { SearchBar } from './SearchBar';
