import { describe, expect, it } from 'vitest';
import { telemetryConfig } from './telemetry-config';

describe('telemetry settings', () => {
  const settings = { instrumentationKey: '11111111-2222-4333-8444-555555555555', endpoint: 'https://ingest.example/v2/track' };

  it('are the shop’s: batch, buffer, retried statuses, sessions, ajax calls, sampling and internal messages', () => {
    const config = telemetryConfig(settings, true);
    expect(config).toMatchObject({
      instrumentationKey: settings.instrumentationKey,
      endpointUrl: settings.endpoint,
      maxBatchInterval: 15_000,
      maxBatchSizeInBytes: 102_400,
      sessionRenewalMs: 30 * 60 * 1000,
      sessionExpirationMs: 24 * 60 * 60 * 1000,
      maxAjaxCallsPerView: 500,
      samplingPercentage: 100,
      maxMessageLimit: 25,
      enableAutoRouteTracking: false,
      disableCookiesUsage: false,
    });
    expect(config.extensionConfig?.AppInsightsChannelPlugin).toEqual({ eventsLimitInMem: 2000, retryCodes: [408, 429, 500, 503] });
    // Nothing but the envelopes leaves the page.
    expect(config.extensionConfig?.AppInsightsCfgSyncPlugin).toEqual({ blkCdnCfg: true });
  });

  it('keep the SDK’s cookies off until the shopper allows cookies', () => {
    expect(telemetryConfig(settings, false).disableCookiesUsage).toBe(true);
  });
});
