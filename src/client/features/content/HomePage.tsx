import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { useLanguageId } from '../../hooks/use-language';
import { useShop } from '../../lib/shop-context';
import { Head } from '../../components/Head';
import { routes } from '../../../shared/routes';
import { useShopName } from '../../components/shop-texts';
import { Widgets } from './Widgets';
import { CampaignHero } from './CampaignHero';
import { heroCampaign } from './home-hero';
import type { HomeData } from './home-loader';

/** The loader's code (its query's document and the widgets' product lists), a chunk apart (app/start.tsx, preloadPage). */
export const preloadLoader = () => import('./home-loader');

export function HomePage() {
  const { home, products, alternates } = useLoaderData() as HomeData;
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
      {campaign && <CampaignHero campaign={campaign} />}
      {page && <Widgets widgets={page.widgets} products={products} rows />}
    </div>
  );
}
