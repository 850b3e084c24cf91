import type { ShopVariant } from '../../../shared/shop';
/** Search timings and sizes: the query runs 500 ms after the last keystroke; 5 suggestions on a phone, 10 otherwise. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SUGGESTIONS_ON_PHONE = 5;
export const SUGGESTIONS_OTHERWISE = 10;
/** Below the first breakpoint (768 px) the viewport counts as a phone. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';
/** A fetch's pending state shows only after 200 ms, so quick answers do not flash a spinner. */
export const FETCH_DELAY_MS = 200;

/** Offered when the input is empty and the shopper has no recent searches yet. */
export const TOP_SEARCH_TERMS: Record<ShopVariant, readonly string[]> = {
  games: ['zelda', 'mario', 'pokémon', 'nes', 'playstation'],
  candy: ['godis', 'askar', 'lakrits', 'choklad', 'present'],
};
