import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { snapshot, useSnapshot } from 'valtio';
import { useHydrated } from '../hooks/use-hydrated';
import { cookieValue } from './cookie';
import { PERSISTED_STATE_COOKIE, parsePersistedState, type createPersistedStore } from './persisted-state';

type Store = ReturnType<typeof createPersistedStore>;
const PersistedContext = createContext<Store | null>(null);
const DrawnStateContext = createContext<ReturnType<typeof snapshot<Store>> | null>(null);

export function PersistedProvider({ store, children }: { store: Store; children: ReactNode }) {
  // The state the HTML was drawn with, before adoptCookieState: see usePersistedSnapshot.
  const [drawn] = useState(() => snapshot(store));
  useEffect(() => adoptCookieState(store), [store]);
  return (
    <PersistedContext.Provider value={store}>
      <DrawnStateContext.Provider value={drawn}>{children}</DrawnStateContext.Provider>
    </PersistedContext.Provider>
  );
}

/**
 * After hydration, the cookie wins over the state the HTML was rendered with: a page the service worker kept
 * (opened offline) carries the favorites and toggles of the day it was stored, and the shopper may have changed
 * them since, offline too. Hydration itself must use the HTML's state, or the first render would not match.
 */
export function adoptCookieState(store: Store, cookies: string = document.cookie): void {
  const raw = cookieValue(cookies, PERSISTED_STATE_COOKIE);
  if (raw === undefined) return;
  const current = parsePersistedState(raw);
  if (JSON.stringify(current) === JSON.stringify({ ...store })) return;
  Object.assign(store, current);
}

/**
 * The state to draw for a component that may hydrate after the page (the footer's VAT switch: the footer is a
 * boundary React hydrates later, features/layout/Layout.tsx): while it hydrates, the state the HTML was drawn with;
 * once it has, the store's. By then the cookie's state may have been adopted (a page the service worker kept), and
 * React does not correct an attribute that a late hydration draws otherwise than the HTML.
 */
export function usePersistedSnapshot(): ReturnType<typeof useSnapshot<Store>> {
  const live = useSnapshot(usePersisted());
  const drawn = useContext(DrawnStateContext);
  const hydrated = useHydrated();
  return hydrated || !drawn ? live : drawn;
}

/** The valtio store of the cookie-persisted state (favorites, VAT toggle, customer type). */
export function usePersisted(): Store {
  const store = useContext(PersistedContext);
  if (!store) throw new Error('usePersisted outside PersistedProvider');
  return store;
}
