import { proxy, subscribe } from 'valtio';
import { cookieString } from './cookie';

/** Client state persisted in a cookie for about a year, not secure-flagged, fixed key. */
export const PERSISTED_STATE_COOKIE = 'ralph-state';

export type CustomerType = 'PERSON' | 'ORGANIZATION';

export interface PersistedState {
  favorites: number[];
  customerType: CustomerType;
  vatIncluded: boolean;
  listRelocate: { alias: string; page: number } | null;
}

export const defaultPersistedState = (): PersistedState => ({
  favorites: [],
  customerType: 'PERSON',
  vatIncluded: true,
  listRelocate: null,
});

/** Reads the cookie value leniently: anything malformed falls back to the defaults field by field. */
export function parsePersistedState(raw: string | undefined): PersistedState {
  const state = defaultPersistedState();
  if (!raw) return state;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<PersistedState>;
    if (Array.isArray(value.favorites)) state.favorites = value.favorites.filter((id) => Number.isInteger(id)).slice(0, 500);
    if (value.customerType === 'ORGANIZATION') state.customerType = 'ORGANIZATION';
    if (value.vatIncluded === false) state.vatIncluded = false;
    if (value.listRelocate && typeof value.listRelocate.alias === 'string' && Number.isInteger(value.listRelocate.page)) {
      state.listRelocate = { alias: value.listRelocate.alias, page: value.listRelocate.page };
    }
  } catch {
    // a damaged cookie must never break the page
  }
  return state;
}

export function serializePersistedState(state: PersistedState): string {
  return cookieString(PERSISTED_STATE_COOKIE, JSON.stringify(state));
}

export function createPersistedStore(initial: PersistedState) {
  const store = proxy<PersistedState>(initial);
  if (typeof document !== 'undefined') {
    subscribe(store, () => {
      document.cookie = serializePersistedState(store);
    });
  }
  return store;
}
