import { useIntl } from '../../i18n/intl';
import { useLanguageId } from '../../hooks/use-language';
import type { HomeQuery } from '../../graphql/generated/operations';
import { formatMoney, toMinor } from '../../../shared/money';

export type StampedCampaign = Pick<HomeQuery['discountCampaigns'][number], 'type' | 'value' | 'buyQuantity' | 'payQuantity'>;

/** The deal in a few characters (−20 %, −50 kr, 3 för 2), as a sticker; the name above already says it in words. */
export function CampaignStamp({ campaign }: { campaign: StampedCampaign }) {
  const intl = useIntl();
  const languageId = useLanguageId();
  const text =
    campaign.type === 'PERCENT'
      ? intl.formatMessage({ id: 'home.campaign.percent' }, { value: campaign.value })
      : campaign.type === 'FIXED'
        ? // The API gives kronor; the amount reads like every other price ('−49,50 kr', not '−49,5 kr').
          intl.formatMessage({ id: 'home.campaign.fixed' }, { amount: formatMoney(toMinor(campaign.value), languageId) })
        : campaign.buyQuantity && campaign.payQuantity
          ? intl.formatMessage({ id: 'home.campaign.buyXPayY' }, { buy: campaign.buyQuantity, pay: campaign.payQuantity })
          : null;
  if (!text) return null;
  return (
    <p className="home-hero__stamp" aria-hidden="true">
      {text}
    </p>
  );
}
