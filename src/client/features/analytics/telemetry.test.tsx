// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pageRouteHandle } from '../../lib/page-route';

const sdk = vi.hoisted(() => ({ start: vi.fn(), trackPageView: vi.fn(), reportError: vi.fn(), setCookiesAllowed: vi.fn() }));
vi.mock('./telemetry-sdk', () => sdk);

/** A fresh copy of the module: its "started" state is per page load. */
async function freshTelemetry() {
  vi.resetModules();
  return import('./telemetry');
}

describe('telemetry loading', () => {
  it('loads nothing without an instrumentation key', async () => {
    const telemetry = await freshTelemetry();
    telemetry.startTelemetry(null, 'req-1', true);
    telemetry.reportError(new Error('x'), 'product', {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sdk.start).not.toHaveBeenCalled();
    expect(sdk.reportError).not.toHaveBeenCalled();
  });

  it('loads the SDK when idle, and an error page reports its error with the failed route and its params', async () => {
    const telemetry = await freshTelemetry();
    const settings = { instrumentationKey: '11111111-2222-4333-8444-555555555555', endpoint: 'http://127.0.0.1:1/v2/track' };
    telemetry.startTelemetry(settings, 'req-2', false);
    expect(sdk.start).not.toHaveBeenCalled();
    const failure = new Error('loader failed');
    function Failed() {
      telemetry.useErrorReport(failure, 500);
      return null;
    }
    const router = createMemoryRouter(
      [{ path: '/p/:alias', handle: pageRouteHandle('product'), element: <Failed /> }],
      { initialEntries: ['/p/pokemon-pinball'] },
    );
    render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(sdk.reportError).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sdk.start).toHaveBeenCalledWith(settings, 'req-2', false);
    expect(sdk.reportError).toHaveBeenCalledWith(failure, 'product', { alias: 'pokemon-pinball', url: '/p/pokemon-pinball' });
  });
});

describe('withdrawing cookie consent', () => {
  const settings = { instrumentationKey: '11111111-2222-4333-8444-555555555555', endpoint: 'http://127.0.0.1:1/v2/track' };
  const storeIds = () => {
    document.cookie = 'ai_user=u1|2026-01-01T00:00:00.000Z; Path=/; Max-Age=31536000';
    document.cookie = 'ai_session=s1|1|2; Path=/; Max-Age=1800';
    document.cookie = 'other=kept; Path=/';
    localStorage.setItem('ai_session', 's1|1|2');
  };
  const names = () => document.cookie.split(';').map((part) => part.split('=')[0]!.trim()).filter(Boolean).sort();

  it('deletes the SDK’s ai_user and ai_session at once, before the SDK has loaded, and keeps other cookies', async () => {
    const telemetry = await freshTelemetry();
    telemetry.startTelemetry(settings, 'req-3', true);
    storeIds();
    telemetry.allowTelemetryCookies(false);
    expect(names()).toEqual(['other']);
    expect(localStorage.getItem('ai_session')).toBeNull();
    // Once the SDK is there it is told as well, so it writes no new ids.
    await vi.waitFor(() => expect(sdk.setCookiesAllowed).toHaveBeenCalledWith(false), { timeout: 5000 });
    document.cookie = 'other=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('deletes ids left from earlier when the page starts without consent', async () => {
    const telemetry = await freshTelemetry();
    storeIds();
    telemetry.startTelemetry(settings, 'req-4', false);
    expect(names()).toEqual(['other']);
    document.cookie = 'other=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
});
