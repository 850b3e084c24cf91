/** Spec section 9: search debounce, suggestion counts and the phone breakpoint. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SUGGESTIONS_ON_PHONE = 5;
export const SUGGESTIONS_OTHERWISE = 10;
/** Below the first breakpoint (768 px) the viewport counts as a phone. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';
/** Spec section 4: a fetch's pending state shows only after 200 ms, so quick answers do not flash a spinner. */
export const FETCH_DELAY_MS = 200;

/** Offered when the input is empty and the shopper has no recent searches yet (spec section 1 for candy). */
export const TOP_SEARCH_TERMS: Record<'games' | 'candy', readonly string[]> = {
  games: ['zelda', 'mario', 'pokémon', 'nes', 'playstation'],
  candy: ['godis', 'askar', 'lakrits', 'choklad', 'present'],
};
