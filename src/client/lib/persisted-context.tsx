import { createContext, useContext, type ReactNode } from 'react';
import type { createPersistedStore } from './persisted-state';

type Store = ReturnType<typeof createPersistedStore>;
const PersistedContext = createContext<Store | null>(null);

export function PersistedProvider({ store, children }: { store: Store; children: ReactNode }) {
  return <PersistedContext.Provider value={store}>{children}</PersistedContext.Provider>;
}

/** The valtio store of the cookie-persisted state (favorites, VAT toggle, customer type). */
export function usePersisted(): Store {
  const store = useContext(PersistedContext);
  if (!store) throw new Error('usePersisted outside PersistedProvider');
  return store;
}
