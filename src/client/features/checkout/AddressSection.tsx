import { FormattedMessage, useIntl } from '../../i18n/intl';
import { COUNTRIES, zipLooksComplete } from './checkout-form';
import { Field, TextField } from '../../components/form';
import { useCheckoutField } from './checkout-field';
import { CheckoutStep } from './CheckoutStep';
import type { CheckoutState } from './use-checkout';

/** Where the parcel goes. The country comes first: the carriers and the postcode's shape depend on it. */
export function AddressSection({ state }: { state: CheckoutState }) {
  const intl = useIntl();
  const country = state.form?.country ?? 'SE';
  const countryError = state.errorFor('country');
  const field = useCheckoutField(state);
  return (
    <CheckoutStep step={2} name="address" titleId="checkout.address">
      <div className="checkout-fields">
        <Field className="checkout-field checkout-field--country" id="checkout-country" label={<FormattedMessage id="checkout.field.country" />} error={countryError}>
          {(control) => (
            <select {...control} name="country" className="field__input" autoComplete="country" value={country} onChange={(e) => state.change('country', e.target.value, true)}>
              {COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {intl.formatMessage({ id: `checkout.country.${code}` })}
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* The Swedish address order, as in the account's settings and on the order: c/o above the street. */}
        <TextField {...field('careOf')} />
        <TextField {...field('streetAddress', { required: true })} autoComplete="address-line1" />
        <TextField {...field('addressLine2')} autoComplete="address-line2" />
        <TextField {...field('zip', { required: true, saveWhen: (zip) => zipLooksComplete(country, zip) })} autoComplete="postal-code" inputMode="numeric" />
        <TextField {...field('city', { required: true })} autoComplete="address-level2" />
        <TextField {...field('entryCode')} />
      </div>
    </CheckoutStep>
  );
}
