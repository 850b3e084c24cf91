import { ApplicationInsights, type ITelemetryItem } from '@microsoft/applicationinsights-web';
import { scheduleTimeout, type ITimerHandler } from '@nevware21/ts-utils';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { TelemetrySettings } from '../../../shared/telemetry';
import { telemetryConfig } from './telemetry-config';

/** Loaded after the first render (telemetry.ts): the SDK and web-vitals never weigh on the first route. */
let sdk: ApplicationInsights | null = null;

/** Props go with an error report; long or nested values are cut so a report stays small and has no whole objects. */
const PROP_VALUE_LENGTH = 1024;

function propsSummary(props: Record<string, unknown>): Record<string, string> {
  const summary: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function' || value === undefined) continue;
    let text: string;
    try {
      text = typeof value === 'string' ? value : JSON.stringify(value);
    } catch {
      text = String(value);
    }
    summary[`prop.${name}`] = text.slice(0, PROP_VALUE_LENGTH);
  }
  return summary;
}

/** A call to the shop's GraphQL endpoint (at any language prefix), the only calls tracked. */
export function isGraphqlCall(target: string): boolean {
  try {
    return /\/graphql\/?$/.test(new URL(target, location.href).pathname);
  } catch {
    return false;
  }
}

/** A batch that failed while the browser was offline is sent again this long after the failure (the spec: 10 s). */
export const OFFLINE_RETRY_MS = 10_000;

/** The sender's SendRequestReason.Retry (a const enum, so not importable as a value). */
const RETRY_REASON = 5;

/**
 * The SDK keeps a batch that failed offline and sets its retry 10 s ahead, but its timer never waits less than the
 * batch interval (15 s), so the retry came after 15 s. This sends the kept batch 10 s after the first offline
 * failure; sending clears the SDK's own timer. Once per time offline: a send that fails again (still offline) is
 * left to the SDK's growing delay, since every try counts towards the SDK's limit (10) after which it drops the
 * batch, and a try every 10 s would spend that in under two minutes offline. The timer comes from the SDK's timer
 * library, so it runs on the same clock as the SDK's (and the tests' fake one).
 */
function retryOfflineAfter10s(appInsights: ApplicationInsights): void {
  const sender = appInsights.getSender();
  let pending: ITimerHandler | null = null;
  let triedThisTimeOffline = false;
  const backOnline = () => (triedThisTimeOffline = false);
  addEventListener('online', backOnline);
  appInsights.core.addNotificationListener?.({
    eventsRetry() {
      if (pending || triedThisTimeOffline || sender.getOfflineListener()?.isOnline() !== false) return;
      triedThisTimeOffline = true;
      pending = scheduleTimeout(() => {
        pending = null;
        sender.triggerSend(true, undefined, RETRY_REASON);
      }, OFFLINE_RETRY_MS);
    },
  });
  appInsights.core.addUnloadCb(() => {
    pending?.cancel();
    removeEventListener('online', backOnline);
  });
}

export function start(settings: TelemetrySettings, requestId: string, cookiesAllowed: boolean): ApplicationInsights {
  const appInsights = new ApplicationInsights({ config: telemetryConfig(settings, cookiesAllowed) });
  appInsights.loadAppInsights();
  retryOfflineAfter10s(appInsights);
  // Every envelope names the request that rendered the page, so the server's log lines (reqId) are one search away.
  appInsights.addTelemetryInitializer((item: ITelemetryItem) => {
    item.baseData = item.baseData ?? {};
    item.baseData.properties = { ...(item.baseData.properties as Record<string, unknown> | undefined), requestId };
  });
  // Only the GraphQL calls are the shop's "ajax calls": images, assets and the worker's files are not.
  appInsights.addDependencyInitializer((details) => isGraphqlCall(details.item.target ?? ''));
  const metric = (m: Metric) => appInsights.trackMetric({ name: m.name, average: m.value }, { rating: m.rating, navigationType: m.navigationType, id: m.id });
  onLCP(metric);
  onINP(metric);
  onCLS(metric);
  sdk = appInsights;
  return appInsights;
}

export function trackPageView(view: { name: string; uri: string; status: number }): void {
  sdk?.trackPageView({ name: view.name, uri: view.uri, properties: { status: view.status } });
}

export function reportError(error: unknown, componentName: string, props: Record<string, unknown>): void {
  const exception = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  sdk?.trackException({ exception, severityLevel: 3 }, { componentName, ...propsSummary(props) });
}

export function setCookiesAllowed(allowed: boolean): void {
  const cookies = sdk?.getCookieMgr();
  if (!cookies) return;
  cookies.setEnabled(allowed);
  // Deleted once more here (telemetry.ts already did, before this chunk answered): the SDK applies its settings
  // asynchronously, so a write that slipped in meanwhile goes too. purge deletes whatever the manager's state.
  if (!allowed) for (const name of ['ai_user', 'ai_session']) cookies.purge(name);
}
