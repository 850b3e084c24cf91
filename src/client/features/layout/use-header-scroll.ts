import { useEffect, useState } from 'react';

/** Down this far hides the header; coming back needs a deliberate move up, not a layout reflow. */
const HIDE_AFTER_PX = 8;
const SHOW_AFTER_PX = 60;
const ALWAYS_SHOWN_ABOVE_PX = 120;

/**
 * The top bar shrinks when the page is not at the top; the header hides while scrolling
 * down and comes back on the way up. The shrinking itself shortens the page, which the browser answers
 * with a small upward scroll at the bottom of a page: hence the larger threshold for showing again.
 */
export function useHeaderScroll(): { scrolled: boolean; hidden: boolean } {
  const [state, setState] = useState({ scrolled: false, hidden: false });
  useEffect(() => {
    let last = window.scrollY;
    let anchor = last;
    let direction: 'up' | 'down' | null = null;
    let hidden = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const moving = y > last ? 'down' : y < last ? 'up' : direction;
      if (moving !== direction) {
        direction = moving;
        anchor = last;
      }
      if (y <= ALWAYS_SHOWN_ABOVE_PX) hidden = false;
      else if (direction === 'down' && y - anchor >= HIDE_AFTER_PX) hidden = true;
      else if (direction === 'up' && anchor - y >= SHOW_AFTER_PX) hidden = false;
      last = y;
      const next = { scrolled: y > 0, hidden };
      setState((prev) => (next.scrolled === prev.scrolled && next.hidden === prev.hidden ? prev : next));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
