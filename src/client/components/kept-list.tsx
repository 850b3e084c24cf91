import { createElement, lazy, useState, type ComponentType } from 'react';
import { useIsHydrating } from '../hooks/use-hydrated';
import { OptionalChunk } from './ChunkBoundary';

/**
 * A list whose items never change once drawn (the footer's payment marks and social links), without their code in
 * the first route: the server draws the items, hydration keeps the server's nodes as they are (React leaves an
 * element's inner HTML as the server wrote it), and only a list first drawn in the browser (the footer of a layout
 * drawn there: the other language's, the checkout's opened by a link) loads the items' code and draws them. Each
 * copy keeps the way it started while it is mounted, so the kept nodes are never drawn over. A list whose code does
 * not arrive stays empty.
 */
export function keptList<P extends object>(className: string, load: () => Promise<ComponentType<P>>) {
  const LoadedItems = lazy(() => load().then((loaded) => ({ default: loaded })));
  const onServer = typeof window === 'undefined';
  // The server has the code at once (it loads as the module does), so it draws the items in the first HTML.
  let serverItems: ComponentType<P> | undefined;
  if (onServer) void load().then((loaded) => (serverItems = loaded));
  return function KeptList(props: P) {
    const hydrating = useIsHydrating();
    const [kept] = useState(hydrating);
    if (onServer && serverItems) return <ul className={className}>{createElement(serverItems, props)}</ul>;
    if (!onServer && kept) return <ul className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
    return (
      <ul className={className}>
        <OptionalChunk>{createElement(LoadedItems, props)}</OptionalChunk>
      </ul>
    );
  };
}
