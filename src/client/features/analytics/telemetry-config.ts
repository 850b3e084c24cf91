import type { IConfig, IConfiguration, ISenderConfig } from '@microsoft/applicationinsights-web';
import type { TelemetrySettings } from '../../../shared/telemetry';

/** The SDK's FeatureOptInMode.disable (a const enum, so not importable as a value). */
const FEATURE_OFF = 2;

/** Statuses after which a batch is sent again (with growing delay); any other failure drops it. */
export const RETRIED_STATUSES = [408, 429, 500, 503];

/**
 * The SDK's settings. Its defaults already hold the shop's rules for the batch (every 15 s, at most 102 400 bytes),
 * the retry delay (10 s growing to 3600 s, 10 s while offline), 206 (only the failed items again), sessions (renewed
 * after 30 min idle, ended after 24 h), the user cookie (a year), 500 GraphQL calls per page view, sampling 100 %,
 * 25 internal messages per page view and the cut lengths (names 150, strings 1024, URLs 2048, messages 32768); they
 * are written out anyway so a new SDK version cannot change them unnoticed (telemetry-config.test.ts). Where the
 * SDK's defaults differ: it keeps 10 000 items (the shop 2000) and also retries 401, 502 and 504.
 */
export function telemetryConfig(settings: TelemetrySettings, cookiesAllowed: boolean): IConfiguration & IConfig {
  return {
    instrumentationKey: settings.instrumentationKey,
    endpointUrl: settings.endpoint,
    maxBatchInterval: 15_000,
    maxBatchSizeInBytes: 102_400,
    sessionRenewalMs: 30 * 60 * 1000,
    sessionExpirationMs: 24 * 60 * 60 * 1000,
    maxAjaxCallsPerView: 500,
    samplingPercentage: 100,
    maxMessageLimit: 25,
    // Page views come from the shop's router (analytics/tag-manager.ts, 500 ms after a route settles), not the SDK's
    // history patching.
    enableAutoRouteTracking: false,
    enableUnhandledPromiseRejectionTracking: true,
    // The ai_user (a year) and ai_session cookies tell one device's visits apart: only with the shopper's consent.
    disableCookiesUsage: !cookiesAllowed,
    // Only the shop's own calls carry the trace header the server logs (never a third party's).
    enableCorsCorrelation: false,
    // Nothing but the envelopes leaves the page: no configuration fetched from the SDK's CDN, no SDK usage statistics,
    // no notice about using a key rather than a connection string.
    featureOptIn: { SdkStats: { mode: FEATURE_OFF }, iKeyUsage: { mode: FEATURE_OFF } },
    extensionConfig: {
      AppInsightsCfgSyncPlugin: { blkCdnCfg: true },
      // The SDK's sender (its BreezeChannelIdentifier). Its session-storage buffer already stops at 2000 items.
      AppInsightsChannelPlugin: { eventsLimitInMem: 2000, retryCodes: RETRIED_STATUSES } satisfies Partial<ISenderConfig>,
    },
  };
}
