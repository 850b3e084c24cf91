// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markPageHydrated } from '../hooks/use-hydrated';
import { LazyImage } from './LazyImage';

const picture = <LazyImage src="/images/p1-1.svg" alt="Pokémon Gold" width={248} height={248} />;

describe('LazyImage', () => {
  it('is no request in the server HTML, only a copy for readers without JavaScript', () => {
    const html = renderToString(picture);
    expect(html).toMatch(/^<noscript><img src="\/images\/p1-1.svg" alt="Pokémon Gold" width="248" height="248" loading="lazy" decoding="async"\/><\/noscript>$/);
  });

  it("becomes the lazy picture once the page's controls work, without a mismatch", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(picture);
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, picture, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // Not in the commit that switches the page's controls on: once they work.
    expect(container.querySelector(':scope > img')).toBeNull();
    await act(async () => markPageHydrated());
    const img = container.querySelector(':scope > img');
    expect(img?.getAttribute('src')).toBe('/images/p1-1.svg');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('noscript')).toBeNull();
  });
});
