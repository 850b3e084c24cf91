import { FormattedMessage } from '../../i18n/intl';
import { Link } from '../../components/Link';
import { Icon } from '../../components/Icon';
import type { HomeQuery } from '../../graphql/generated/operations';
import { CampaignStamp } from '../catalog';

export type HeroCampaign = HomeQuery['discountCampaigns'][number];

/** The home page's hero: the running campaign. */
export function CampaignHero({ campaign }: { campaign: HeroCampaign }) {
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
