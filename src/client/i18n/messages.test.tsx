// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import sv from '../../../locales/sv.json';
import type { Messages } from './messages';

/** messages.ts holds the first page's catalog as module state: each test starts from a fresh copy of the module. */
const freshModules = async () => {
  vi.resetModules();
  return { messages: await import('./messages'), intl: await import('./intl') };
};

/** The first page's catalog as the server's HTML hands it over: only the texts its render used. */
const firstPageTexts = (...ids: (keyof typeof sv)[]) => Object.fromEntries(ids.map((id) => [id, parse(sv[id])])) as unknown as Messages;

describe("the first page's texts, completed as it hydrates", () => {
  afterEach(cleanup);

  it('are whole at once before the first page has said it holds a part', async () => {
    const { messages } = await freshModules();
    await expect(messages.wholeMessages()).resolves.toBeUndefined();
  });

  it("gain the rest of the language's texts in the same object, keeping those it had", async () => {
    const { messages } = await freshModules();
    const shown = firstPageTexts('header.cart');
    const cart = shown['header.cart'];
    messages.completeFirstMessages(shown, 'sv');
    // A part loaded meanwhile resolves with its code once the texts are whole, not before.
    await expect(messages.withWholeMessages(() => Promise.resolve('part'))()).resolves.toBe('part');
    expect(Object.keys(shown).sort()).toEqual(Object.keys(sv).sort());
    expect(shown['header.cart']).toBe(cart);
  });

  it('draw a text that has not come yet blank, never as its id, and again once it has come', async () => {
    const { messages, intl } = await freshModules();
    const shown = firstPageTexts('header.account');
    messages.completeFirstMessages(shown, 'sv');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Frame({ signedIn }: { signedIn: boolean }) {
      const catalog = messages.useShownMessages(shown);
      return (
        <intl.IntlProvider locale="sv-SE" messages={catalog} onError={intl.reportMissingText}>
          <p data-testid="label">
            <intl.FormattedMessage id={signedIn ? 'header.accountSignedIn' : 'header.account'} />
          </p>
        </intl.IntlProvider>
      );
    }
    // Drawn as the page's hydration did, then as a signed-in shopper's, before the rest of the texts came.
    const { rerender } = render(<Frame signedIn={false} />);
    expect(screen.getByTestId('label').textContent).toBe(sv['header.account']);
    rerender(<Frame signedIn />);
    expect(screen.getByTestId('label').textContent).toBe('');
    await act(() => messages.wholeMessages());
    expect(screen.getByTestId('label').textContent).toBe(sv['header.accountSignedIn']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('say on the console, once whole, a text that the whole catalog lacks', async () => {
    const { messages, intl } = await freshModules();
    const shown = firstPageTexts('header.cart');
    messages.completeFirstMessages(shown, 'sv');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Missing() {
      return (
        <intl.IntlProvider locale="sv-SE" messages={messages.useShownMessages(shown)} onError={intl.reportMissingText}>
          <intl.FormattedMessage id={'no.such.text' as 'header.cart'} />
        </intl.IntlProvider>
      );
    }
    render(<Missing />);
    expect(errors).not.toHaveBeenCalled();
    await act(() => messages.wholeMessages());
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('no.such.text'));
    errors.mockRestore();
  });

  it("answer whether they have a text as the server's render did while partial, and truly once whole", async () => {
    const { messages } = await freshModules();
    const shown = firstPageTexts('checkout.country.SE');
    messages.completeFirstMessages(shown, 'sv');
    let view: Messages = shown;
    function Catch() {
      view = messages.useShownMessages(shown);
      return null;
    }
    render(<Catch />);
    expect(messages.hasMessage(view, 'checkout.country.SE')).toBe(true);
    // Has not come yet, and a country with no text at all: no, as on the server for the latter.
    expect(messages.hasMessage(view, 'checkout.country.NO')).toBe(false);
    expect(messages.hasMessage(view, 'checkout.country.DE')).toBe(false);
    await act(() => messages.wholeMessages());
    expect(messages.hasMessage(view, 'checkout.country.NO')).toBe(true);
    expect(messages.hasMessage(view, 'checkout.country.DE')).toBe(false);
  });
});
