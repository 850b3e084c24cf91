import { FormattedMessage, useIntl } from 'react-intl';
import type { CustomerType } from '../../graphql/generated/operations';
import type { MessageId } from '../../i18n/messages';
import { CheckoutTextField } from './CheckoutTextField';
import { CheckoutStep } from './CheckoutStep';
import type { CheckoutState } from './use-checkout';

const CUSTOMER_TYPES: readonly { type: CustomerType; messageId: MessageId }[] = [
  { type: 'PERSON', messageId: 'customerType.person' },
  { type: 'ORGANIZATION', messageId: 'customerType.organization' },
];

/** Who buys: a person or an organisation (company name and organisationsnummer), and how to reach them. */
export function CustomerSection({ state }: { state: CheckoutState }) {
  const intl = useIntl();
  const organisation = state.form?.customerType === 'ORGANIZATION';
  return (
    <CheckoutStep step={1} name="customer" titleId="checkout.customer">
      <fieldset className="checkout-choice checkout-choice--inline">
        <legend className="field__label">
          <FormattedMessage id="checkout.customerType" />
        </legend>
        {CUSTOMER_TYPES.map(({ type, messageId }) => (
          <label key={type} className="checkout-choice__option">
            <input type="radio" name="customerType" value={type} checked={state.form?.customerType === type} onChange={() => state.change('customerType', type, true)} />
            <span>{intl.formatMessage({ id: messageId })}</span>
          </label>
        ))}
      </fieldset>
      <div className="checkout-fields">
        {organisation && (
          <>
            <CheckoutTextField field="companyName" state={state} autoComplete="organization" required />
            <CheckoutTextField field="organisationIdNumber" state={state} inputMode="numeric" required />
          </>
        )}
        <CheckoutTextField field="email" state={state} type="email" autoComplete="email" inputMode="email" required />
        <CheckoutTextField field="phoneNumber" state={state} type="tel" autoComplete="tel" required />
        <CheckoutTextField field="firstName" state={state} autoComplete="given-name" required />
        <CheckoutTextField field="lastName" state={state} autoComplete="family-name" required />
        {!organisation && <CheckoutTextField field="personalIdNumber" state={state} inputMode="numeric" required={state.form?.paymentMethod === 'INVOICE'} />}
      </div>
    </CheckoutStep>
  );
}
