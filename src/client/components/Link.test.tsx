// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from './Link';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function at(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <>{element}<Where /></> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the shop’s links', () => {
  afterEach(cleanup);

  it('go to their page through the router on a plain click, and leave a modified click to the browser', async () => {
    at('/', <Link to="/c/spel?page=2" className="x">Spel</Link>);
    const link = screen.getByRole('link', { name: 'Spel' });
    expect(link.getAttribute('href')).toBe('/c/spel?page=2');
    expect(link.className).toBe('x');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByRole('status').textContent).toBe('/');
    await act(async () => fireEvent.click(link));
    expect(screen.getByRole('status').textContent).toBe('/c/spel');
  });

  it('leave a click the page handled (preventDefault) alone', async () => {
    at('/', <Link to="/c/spel" onClick={(event) => event.preventDefault()}>Spel</Link>);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Spel' })));
    expect(screen.getByRole('status').textContent).toBe('/');
  });

  it('replace the shown page in the history when they lead to it, as the router’s links do, and carry their state', async () => {
    const router = at('/c/spel?page=2', <><Link to="/c/spel?page=2">Same</Link><Link to="/p/zelda" state={{ from: 'list' }}>Other</Link><Link to="/c/spel?page=3" replace>Replace</Link></>);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Same' })));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Replace' })));
    expect([router.state.historyAction, router.state.location.search]).toEqual(['REPLACE', '?page=3']);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Other' })));
    expect([router.state.historyAction, router.state.location.pathname, router.state.location.state]).toEqual(['PUSH', '/p/zelda', { from: 'list' }]);
  });

  it('leave a link to another window, or any but the main button, to the browser', async () => {
    at('/', <><Link to="/c/spel" target="_blank">Tab</Link><Link to="/b/sega">Sega</Link></>);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Tab' })));
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sega' }), { button: 1 }));
    for (const modifier of ['shiftKey', 'altKey', 'metaKey', 'ctrlKey']) await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sega' }), { [modifier]: true }));
    expect(screen.getByRole('status').textContent).toBe('/');
  });

  it('work under a router without data too', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/c/spel">Spel</Link>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Spel' }).getAttribute('href')).toBe('/c/spel');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Spel' })));
    expect(screen.getByRole('status').textContent).toBe('/c/spel');
  });

  it('say which one is the shown page or one below it', () => {
    at(
      '/mina-sidor/ordrar/12',
      <>
        <NavLink to="/mina-sidor/ordrar" className="tab">Ordrar</NavLink>
        <NavLink to="/mina-sidor/installningar" className="tab">Inställningar</NavLink>
        <NavLink to="/mina-sidor/ord">Ord</NavLink>
      </>,
    );
    const orders = screen.getByRole('link', { name: 'Ordrar' });
    expect([orders.className, orders.getAttribute('aria-current')]).toEqual(['tab active', 'page']);
    const settings = screen.getByRole('link', { name: 'Inställningar' });
    expect([settings.className, settings.getAttribute('aria-current')]).toEqual(['tab', null]);
    expect(screen.getByRole('link', { name: 'Ord' }).getAttribute('aria-current')).toBeNull();
  });
});
