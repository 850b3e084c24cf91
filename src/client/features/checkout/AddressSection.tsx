import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTRIES, zipLooksComplete } from './checkout-form';
import { CheckoutTextField } from './CheckoutTextField';
import { CheckoutStep } from './CheckoutStep';
import type { CheckoutState } from './use-checkout';

/** Where the parcel goes. The country comes first: the carriers and the postcode's shape depend on it. */
export function AddressSection({ state }: { state: CheckoutState }) {
  const intl = useIntl();
  const country = state.form?.country ?? 'SE';
  const countryError = state.errorFor('country');
  return (
    <CheckoutStep step={2} name="address" titleId="checkout.address">
      <div className="checkout-fields">
        <div className="checkout-field checkout-field--country">
          <label className="field__label" htmlFor="checkout-country">
            <FormattedMessage id="checkout.field.country" />
          </label>
          <select
            id="checkout-country"
            name="country"
            className="field__input"
            autoComplete="country"
            value={country}
            aria-invalid={countryError ? true : undefined}
            aria-describedby={countryError ? 'checkout-country-error' : undefined}
            onChange={(e) => state.change('country', e.target.value, true)}
          >
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {intl.formatMessage({ id: `checkout.country.${code}` })}
              </option>
            ))}
          </select>
          {countryError && (
            <p className="field__error" id="checkout-country-error">
              {countryError}
            </p>
          )}
        </div>
        {/* The Swedish address order, as in the account's settings and on the order: c/o above the street. */}
        <CheckoutTextField field="careOf" state={state} />
        <CheckoutTextField field="streetAddress" state={state} autoComplete="address-line1" required />
        <CheckoutTextField field="addressLine2" state={state} autoComplete="address-line2" />
        <CheckoutTextField field="zip" state={state} autoComplete="postal-code" inputMode="numeric" required saveWhen={(zip) => zipLooksComplete(country, zip)} />
        <CheckoutTextField field="city" state={state} autoComplete="address-level2" required />
        <CheckoutTextField field="entryCode" state={state} />
      </div>
    </CheckoutStep>
  );
}
