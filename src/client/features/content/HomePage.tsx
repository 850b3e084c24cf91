import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { useLanguageId } from '../../hooks/use-language';
import { useShop } from '../../lib/shop-context';
import type { LoaderEnv } from '../../lib/route-context';
import { queryFor } from '../../lib/loader-query';
import { Head } from '../../components/Head';
import type { HomeQuery } from '../../graphql/generated/operations';
import { HomeDocument } from '../../graphql/generated/documents/Home';
import { alternatesOf, routes } from '../../../shared/routes';
import { useShopName } from '../../components/shop-texts';
import { Widgets, widgetProducts, type WidgetProducts } from './Widgets';
import { lazyPart } from '../../lib/lazy-part';
import { OptionalChunk } from '../../components/ChunkBoundary';
import type { HeroCampaign } from './CampaignHero';

/** The code of this page's parts that load apart, for the first page's hydration (app/routes.tsx). */
export { preloadShownParts } from '../../lib/lazy-part';

/** The hero is drawn by the server and hydrated after the page's chunk (lib/lazy-part.ts). */
const hero = lazyPart(() => import('./CampaignHero').then((loaded) => loaded.CampaignHero), '.home-hero', { file: 'content/CampaignHero' });
const CampaignHero = hero.Part;

/**
 * The home page is the content page with key `home` (decision 0018): its title, description and widgets are the
 * shop owner's. Above the widgets, what follows the catalog by itself: the range's size and the running campaign.
 */
export const homeLoader = async (env: LoaderEnv) => {
  const home = await queryFor(env, HomeDocument, {}, { pageAnswer: true });
  const [products] = await Promise.all([
    home.homePage ? widgetProducts(env, home.homePage.widgets) : [],
    // Optional: should the hero's code not come, the page opens without it.
    heroCampaign(home.discountCampaigns) ? hero.preload()?.catch(() => undefined) : null,
  ]);
  return { home, products, alternates: alternatesOf('home') };
};

/**
 * The hero shows the first running campaign that discounts goods under its own name: free shipping has no
 * products to show, and a campaign that hides its title is not meant to be advertised.
 */
function heroCampaign(campaigns: readonly HeroCampaign[]): HeroCampaign | undefined {
  return campaigns.find((c) => !c.hideTitle && c.type !== 'FREE_SHIPPING');
}

export function HomePage() {
  const { home, products, alternates } = useLoaderData() as { home: HomeQuery; products: WidgetProducts; alternates: { languageId: string; canonicalUrl: string }[] };
  const intl = useIntl();
  const languageId = useLanguageId();
  const candy = useShop().variant === 'candy';
  const page = home.homePage;
  // Without a published home page (a shop that has deleted it) the page still says what the shop is.
  const title = page?.title ?? intl.formatMessage({ id: candy ? 'home.title.candy' : 'home.title' });
  const description = page?.description || intl.formatMessage({ id: candy ? 'meta.description.candy' : 'meta.description' });
  const shopName = useShopName();
  const campaign = heroCampaign(home.discountCampaigns);
  return (
    <div className="page page--home">
      <Head title={`${title} | ${shopName}`} description={description} canonical={routes.home(languageId)} alternates={alternates} />
      <div className="home-intro">
        <h1 className="page__title">{title}</h1>
        <p className="page__lead">
          <FormattedMessage id="home.productCount" values={{ count: home.range.count }} />
        </p>
      </div>
      {campaign && (
        <OptionalChunk>
          <CampaignHero campaign={campaign} />
        </OptionalChunk>
      )}
      {page && <Widgets widgets={page.widgets} products={products} rows />}
    </div>
  );
}
