import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useShop } from '../../lib/shop-context';
import { usePageRoute } from '../../lib/page-route';
import { takePageStatus } from './page-status';
import { trackTelemetryPageView } from './telemetry';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The route page view waits 500 ms so the new page's title is in place. */
const PAGE_VIEW_DELAY_MS = 500;

/**
 * Query parameters that are secrets, never tracked: the order token opens an order's address and contents, a
 * password reset key sets a new password, and an admin's loginToken signs in as the customer.
 */
const SECRET_PARAMS = ['token', 'key', 'loginToken'];

/** The page's URL for the tag manager, without secrets. */
export function trackedUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SECRET_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function loadTagManager(id: string): void {
  if (document.getElementById('gtm-script')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/**
 * Per settled route, 500 ms later: a 'Page Impression' (page type, url, status, title) when a container id is
 * configured, and a telemetry page view when an instrumentation key is.
 */
function usePageViews(): void {
  const { gtmId } = useShop();
  const location = useLocation();
  const navigation = useNavigation();
  const settled = navigation.state === 'idle';
  const pageType = usePageRoute()?.pageType ?? 'notFound';
  useEffect(() => {
    if (!gtmId) return;
    loadTagManager(gtmId);
  }, [gtmId]);
  useEffect(() => {
    if (!settled) return;
    const timer = window.setTimeout(() => {
      const url = trackedUrl(location.pathname, location.search);
      const status = takePageStatus();
      // A no-op unless telemetry is configured.
      trackTelemetryPageView({ name: document.title, uri: window.location.origin + url, status });
      if (gtmId) {
        window.dataLayer = window.dataLayer ?? [];
        window.dataLayer.push({
          event: 'Page Impression',
          pageType: status === 404 ? 'notFound' : pageType,
          url,
          status,
          title: document.title,
        });
      }
    }, PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [gtmId, settled, pageType, location.pathname, location.search]);
}

/** The page views, as a component (page-views.tsx mounts it once the page has hydrated). */
export function TrackedPageViews(): null {
  usePageViews();
  return null;
}
