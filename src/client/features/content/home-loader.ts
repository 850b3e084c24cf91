import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { HomeDocument } from '../../graphql/generated/documents/Home';
import { alternatesOf } from '../../../shared/routes';
import { widgetProducts } from './widget-products';

/**
 * The home page is the content page with key `home` (decision 0018): its title, description and widgets are the
 * shop owner's. Above the widgets, what follows the catalog by itself: the range's size and the running campaign.
 */
export const homeLoader = async (env: LoaderEnv) => {
  const home = await queryFor(env, HomeDocument, {}, { pageAnswer: true });
  const products = home.homePage ? await widgetProducts(env, home.homePage.widgets) : [];
  return { home, products, alternates: alternatesOf('home') };
};

export type HomeData = Awaited<ReturnType<typeof homeLoader>>;
