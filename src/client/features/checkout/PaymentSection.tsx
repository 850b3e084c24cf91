import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from '../../components/Link';
import { useLanguageId } from '../../hooks/use-language';
import { routes } from '../../../shared/routes';
import { PAYMENT_METHODS } from './checkout-form';
import { Field, FieldError, SubmitButton } from '../../components/form';
import { useCheckoutField } from './checkout-field';
import { CheckoutTotals } from './CheckoutTotals';
import { CheckoutStep } from './CheckoutStep';
import type { CheckoutState } from './use-checkout';

/** Terms of purchase: the content page the footer links to as well. */
const termsPath = (languageId: 'sv' | 'en') => routes.content(languageId === 'sv' ? 'kopvillkor' : 'purchase-terms', languageId);

/**
 * How to pay, closed until the details, postcode and carrier are valid, then the sums, the
 * terms and the button that places the order. A signed-in customer with store credit sees their balance and
 * chooses whether it pays (on by default). A gift card and credit that pay everything leave nothing to choose: the
 * server needs no method then and records the order as paid by them.
 */
export function PaymentSection({ state }: { state: CheckoutState }) {
  const intl = useIntl();
  const languageId = useLanguageId();
  const blocked = state.checkout?.paymentBlocked ?? true;
  const methodError = state.errorFor('paymentMethod');
  const termsError = state.errorFor('acceptedPurchaseTerms');
  const { value: orderMessage, onChange: changeOrderMessage, onBlur: leaveOrderMessage, name, required, ...orderMessageField } = useCheckoutField(state)('orderMessage');
  const totals = state.checkout?.totals;
  // Only once a carrier is chosen (the step is open): before that the fee is not in the total the card covers.
  const paidInFull = !blocked && totals !== undefined && totals.amountToPayIncVat === 0 && (totals.giftCardIncVat > 0 || totals.storeCreditIncVat > 0);
  const creditBalance = state.checkout?.storeCreditBalanceIncVat ?? 0;
  return (
    <CheckoutStep step={4} name="payment" titleId="checkout.payment">
      {creditBalance > 0 && (
        <fieldset className="checkout-credit">
          <legend>
            <FormattedMessage id="checkout.credit.title" />
          </legend>
          <label className="checkout-check">
            <input
              type="checkbox"
              name="useStoreCredit"
              checked={state.form?.useStoreCredit ?? true}
              aria-describedby="checkout-credit-hint"
              onChange={(e) => state.change('useStoreCredit', e.target.checked, true)}
            />
            <span>
              <FormattedMessage id="checkout.credit.use" values={{ balance: state.checkout?.storeCreditBalanceIncVatFormatted ?? '' }} />
            </span>
          </label>
          <p className="checkout-section__note" id="checkout-credit-hint">
            <FormattedMessage id="checkout.credit.hint" />
          </p>
        </fieldset>
      )}
      {blocked && (
        <p className="checkout-section__note" id="checkout-payment-blocked">
          <FormattedMessage id="checkout.payment.blocked" />
        </p>
      )}
      {paidInFull ? (
        <p className="checkout-section__note" id="checkout-payment-gift-card">
          <FormattedMessage id={totals.storeCreditIncVat > 0 ? 'checkout.payment.creditPaysAll' : 'checkout.payment.giftCardPaysAll'} />
        </p>
      ) : (
        <fieldset
          className="checkout-choice"
          disabled={blocked}
          aria-describedby={[blocked ? 'checkout-payment-blocked' : '', methodError ? 'checkout-paymentMethod-error' : ''].filter(Boolean).join(' ') || undefined}
        >
          <legend className="visually-hidden">
            <FormattedMessage id="checkout.payment.choose" />
          </legend>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="checkout-choice__option checkout-choice__option--card">
              <input type="radio" name="paymentMethod" value={method} checked={state.form?.paymentMethod === method} onChange={() => state.change('paymentMethod', method, true)} />
              <span className="checkout-choice__text">
                <span className="checkout-choice__name">{intl.formatMessage({ id: `checkout.payment.${method}` })}</span>
                <span className="checkout-choice__description">{intl.formatMessage({ id: `checkout.payment.hint.${method}` })}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <FieldError id="checkout-paymentMethod-error">{methodError}</FieldError>
      <Field {...orderMessageField}>
        {(control) => (
          <textarea
            {...control}
            name={name}
            className="field__input"
            required={required}
            rows={3}
            value={orderMessage}
            onChange={(e) => changeOrderMessage(e.target.value)}
            onBlur={leaveOrderMessage}
          />
        )}
      </Field>
      <label className="checkout-check">
        <input type="checkbox" name="newsletterConsent" checked={state.form?.newsletterConsent ?? false} onChange={(e) => state.change('newsletterConsent', e.target.checked, true)} />
        <span>
          <FormattedMessage id="checkout.field.newsletterConsent" />
        </span>
      </label>
      {state.checkout && (
        <CheckoutTotals
          totals={state.checkout.totals}
          shippingChosen={state.checkout.shippingOptions.some((o) => o.isSelected)}
          promoCode={{ shippingFeeIncVat: state.checkout.promoCodeShippingFeeIncVat, netSavingIncVat: state.checkout.promoCodeNetSavingIncVat }}
        />
      )}
      <label className="checkout-check">
        <input
          type="checkbox"
          name="acceptedPurchaseTerms"
          checked={state.form?.acceptedPurchaseTerms ?? false}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? 'checkout-acceptedPurchaseTerms-error' : undefined}
          onChange={(e) => state.change('acceptedPurchaseTerms', e.target.checked, true)}
        />
        <span>
          <FormattedMessage
            id="checkout.field.acceptedPurchaseTerms"
            values={{
              terms: (
                <Link to={termsPath(languageId)} target="_blank" rel="noopener">
                  <FormattedMessage id="checkout.terms" />
                </Link>
              ),
            }}
          />
        </span>
      </label>
      <FieldError id="checkout-acceptedPurchaseTerms-error">{termsError}</FieldError>
      <FieldError announce>{state.orderMessage}</FieldError>
      {state.offline && (
        <p className="checkout-offline" id="checkout-offline" role="status">
          <FormattedMessage id="offlineData.checkout" />
        </p>
      )}
      <SubmitButton
        pending={state.placing}
        disabled={state.offline}
        className="button button--primary checkout-submit"
        describedBy={state.offline ? 'checkout-offline' : undefined}
        pendingLabel={<FormattedMessage id="checkout.placing" />}
      >
        <FormattedMessage id="checkout.placeOrder" />
      </SubmitButton>
    </CheckoutStep>
  );
}
