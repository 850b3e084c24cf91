import type { ImgHTMLAttributes } from 'react';
import { usePageHydrated } from '../hooks/use-hydrated';

/**
 * A picture that may wait: not asked for until the page has hydrated, so on a slow link it does not share the
 * bandwidth with the scripts that make the page answer taps (a browser's lazy loading still fetches everything
 * within a few screens, which on a phone is the whole list). Without JavaScript the <noscript> copy shows it.
 * Only for pictures outside the first screen: those within it are eager and announced in <head>.
 */
export function LazyImage(props: Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'> & { src: string; alt: string }) {
  const hydrated = usePageHydrated();
  const img = <img {...props} loading="lazy" decoding="async" />;
  return hydrated ? img : <noscript>{img}</noscript>;
}
