import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useSnapshot } from 'valtio';
import { usePersisted, usePersistedSnapshot } from '../../lib/persisted-context';
import { chooseCustomerType, customerTypes, setVatIncluded } from './customer-types';

/** Private/business: choosing a type also applies its VAT flag, so every price on screen changes at once. */
export function CustomerTypeToggle() {
  const store = usePersisted();
  const { customerType } = useSnapshot(store);
  const intl = useIntl();
  return (
    <div className="segmented" role="group" aria-label={intl.formatMessage({ id: 'customerType.label' })}>
      {customerTypes.map((option) => (
        <button
          key={option.type}
          type="button"
          className="segmented__option"
          aria-pressed={customerType === option.type}
          onClick={() => chooseCustomerType(store, option.type)}
        >
          <FormattedMessage id={option.messageId} />
        </button>
      ))}
    </div>
  );
}

/** Prices with or without VAT; when excluded, prices carry an 'ex VAT' label. In the footer, which hydrates after the page. */
export function VatToggle() {
  const store = usePersisted();
  const { vatIncluded } = usePersistedSnapshot();
  return (
    <button type="button" role="switch" aria-checked={vatIncluded} className="switch" onClick={() => setVatIncluded(store, !store.vatIncluded)}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <FormattedMessage id="vat.toggle" />
    </button>
  );
}
