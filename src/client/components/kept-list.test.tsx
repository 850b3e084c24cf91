// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from '../i18n/intl';
import { catalogs } from '../i18n/intl-test-kit';
import { keptList } from './kept-list';

const Items = ({ names }: { names: string[] }) => names.map((name) => <li key={name}>{name}</li>);
const inLanguage = (locale: 'sv-SE' | 'en-US', children: ReactNode) => (
  <IntlProvider locale={locale} messages={locale === 'sv-SE' ? catalogs.sv : catalogs.en}>
    {children}
  </IntlProvider>
);

describe('keptList', () => {
  let container: HTMLElement | null = null;
  let root: Root | null = null;
  afterEach(() => {
    if (root) act(() => root?.unmount());
    container?.remove();
    root = null;
    container = null;
    cleanup();
    vi.restoreAllMocks();
  });

  /** The server's HTML of a list, hydrated with the browser's copy. */
  async function hydrated(Marks: ReturnType<typeof keptList<{ names: string[] }>>, names: string[]) {
    container = document.createElement('div');
    container.innerHTML = `<ul class="pay-marks">${names.map((name) => `<li>${name}</li>`).join('')}</ul>`;
    document.body.append(container);
    const hydratedRoot = await act(async () => hydrateRoot(container!, inLanguage('sv-SE', <Marks names={names} />)));
    root = hydratedRoot;
    return hydratedRoot;
  }

  it("keeps the server's items through hydration and after, without loading their code", async () => {
    const load = vi.fn(async () => Items);
    const Marks = keptList('pay-marks', load);
    const errors = vi.spyOn(console, 'error');
    const hydratedRoot = await hydrated(Marks, ['Kort', 'Faktura']);
    const server = container!.querySelector('li');
    // A render after hydration (a context above changed) leaves them as they are too.
    await act(async () => hydratedRoot.render(inLanguage('sv-SE', <Marks names={['Kort', 'Faktura']} />)));
    expect([...container!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Kort', 'Faktura']);
    expect(container!.querySelector('li')).toBe(server);
    expect(load).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('draws the items anew once the language changes within the app, in place of the kept ones', async () => {
    const Marks = keptList('pay-marks', async () => Items);
    const hydratedRoot = await hydrated(Marks, ['Kort', 'Faktura']);
    await act(async () => hydratedRoot.render(inLanguage('en-US', <Marks names={['Card', 'Invoice']} />)));
    await vi.waitFor(() => expect([...container!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Card', 'Invoice']));
    expect(container!.querySelectorAll('ul')).toHaveLength(1);
  });

  it('draws the items with their code where the list is first drawn in the browser, and asks again after a failure', async () => {
    let tries = 0;
    const Marks = keptList('pay-marks', async () => {
      tries += 1;
      if (tries === 1) throw new Error('chunk did not arrive');
      return Items;
    });
    // React reports the failed part to the console; it is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = render(inLanguage('sv-SE', <Marks names={['Kort']} />));
    await vi.waitFor(() => expect(tries).toBe(1));
    await act(async () => undefined);
    expect(screen.queryByText('Kort')).toBeNull();
    first.unmount();
    render(inLanguage('sv-SE', <Marks names={['Kort', 'Faktura']} />));
    expect(await screen.findByText('Faktura')).toBeTruthy();
    expect(screen.getByRole('list').className).toBe('pay-marks');
    expect(tries).toBe(2);
  });
});
