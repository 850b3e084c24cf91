// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from '../../i18n/intl';
import { catalogs } from '../../i18n/intl-test-kit';
import { PersistedProvider } from '../../lib/persisted-context';
import { createPersistedStore, defaultPersistedState, serializePersistedState } from '../../lib/persisted-state';
import { VatToggle } from './PriceToggles';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the VAT switch', () => {
  afterEach(() => vi.restoreAllMocks());

  it("draws the HTML's state while it hydrates after the page, then the cookie's, which the page adopted meanwhile", async () => {
    // As in the footer: a boundary React hydrates after the page, whose provider adopts the cookie's state first.
    const page = (store: ReturnType<typeof createPersistedStore>) => (
      <PersistedProvider store={store}>
        <IntlProvider locale="sv-SE" messages={catalogs.sv}>
          <Suspense>
            <VatToggle />
          </Suspense>
        </IntlProvider>
      </PersistedProvider>
    );
    // The HTML a service worker kept, drawn with VAT included; the shopper has since switched it off.
    const drawnWith = { ...defaultPersistedState(), vatIncluded: true };
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(createPersistedStore({ ...drawnWith })));
    document.body.append(container);
    const switchState = () => container.querySelector('[role="switch"]')?.getAttribute('aria-checked');
    expect(switchState()).toBe('true');
    document.cookie = serializePersistedState({ ...drawnWith, vatIncluded: false });
    const mismatches = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errors: unknown[] = [];
    const store = createPersistedStore({ ...drawnWith });
    await act(async () => {
      hydrateRoot(container, page(store), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(store.vatIncluded).toBe(false);
    expect(errors).toEqual([]);
    expect(mismatches.mock.calls.map((call) => String(call[0]).slice(0, 300))).toEqual([]);
    expect(switchState()).toBe('false');
  });
});
