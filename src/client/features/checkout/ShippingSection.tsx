import { FormattedMessage } from '../../i18n/intl';
import { FieldError } from '../../components/form';
import { CheckoutStep } from './CheckoutStep';
import type { CheckoutState } from './use-checkout';

/** The carriers for the entered country and postcode, priced for this cart; nothing to choose before that. */
export function ShippingSection({ state }: { state: CheckoutState }) {
  const options = state.checkout?.shippingOptions ?? [];
  const message = state.checkout?.shippingMessage;
  const error = state.errorFor('shippingMethodId');
  return (
    <CheckoutStep step={3} name="shipping" titleId="checkout.shipping">
      {/* Always in the page, so screen readers announce the no-carrier message when it is filled in. */}
      <div role="alert">{message && <p className="field__error">{message}</p>}</div>
      {options.length === 0 ? (
        !message && (
          <p className="checkout-section__note">
            <FormattedMessage id="checkout.shipping.enterZip" />
          </p>
        )
      ) : (
        <fieldset className="checkout-choice" aria-describedby={error ? 'checkout-shippingMethodId-error' : undefined}>
          <legend className="visually-hidden">
            <FormattedMessage id="checkout.shipping.choose" />
          </legend>
          {options.map((option) => (
            <label key={option.shippingMethodId} className="checkout-choice__option checkout-choice__option--card">
              <input
                type="radio"
                name="shippingMethodId"
                value={option.shippingMethodId}
                checked={state.form?.shippingMethodId === option.shippingMethodId}
                onChange={() => state.change('shippingMethodId', option.shippingMethodId, true)}
              />
              <span className="checkout-choice__text">
                <span className="checkout-choice__name">
                  {option.name}
                </span>
                <span className="checkout-choice__description">{option.description}</span>
                {option.feeIncVat > 0 && option.freeFromIncVat !== null && (
                  <span className="checkout-choice__description">
                    <FormattedMessage id="cart.leftToFreeShipping" values={{ amount: option.amountLeftToFreeShippingFormatted }} />
                  </span>
                )}
              </span>
              <span className="checkout-choice__price">{option.feeIncVat > 0 ? option.feeIncVatFormatted : <FormattedMessage id="checkout.shipping.free" />}</span>
            </label>
          ))}
        </fieldset>
      )}
      <FieldError id="checkout-shippingMethodId-error">{error}</FieldError>
    </CheckoutStep>
  );
}
