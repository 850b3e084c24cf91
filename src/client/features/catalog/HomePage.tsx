import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import { useLanguageId } from '../../hooks/use-language';
import { useShop } from '../../lib/shop-context';
import { queryFor, type LoaderEnv } from '../../lib/route-context';
import { Head } from '../../components/Head';
import { Icon, type IconName } from '../../components/Icon';
import { LazyImage } from '../../components/LazyImage';
import type { HomeProductsQuery } from '../../graphql/generated/operations';
import { HomeProductsDocument } from '../../graphql/generated/documents/HomeProducts';
import { alternatesOf, routes } from '../../../shared/routes';
import type { ShopVariant } from '../../../shared/shop';
import type { MessageId } from '../../i18n/messages';
import { useShopName } from '../../components/shop-texts';
import { ProductGrid } from './ProductCard';
import { CampaignStamp } from './CampaignStamp';

/**
 * The page shows only the top categories: the loader keeps those, since what it returns travels in the HTML to
 * hydrate with (the whole tree is the layout's, already there).
 */
export const homeLoader = async (env: LoaderEnv) => {
  const home = await queryFor(env, HomeProductsDocument, {});
  const topCategories = home.categories.filter((c) => c.parentCategoryId == null).sort((a, b) => a.order - b.order);
  return { home: { ...home, categories: topCategories }, alternates: alternatesOf('home') };
};

type Campaign = HomeProductsQuery['discountCampaigns'][number];

/**
 * The hero shows the first running campaign that discounts goods under its own name: free shipping has no
 * products to show, and a campaign that hides its title is not meant to be advertised.
 */
function heroCampaign(campaigns: readonly Campaign[]): Campaign | undefined {
  return campaigns.find((c) => !c.hideTitle && c.type !== 'FREE_SHIPPING');
}

/** The spec's selling points (the candy shop promises fresh sweets instead of tested items). */
const SELLING_POINTS: Record<ShopVariant, readonly { icon: IconName; title: MessageId; text: MessageId }[]> = {
  games: [
    { icon: 'tested', title: 'home.usp.tested', text: 'home.usp.tested.text' },
    { icon: 'truck', title: 'home.usp.delivery', text: 'home.usp.delivery.text' },
    { icon: 'returns', title: 'home.usp.returns', text: 'home.usp.returns.text' },
  ],
  candy: [
    { icon: 'fresh', title: 'home.usp.fresh', text: 'home.usp.fresh.text' },
    { icon: 'truck', title: 'home.usp.delivery', text: 'home.usp.delivery.text' },
    { icon: 'returns', title: 'home.usp.returns', text: 'home.usp.returns.candy' },
  ],
};

export function HomePage() {
  const { home, alternates } = useLoaderData() as { home: HomeProductsQuery; alternates: { languageId: string; canonicalUrl: string }[] };
  const intl = useIntl();
  const languageId = useLanguageId();
  const { variant } = useShop();
  const candy = variant === 'candy';
  const title = intl.formatMessage({ id: candy ? 'home.title.candy' : 'home.title' });
  const shopName = useShopName();
  const campaign = heroCampaign(home.discountCampaigns);
  const all = routes.all(languageId);
  return (
    <div className="page page--home">
      <Head
        title={`${title} | ${shopName}`}
        description={intl.formatMessage({ id: candy ? 'meta.description.candy' : 'meta.description' })}
        canonical={routes.home(languageId)}
        alternates={alternates}
      />
      <div className="home-intro">
        <h1 className="page__title">{title}</h1>
        <p className="page__lead">
          <FormattedMessage id="home.productCount" values={{ count: home.bestsellers.count }} />
        </p>
      </div>
      {campaign && <CampaignHero campaign={campaign} />}
      <nav className="home-categories" aria-labelledby="home-categories">
        <h2 id="home-categories" className="home-section__title">
          <FormattedMessage id="home.categories" />
        </h2>
        <ul className="home-categories__list">
          {home.categories.map((category) => (
            <li key={category.categoryId}>
              <Link to={category.canonicalUrl} className="home-category">
                <LazyImage src={`/images/c${category.categoryId}.svg`} alt="" width={248} height={248} />
                <span className="home-category__name">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ProductRow id="bestsellers" titleId="home.bestsellers" showAll={`${all}?sort=BESTSELLERS`} products={home.bestsellers.products} eager />
      <ProductRow id="latest" titleId="home.latest" showAll={all} products={home.latest.products} />
      <SellingPoints variant={variant} />
    </div>
  );
}

function CampaignHero({ campaign }: { campaign: Campaign }) {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__text">
        <p className="home-hero__eyebrow">
          <FormattedMessage id="home.campaign.eyebrow" />
        </p>
        <h2 id="home-hero-title" className="home-hero__title">
          {campaign.name}
        </h2>
        {campaign.description && <p className="home-hero__description">{campaign.description}</p>}
        <Link to={campaign.canonicalUrl} className="button home-hero__cta">
          <FormattedMessage id="home.campaign.cta" />
          <span className="visually-hidden"> – {campaign.name}</span>
          <Icon name="arrow" size={20} />
        </Link>
      </div>
      <CampaignStamp campaign={campaign} />
    </section>
  );
}

function ProductRow({ id, titleId, showAll, products, eager = false }: {
  id: string;
  titleId: MessageId;
  showAll: string;
  products: HomeProductsQuery['bestsellers']['products'];
  eager?: boolean;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  return (
    <section className="home-row" aria-labelledby={id}>
      <div className="home-row__head">
        <h2 id={id} className="home-section__title">
          {title}
        </h2>
        <Link to={showAll} className="home-row__all">
          <FormattedMessage id="home.showAll" />
          <span className="visually-hidden"> – {title}</span>
          <Icon name="arrow" size={18} />
        </Link>
      </div>
      {/* On a phone the first two pictures are above the fold; the rest load as they scroll in. */}
      <ProductGrid products={products} eagerCount={eager ? 2 : 0} className="product-grid--row" />
    </section>
  );
}

function SellingPoints({ variant }: { variant: ShopVariant }) {
  return (
    <section className="home-usps" aria-labelledby="home-usps">
      <h2 id="home-usps" className="home-section__title">
        <FormattedMessage id="home.usps" />
      </h2>
      <ul className="home-usps__list">
        {SELLING_POINTS[variant].map((point) => (
          <li key={point.title} className="home-usp">
            <Icon name={point.icon} size={32} />
            <span>
              <strong className="home-usp__title">
                <FormattedMessage id={point.title} />
              </strong>
              <span className="home-usp__text">
                <FormattedMessage id={point.text} />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
