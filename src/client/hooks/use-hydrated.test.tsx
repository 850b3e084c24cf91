// @vitest-environment happy-dom
import { act, Suspense, use } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';
import { useMediaQuery } from './use-media-query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <button disabled={!hydrated}>Köp</button>;
}

describe('useHydrated', () => {
  it('is false on the server and while hydrating, then true without a mismatch', async () => {
    const serverSeen: boolean[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe seen={serverSeen} />);
    expect(serverSeen).toEqual([false]);
    expect(container.innerHTML).toBe('<button disabled="">Köp</button>');
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(seen).toEqual([false, true]);
    expect(container.querySelector('button')?.disabled).toBe(false);
  });

  it('is true from the first render of a component mounted after hydration (a page opened by a link)', async () => {
    const seen: boolean[] = [];
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(<Probe seen={seen} />);
    });
    expect(seen).toEqual([true]);
  });

  // happy-dom's window is 1024 px wide: the query is true in the browser, false on the server and while hydrating.
  it.each([
    ['useHydrated', () => useHydrated()],
    ['useMediaQuery', () => useMediaQuery('(min-width: 768px)')],
  ])('%s changes as a transition: what hydrated stays on screen while the changed render waits, no fallback replaces it', async (_name, useValue) => {
    const never = new Promise<never>(() => undefined);
    function Waits() {
      if (useValue()) use(never);
      return <p>Från servern</p>;
    }
    const page = (
      <Suspense fallback={<p>Laddar</p>}>
        <Waits />
      </Suspense>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(container.textContent).toBe('Från servern');
  });
});
