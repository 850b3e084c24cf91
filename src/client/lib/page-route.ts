import { useMatches } from 'react-router';
import { pageRoutes, type PageRoute, type PageRouteId } from '../../shared/routes';

/** What the router keeps with each route of the table (react-router's `handle`), for the page to read back. */
export interface PageRouteHandle extends Pick<PageRoute, 'pageType' | 'undistracted'> {
  id: PageRouteId;
}

export function pageRouteHandle(id: PageRouteId): PageRouteHandle {
  const { pageType, undistracted } = pageRoutes[id];
  return { id, pageType, undistracted };
}

function isPageRouteHandle(handle: unknown): handle is PageRouteHandle {
  const id = (handle as Partial<PageRouteHandle> | undefined)?.id;
  return typeof id === 'string' && Object.hasOwn(pageRoutes, id);
}

/** The table route of the deepest match that has one; null when no page route matched (the frame itself failed). */
export function pageRouteOf(matches: readonly { route: { handle?: unknown } }[] | readonly { handle?: unknown }[]): PageRouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const handle = 'route' in match ? match.route.handle : match.handle;
    if (isPageRouteHandle(handle)) return handle;
  }
  return null;
}

/** The table route the shown page came from; null when no page route matched (the frame itself failed). */
export function usePageRoute(): PageRouteHandle | null {
  return pageRouteOf(useMatches());
}
