import { useEffect, useState } from 'react';

/**
 * True once `on` has held for `delayMs` without a break, false as soon as it stops: a pending state shows only when
 * the wait is long enough to notice, so a quick answer never flashes a loading state.
 */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(false);
  // Reset while rendering (not in an effect), so the next wait starts from nothing.
  if (!on && held) setHeld(false);
  useEffect(() => {
    if (!on) return;
    const timer = window.setTimeout(() => setHeld(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [on, delayMs]);
  return on && held;
}
