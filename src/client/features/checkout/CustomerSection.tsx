import { FormattedMessage, useIntl } from '../../i18n/intl';
import type { CustomerType } from '../../graphql/generated/operations';
import type { MessageId } from '../../i18n/messages';
import { TextField } from '../../components/form';
import { useCheckoutField } from './checkout-field';
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
  const field = useCheckoutField(state);
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
            <TextField {...field('companyName', { required: true })} autoComplete="organization" />
            <TextField {...field('organisationIdNumber', { required: true })} inputMode="numeric" />
          </>
        )}
        <TextField {...field('email', { required: true })} type="email" autoComplete="email" inputMode="email" />
        <TextField {...field('phoneNumber', { required: true })} type="tel" autoComplete="tel" />
        <TextField {...field('firstName', { required: true })} autoComplete="given-name" />
        <TextField {...field('lastName', { required: true })} autoComplete="family-name" />
        {!organisation && <TextField {...field('personalIdNumber', { required: state.form?.paymentMethod === 'INVOICE' })} inputMode="numeric" />}
      </div>
    </CheckoutStep>
  );
}
