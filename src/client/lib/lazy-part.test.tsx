// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart, preloadShownParts } from './lazy-part';

const Shown = () => null;
const loads: string[] = [];
const part = (name: string, selector: string) => lazyPart(async () => (loads.push(name), Shown), selector, { file: name });

describe('preloadShownParts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    loads.length = 0;
  });

  it('loads the code of the parts the HTML shows at this width, not of those it hides or lacks', async () => {
    const sidebar = part('sidebar', '.sidebar');
    part('hidden', '.hidden-here');
    part('absent', '.not-in-the-page');
    // Scrolled out of view still counts as shown: only display:none (a phone's hidden panel) does not.
    document.body.innerHTML = '<style>.hidden-here { display: none }</style><aside class="sidebar" style="margin-top: 5000px"></aside><aside class="hidden-here"></aside>';
    await preloadShownParts();
    expect(loads).toEqual(['sidebar']);
    // Once loaded, a part is not loaded again.
    await preloadShownParts();
    expect(sidebar.preload()).toBeNull();
    expect(loads).toEqual(['sidebar']);
  });
});
