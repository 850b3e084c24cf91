import { FormattedMessage } from '../../i18n/intl';

/** The server could not be reached: the order may well be fine, so the shopper is asked to try again. */
export function RetryLater() {
  return (
    <div className="payment-failed__message" role="alert">
      <p>
        <FormattedMessage id="error.generic" />
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        <FormattedMessage id="checkout.retry" />
      </button>
    </div>
  );
}
