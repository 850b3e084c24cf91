import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown; preventScrollReset?: boolean };

/**
 * A link to a page of the shop, followed by the router on a plain click (a modified click or a new tab is the
 * browser's). The router's own <Link> carries its framework mode's prefetching and route discovery, which the shop
 * does not use; the bundler cannot leave that out (about 1.3 KiB brotli of every first route), so the pages use
 * this one, made of the router's hooks.
 */
export function Link({ to, replace, state, preventScrollReset, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, preventScrollReset, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    />
  );
}

/**
 * A link that says when its page is the one shown (also a page below it): class `active` and `aria-current="page"`,
 * as the router's <NavLink> does.
 */
export function NavLink({ className, ...props }: LinkProps) {
  const shown = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(props.to).pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const active = shown === path || (shown.startsWith(path) && shown.charAt(path.length) === '/');
  return <Link {...props} className={[className, active && 'active'].filter(Boolean).join(' ') || undefined} aria-current={active ? 'page' : undefined} />;
}
