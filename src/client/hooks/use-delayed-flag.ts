import { useEffect, useState } from 'react';

/**
 * True once `on` has held for `delayMs` without a break, false as soon as it stops: a pending state shows only when
 * the wait is long enough to notice, so a quick answer never flashes a loading state.
 */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) {
      setHeld(false);
      return;
    }
    const timer = window.setTimeout(() => setHeld(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [on, delayMs]);
  return on && held;
}
