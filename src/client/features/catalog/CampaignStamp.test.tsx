// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from '../../i18n/intl';
import { catalogs } from '../../i18n/intl-test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { channels, type LanguageId } from '../../../shared/locales';
import { CampaignStamp, type StampedCampaign } from './CampaignStamp';

const messages = catalogs;

function stampText(campaign: StampedCampaign, languageId: LanguageId) {
  const { container } = render(
    <IntlProvider locale={channels[languageId].iso} messages={messages[languageId]}>
      <CampaignStamp campaign={campaign} />
    </IntlProvider>,
  );
  return container.textContent?.replace(/\u00a0/g, ' ');
}

const fixed = (value: number): StampedCampaign => ({ type: 'FIXED', value, buyQuantity: null, payQuantity: null });

describe('CampaignStamp', () => {
  afterEach(cleanup);

  it('writes a fixed amount the way every price is written, öre included', () => {
    expect(stampText(fixed(49.5), 'sv')).toBe('−49,50 kr');
    expect(stampText(fixed(49.5), 'en')).toBe('−SEK 49.50');
    expect(stampText(fixed(50), 'sv')).toBe('−50 kr');
    expect(stampText(fixed(1000), 'sv')).toBe('−1 000 kr');
    expect(stampText(fixed(50), 'en')).toBe('−SEK 50');
  });

  it('writes a percentage and a buy-X-pay-Y deal as before', () => {
    expect(stampText({ type: 'PERCENT', value: 20, buyQuantity: null, payQuantity: null }, 'sv')).toBe('−20 %');
    expect(stampText({ type: 'BUY_X_PAY_Y', value: 0, buyQuantity: 3, payQuantity: 2 }, 'sv')).toBe('3 för 2');
  });
});
