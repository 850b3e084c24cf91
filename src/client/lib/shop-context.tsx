import type { ShopVariant } from '../../shared/shop';
import { createContext, useContext, type ReactNode } from 'react';
import type { PersistedState } from './persisted-state';

export interface ShopContextValue {
  variant: ShopVariant;
  gtmId: string | null;
  /** The payment provider takes no real money: every page says this is a demo shop. */
  demo: boolean;
  /** The shopper closed the demo notice in this browser session. */
  demoNoticeClosed: boolean;
  /** Absolute origin for canonical links (PUBLIC_URL, else the request's). */
  origin: string;
  persisted: PersistedState;
  cookieConsent: boolean | null;
}

const ShopContext = createContext<ShopContextValue | null>(null);

export function ShopProvider({ value, children }: { value: ShopContextValue; children: ReactNode }) {
  return <ShopContext.Provider value={value}>{children}</ShopContext.Provider>;
}

export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop outside ShopProvider');
  return value;
}
