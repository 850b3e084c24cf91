// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markPageHydrated } from '../hooks/use-hydrated';
import { afterHydration } from './after-hydration';

describe('afterHydration', () => {
  afterEach(cleanup);

  it("renders the part once the page's controls work and its code has come, and asks again at the next tap when it did not", async () => {
    let tries = 0;
    const Panel = afterHydration(async () => {
      tries += 1;
      if (tries === 1) throw new Error('chunk did not arrive');
      return ({ name }: { name: string }) => <p>{name}</p>;
    });
    // React reports the failed part to the console; it is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Panel name="Varukorg" />);
    // Not while the page's own controls switch on: its code is asked for once they work.
    await act(async () => undefined);
    expect(tries).toBe(0);
    act(() => markPageHydrated());
    await vi.waitFor(() => expect(tries).toBe(1));
    await act(async () => undefined);
    expect(screen.queryByText('Varukorg')).toBeNull();
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    expect(await screen.findByText('Varukorg')).toBeTruthy();
    expect(tries).toBe(2);
    logged.mockRestore();
  });
});
