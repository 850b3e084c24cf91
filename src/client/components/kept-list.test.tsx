// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptList } from './kept-list';

const Items = ({ names }: { names: string[] }) => names.map((name) => <li key={name}>{name}</li>);

describe('keptList', () => {
  afterEach(cleanup);

  it("keeps the server's items through hydration and after, without loading their code", async () => {
    const load = vi.fn(async () => Items);
    const Marks = keptList('pay-marks', load);
    const container = document.createElement('div');
    // What the server drew (it has the items' code): the browser's copy must not draw over it.
    container.innerHTML = '<ul class="pay-marks"><li>Kort</li><li>Faktura</li></ul>';
    document.body.append(container);
    const server = container.querySelector('li');
    const errors = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(container, <Marks names={['Kort', 'Faktura']} />));
    // A render after hydration (a context above changed) leaves them as they are too.
    await act(async () => root.render(<Marks names={['Kort', 'Faktura']} />));
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Kort', 'Faktura']);
    expect(container.querySelector('li')).toBe(server);
    expect(load).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it('draws the items with their code where the list is first drawn in the browser', async () => {
    const load = vi.fn(async () => Items);
    const Marks = keptList('pay-marks', load);
    render(<Marks names={['Kort', 'Faktura']} />);
    expect(await screen.findByText('Faktura')).toBeTruthy();
    expect(screen.getByRole('list').className).toBe('pay-marks');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
