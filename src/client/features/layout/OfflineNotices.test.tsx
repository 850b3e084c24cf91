// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from '../../i18n/intl';
import { catalogs } from '../../i18n/intl-test-kit';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leftFirstPage, noteFirstPage } from '../../lib/offline-data';
import { AsOfNote } from './OfflineNotices';

function renderAt(entry: { pathname: string; key: string }, now?: number) {
  const router = createMemoryRouter([{ path: '*', element: <AsOfNote now={now} />, loader: () => ({}) }], {
    initialEntries: [entry],
    hydrationData: { loaderData: { '0': {} } },
  });
  return render(
    <IntlProvider locale="sv-SE" messages={catalogs.sv}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

// The clock is fixed too, so nothing here reads the machine's today.
const RENDERED_AT = new Date(2026, 10, 24, 14, 5).getTime();

describe('AsOfNote', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(RENDERED_AT + 60_000);
  });
  afterEach(() => {
    cleanup();
    leftFirstPage();
    vi.useRealTimers();
  });

  it('says how old a kept first page is, also for a reloaded history entry made by a client navigation', () => {
    noteFirstPage(RENDERED_AT, RENDERED_AT + 60_000, false);
    const { getByRole } = renderAt({ pathname: '/p/zelda', key: 'k3x9a' }, RENDERED_AT + 60_000);
    expect(getByRole('note').textContent).toBe('Priser och lager från kl. 14:05');
  });

  it('names the day when the kept page is from an earlier day', () => {
    noteFirstPage(RENDERED_AT, RENDERED_AT + 60_000, false);
    const nextDay = RENDERED_AT + 19 * 3_600_000;
    const { getByRole } = renderAt({ pathname: '/p/zelda', key: 'k3x9a' }, nextDay);
    expect(getByRole('note').textContent).toMatch(/24 nov\.? kl\. 14:05|14:05.*24 nov/);
  });

  it('says nothing for a page from the network', () => {
    const { queryByRole } = renderAt({ pathname: '/p/zelda', key: 'default' });
    expect(queryByRole('note')).toBeNull();
  });
});
