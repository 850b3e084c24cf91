// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useMediaQuery } from './use-media-query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// happy-dom's window is 1024 px wide.
const WIDE = '(min-width: 768px)';

function Probe({ seen }: { seen: boolean[] }) {
  const wide = useMediaQuery(WIDE);
  seen.push(wide);
  return <p>{wide ? 'bred' : 'smal'}</p>;
}

describe('useMediaQuery', () => {
  it('renders the phone layout on the server and while hydrating, then follows the query without a mismatch', async () => {
    expect(window.matchMedia(WIDE).matches).toBe(true);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe seen={[]} />);
    expect(container.textContent).toBe('smal');
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(seen).toEqual([false, true]);
    expect(container.textContent).toBe('bred');
  });

  it('answers at once in a component mounted after hydration', async () => {
    const seen: boolean[] = [];
    await act(async () => {
      createRoot(document.createElement('div')).render(<Probe seen={seen} />);
    });
    expect(seen).toEqual([true]);
  });

  it('answers a new query at once, not with the old one\'s answer', async () => {
    const seen: [string, boolean][] = [];
    function Asking({ query }: { query: string }) {
      seen.push([query, useMediaQuery(query)]);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Asking query="(max-width: 100px)" />));
    await act(async () => root.render(<Asking query={WIDE} />));
    expect(seen.filter(([query]) => query === WIDE).every(([, matches]) => matches)).toBe(true);
    expect(seen.at(-1)).toEqual([WIDE, true]);
  });
});
