import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { TelemetrySettings } from '../../../shared/telemetry';
import { idleMoment } from '../../lib/idle';
import { pageRouteOf } from '../../lib/page-route';
import type * as TelemetrySdk from './telemetry-sdk';

type Sdk = typeof TelemetrySdk;

/** Set only when a key is configured: without one, no telemetry code is ever fetched. */
let sdk: Promise<Sdk> | null = null;

/** How long the SDK waits for an idle moment after the first render before it loads anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Loads the telemetry SDK once the page is idle after hydration; page views and errors before then wait for it.
 * A chunk that does not arrive loses the telemetry, never the page.
 */
export function startTelemetry(settings: TelemetrySettings | null, requestId: string, cookiesAllowed: boolean): void {
  if (!settings || sdk) return;
  // Ids a page wrote before the shopper withdrew (in another tab, say) do not outlive the answer.
  if (!cookiesAllowed) forgetTelemetryIds();
  sdk = idleMoment(IDLE_TIMEOUT_MS)
    .then(() => import('./telemetry-sdk'))
    .then((module) => {
      module.start(settings, requestId, cookiesAllowed);
      return module;
    });
  sdk.catch(() => undefined);
}

/** A settled route's page view (the same moment as the tag manager's 'Page Impression'). */
export function trackTelemetryPageView(view: { name: string; uri: string; status: number }): void {
  sdk?.then((module) => module.trackPageView(view)).catch(() => undefined);
}

/** An error an error boundary caught, with the component that failed and its props. */
export function reportError(error: unknown, componentName: string, props: Record<string, unknown> = {}): void {
  sdk?.then((module) => module.reportError(error, componentName, props)).catch(() => undefined);
}

/** The SDK's names for the device's user id (a year) and its session (cookie and local-storage copy). */
const TELEMETRY_IDS = ['ai_user', 'ai_session'];

/**
 * Deletes the ids the SDK stored, at once and whether or not the SDK has loaded yet (it loads when idle): a shopper
 * who withdraws consent keeps no lasting id, even for the moment until the SDK would get round to it.
 */
function forgetTelemetryIds(): void {
  for (const name of TELEMETRY_IDS) {
    // The SDK writes them site-wide (path /, no domain), so the same attributes delete them.
    document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
    try {
      localStorage.removeItem(name);
    } catch {
      // Storage may be blocked; then the SDK could not have written there either.
    }
  }
}

/**
 * The shopper answered the cookie question: the SDK's user and session cookies follow the answer. A decline (or a
 * withdrawn consent) deletes the ids already stored at once, then turns the SDK's cookies off.
 */
export function allowTelemetryCookies(allowed: boolean): void {
  if (!allowed) forgetTelemetryIds();
  sdk?.then((module) => module.setCookiesAllowed(allowed)).catch(() => undefined);
}

/**
 * For an error boundary: a page that failed (500 and up; a page that is not there is no error) goes to telemetry
 * once, named by the page route that failed (the frame when none matched), with that route's params as its props.
 */
export function useErrorReport(error: unknown, status: number): void {
  const matches = useMatches();
  const route = pageRouteOf(matches);
  const params = matches.at(-1)?.params;
  const componentName = route?.id ?? 'frame';
  const { pathname } = useLocation();
  useEffect(() => {
    if (status >= 500) reportError(error, componentName, { ...params, url: pathname });
    // Once per error: params of the same failed page are the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, status, componentName]);
}
