import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { FormattedDate, FormattedMessage, useIntl } from '../../i18n/intl';
import { AccountOrdersDocument } from '../../graphql/generated/documents/AccountOrders';
import type { AccountOrderAddressFragment, AccountOrderFieldsFragment, AccountOrdersQuery } from '../../graphql/generated/operations';
import type { LoaderEnv } from '../../lib/route-context';
import { hasMessage } from '../../i18n/messages';
import { AccountFrame, SigningIn } from './AccountFrame';
import { accountLoader, type AccountLoaderData } from './account-loader';

export function ordersLoader(args: LoaderFunctionArgs, env: LoaderEnv) {
  return accountLoader(args, env, AccountOrdersDocument);
}

export function OrdersPage() {
  const loaded = useLoaderData() as AccountLoaderData<AccountOrdersQuery>;
  if (loaded.signingIn) return <SigningIn />;
  const { getUser, getOrders } = loaded.data;
  return (
    <AccountFrame title="account.orders.title" user={getUser}>
      <section className="account-section" aria-labelledby="orders-in-progress">
        <h2 id="orders-in-progress">
          <FormattedMessage id="account.orders.inProgress" />
        </h2>
        {getOrders.inProgress.length ? (
          getOrders.inProgress.map((order) => <OrderCard key={order.orderId} order={order} />)
        ) : (
          <p>
            <FormattedMessage id="account.orders.noneInProgress" />
          </p>
        )}
      </section>
      <section className="account-section" aria-labelledby="orders-history">
        <h2 id="orders-history">
          <FormattedMessage id="account.orders.history" />
        </h2>
        {getOrders.history.length ? (
          getOrders.history.map((order) => <OrderCard key={order.orderId} order={order} />)
        ) : (
          <p>
            <FormattedMessage id="account.orders.noHistory" />
          </p>
        )}
      </section>
    </AccountFrame>
  );
}

function OrderCard({ order }: { order: AccountOrderFieldsFragment }) {
  const headingId = `order-${order.orderId}`;
  return (
    <article className="account-order" aria-labelledby={headingId}>
      <header className="account-order__head">
        <h3 id={headingId}>
          <FormattedMessage id="account.order.title" values={{ number: order.orderNumber }} />
        </h3>
        <span className={`account-order__status account-order__status--${order.status.toLowerCase()}`}>{order.statusLabel}</span>
      </header>
      <p className="account-order__meta">
        <FormattedMessage id="account.order.placed" values={{ date: <FormattedDate value={order.createdAt} dateStyle="medium" /> }} />
      </p>
      <h4>
        <FormattedMessage id="account.order.lines" />
      </h4>
      <ul className="account-order__lines">
        {order.lines.map((line) => (
          <li key={line.skuId}>
            <span className="account-order__line-name">{line.name}</span>
            <span>
              <FormattedMessage id="account.order.quantity" values={{ quantity: line.quantity }} />
            </span>
            <span className="account-order__price">{line.totalPriceIncVatFormatted}</span>
          </li>
        ))}
      </ul>
      <dl className="account-order__totals">
        <Row label="account.order.goods" value={order.totals.goodsIncVatFormatted} />
        {order.totals.discountIncVat > 0 && <Row label="account.order.discount" value={`−${order.totals.discountIncVatFormatted}`} />}
        <Row label="account.order.shipping" value={`${order.shippingMethod.name}: ${order.shippingMethod.feeIncVatFormatted}`} />
        {order.totals.giftCardIncVat > 0 && <Row label="account.order.giftCard" value={`−${order.totals.giftCardIncVatFormatted}`} />}
        <Row label="account.order.total" value={order.totals.totalIncVatFormatted} />
        <Row label="account.order.vat" value={order.totals.vatFormatted} />
        <Row label="account.order.payment" value={order.paymentMethodLabel} />
        <Row label="account.order.status" value={order.statusLabel} />
        <div>
          <dt>
            <FormattedMessage id="account.order.tracking" />
          </dt>
          <dd>{order.tracking ?? <FormattedMessage id="account.order.noTracking" />}</dd>
        </div>
      </dl>
      <div className="account-order__addresses">
        <Address label="account.order.billingAddress" address={order.billingAddress} />
        <Address label="account.order.shippingAddress" address={order.shippingAddress} />
      </div>
    </article>
  );
}

type RowLabel = Parameters<typeof FormattedMessage>[0]['id'] & `account.order.${string}`;

function Row({ label, value }: { label: RowLabel; value: string }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

function Address({ label, address }: { label: RowLabel; address: AccountOrderAddressFragment }) {
  const intl = useIntl();
  const countryId = `checkout.country.${address.country}`;
  const country = hasMessage(intl.messages, countryId) ? intl.formatMessage({ id: countryId }) : address.country;
  const lines = [
    address.companyName,
    `${address.firstName} ${address.lastName}`,
    address.careOf ? `c/o ${address.careOf}` : null,
    address.streetAddress,
    address.addressLine2,
    `${address.zip} ${address.city}`,
    country,
  ].filter(Boolean);
  return (
    <div className="account-order__address">
      <h4>
        <FormattedMessage id={label} />
      </h4>
      <address>
        {lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}
