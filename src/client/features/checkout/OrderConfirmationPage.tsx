import './checkout-styles';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Navigate, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { Head } from '../../components/Head';
import { useLanguageId } from '../../hooks/use-language';
import type { MessageId } from '../../i18n/messages';
import { routes } from '../../../shared/routes';
import { CheckoutTotals } from './CheckoutTotals';
import { OrderNotFound } from './OrderNotFound';
import { RetryLater } from './RetryLater';
import { useCompletedPayment } from './use-completed-payment';

/** /checkout/confirm: the payment provider sends the shopper here after a successful payment. */
export function OrderConfirmationPage() {
  const intl = useIntl();
  const languageId = useLanguageId();
  const location = useLocation();
  const { order, notFound, failed, loading } = useCompletedPayment();
  const title = intl.formatMessage({ id: 'confirm.title' });
  const lost = !loading && !failed && (!order || notFound);
  // The provider's verdict wins over the page it sent the shopper to.
  if (order?.paymentStatus === 'FAILED') {
    return <Navigate replace to={`${routes.paymentFailed(languageId)}${location.search}`} />;
  }
  return (
    <div className="page checkout-page order-confirmation">
      <Head title={lost ? intl.formatMessage({ id: 'confirm.notFoundTitle' }) : title} />
      <meta name="robots" content="noindex, nofollow" />
      {loading ? (
        <p className="checkout-page__loading" role="status">
          <FormattedMessage id="confirm.loading" />
        </p>
      ) : failed ? (
        <RetryLater />
      ) : lost || !order ? (
        <OrderNotFound />
      ) : (
        <>
          {order.status === 'CANCELLED' ? (
            // Staff cancelled it while the payment was under way: nothing ships, and the shopper must hear so.
            <>
              <h1 className="page__title">
                <FormattedMessage id="confirm.cancelledTitle" />
              </h1>
              <p className="page__lead" role="status">
                <FormattedMessage id="confirm.cancelled" />
              </p>
            </>
          ) : (
            <>
              <h1 className="page__title">{title}</h1>
              <p className="page__lead" role="status">
                {/* The provider may not have decided yet: no confirmation is promised until it has. */}
                <FormattedMessage id={order.paymentStatus === 'PENDING' ? 'confirm.pending' : 'confirm.lead'} values={{ email: order.email }} />
              </p>
            </>
          )}
          <dl className="order-facts">
            <Fact labelId="confirm.orderNumber">{order.orderNumber}</Fact>
            <Fact labelId="confirm.status">{order.statusLabel}</Fact>
            <Fact labelId="confirm.payment">{order.paymentMethodLabel}</Fact>
            {/* A shipping method's name already names its carrier ('PostNord – hämta hos ombud', 'DHL Service Point'). */}
            <Fact labelId="confirm.delivery">{order.shippingMethod.name}</Fact>
            <Fact labelId="confirm.address">
              <address>
                {[
                  order.shippingAddress.companyName,
                  `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`,
                  order.shippingAddress.careOf && `c/o ${order.shippingAddress.careOf}`,
                  order.shippingAddress.streetAddress,
                  order.shippingAddress.addressLine2,
                  `${order.shippingAddress.zip} ${order.shippingAddress.city}`,
                ]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="order-facts__line">
                      {line}
                    </span>
                  ))}
              </address>
            </Fact>
          </dl>
          <h2 className="checkout-section__title">
            <FormattedMessage id="confirm.lines" />
          </h2>
          <ul className="order-lines">
            {order.lines.map((line) => (
              <li key={line.skuId} className="order-lines__line">
                <span>
                  {line.quantity} × {line.name}
                  {line.backorderedQuantity > 0 && (
                    <span className="order-lines__note">
                      <FormattedMessage id="confirm.backordered" values={{ count: line.backorderedQuantity }} />
                    </span>
                  )}
                </span>
                <span>{line.totalPriceIncVatFormatted}</span>
              </li>
            ))}
          </ul>
          <CheckoutTotals totals={order.totals} />
          <Link className="button button--primary" to={routes.home(languageId)}>
            <FormattedMessage id="checkout.continueShopping" />
          </Link>
        </>
      )}
    </div>
  );
}

function Fact({ labelId, children }: { labelId: MessageId; children: ReactNode }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={labelId} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
