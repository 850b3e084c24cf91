import { splitLocalePath } from '../../../shared/locales';

/** The tag manager's page type of a URL path (either language). */
export function pageTypeOf(pathname: string): string {
  const { path } = splitLocalePath(pathname);
  if (path === '/') return 'home';
  const first = path.split('/')[1] ?? '';
  const byPrefix: Record<string, string> = {
    p: 'product',
    product: 'product',
    c: 'category',
    b: 'brand',
    dc: 'campaign',
    s: 'search',
    allt: 'list',
    l: 'list',
    list: 'list',
    varumarken: 'brands',
    brands: 'brands',
    favoriter: 'favorites',
    favorites: 'favorites',
    kassan: 'checkout',
    checkout: 'checkout',
    '404': 'notFound',
  };
  return byPrefix[first] ?? 'content';
}
