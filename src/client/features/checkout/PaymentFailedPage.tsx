import './checkout-styles';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Navigate, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { Head } from '../../components/Head';
import { useLanguageId } from '../../hooks/use-language';
import { routes } from '../../../shared/routes';
import { OrderNotFound } from './OrderNotFound';
import { RetryLater } from './RetryLater';
import { useCompletedPayment } from './use-completed-payment';

/**
 * /checkout/klarna-fail: the payment provider refused. The order is cancelled and its lines are back in the
 * cart, so 'go back' returns to a checkout that holds everything it did before.
 */
export function PaymentFailedPage() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const { order, notFound, failed, loading } = useCompletedPayment();
  const location = useLocation();
  // A paid order has nothing to go back for: its confirmation is the right page.
  if (order?.paymentStatus === 'PAID') return <Navigate replace to={`${routes.orderConfirmation(languageId)}${location.search}`} />;
  const lost = !loading && !failed && (!order || notFound);
  const title = intl.formatMessage({ id: lost ? 'confirm.notFoundTitle' : 'paymentFailed.title' });
  return (
    <div className="page checkout-page payment-failed">
      <Head title={title} />
      <meta name="robots" content="noindex, nofollow" />
      {lost ? (
        <OrderNotFound />
      ) : (
        <>
          <h1 className="page__title">{title}</h1>
          {loading ? (
            <p className="checkout-page__loading" role="status">
              <FormattedMessage id="confirm.loading" />
            </p>
          ) : failed ? (
            <RetryLater />
          ) : order?.paymentStatus === 'PENDING' ? (
            <p role="status" className="payment-failed__message">
              <FormattedMessage id="paymentFailed.pending" />
            </p>
          ) : (
            <div role="alert" className="payment-failed__message">
              <p>{order?.paymentFailureMessage ?? intl.formatMessage({ id: 'error.generic' })}</p>
              {order?.paymentStatus === 'FAILED' && (
                <p>
                  <FormattedMessage id="paymentFailed.cartRestored" />
                </p>
              )}
            </div>
          )}
          <Link className="button button--primary" to={routes.checkout(languageId)}>
            <FormattedMessage id="paymentFailed.goBack" />
          </Link>
        </>
      )}
    </div>
  );
}
