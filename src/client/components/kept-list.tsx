import { createElement, lazy, useState, type ComponentType } from 'react';
import { useIsHydrating } from '../hooks/use-hydrated';
import { useIntl } from '../i18n/intl';
import { OptionalChunk } from './ChunkBoundary';

/**
 * A list whose items depend on the page's language alone and never change otherwise (the footer's payment marks and
 * social links), without their code in the first route: the server draws the items, hydration keeps the server's
 * nodes as they are (React leaves an element's inner HTML as the server wrote it), and only a list drawn in the
 * browser loads the items' code and draws them: one first mounted there (the checkout's footer, opened by a link).
 * (The other language is a new page: app/routes.tsx.) A list whose code does not arrive stays empty, and the next
 * one drawn asks for it again.
 */
export function keptList<P extends object>(className: string, load: () => Promise<ComponentType<P>>) {
  // React keeps a failed lazy component failed: after a failure the next list gets a fresh one.
  const fresh = () =>
    lazy(() =>
      load().then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          LoadedItems = fresh();
          throw error;
        },
      ),
    );
  let LoadedItems = fresh();
  const onServer = typeof window === 'undefined';
  // The server has the code at once (it loads as the module does), so it draws the items in the first HTML.
  let serverItems: ComponentType<P> | undefined;
  if (onServer) void load().then((loaded) => (serverItems = loaded));
  return function KeptList(props: P) {
    const hydrating = useIsHydrating();
    const { locale } = useIntl();
    // The language the server drew the items in, while this list shows them as it drew them.
    const [keptIn] = useState(hydrating ? locale : null);
    if (onServer && serverItems) return <ul className={className}>{createElement(serverItems, props)}</ul>;
    // Keyed: a kept list that turns into a drawn one is a new element, not the server's nodes with new ones beside.
    if (!onServer && keptIn === locale) return <ul key="kept" className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
    return (
      <ul key="drawn" className={className}>
        <OptionalChunk>{createElement(LoadedItems, props)}</OptionalChunk>
      </ul>
    );
  };
}
