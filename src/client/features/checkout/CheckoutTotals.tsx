import { FormattedMessage } from 'react-intl';
import type { CheckoutTotalsFieldsFragment } from '../../graphql/generated/operations';

/** The sums with the chosen carrier's fee, as the order will be charged (and as an order keeps them). */
export function CheckoutTotals({ totals, shippingChosen = true }: { totals: CheckoutTotalsFieldsFragment; shippingChosen?: boolean }) {
  return (
    <dl className="checkout-totals">
      <div>
        <dt>
          <FormattedMessage id="checkout.summary.goods" />
        </dt>
        <dd>{totals.goodsIncVatFormatted}</dd>
      </div>
      {totals.discountIncVat > 0 && (
        <div>
          <dt>
            <FormattedMessage id="checkout.summary.discount" />
          </dt>
          <dd>−{totals.discountIncVatFormatted}</dd>
        </div>
      )}
      <div>
        <dt>
          <FormattedMessage id="checkout.summary.shipping" />
        </dt>
        {/* Before a carrier is chosen there is no fee to show yet, rather than a misleading 0 kr. */}
        <dd>{shippingChosen ? totals.shippingFeeIncVatFormatted : '–'}</dd>
      </div>
      <div className="checkout-totals__total">
        <dt>
          <FormattedMessage id={totals.giftCardIncVat > 0 ? 'cart.total' : 'checkout.summary.total'} />
        </dt>
        <dd>{totals.totalIncVatFormatted}</dd>
      </div>
      {totals.giftCardIncVat > 0 && (
        <>
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.giftCard" />
            </dt>
            <dd>−{totals.giftCardIncVatFormatted}</dd>
          </div>
          <div className="checkout-totals__total">
            <dt>
              <FormattedMessage id="cart.amountToPay" />
            </dt>
            <dd>{totals.amountToPayIncVatFormatted}</dd>
          </div>
        </>
      )}
      <div className="checkout-totals__vat">
        <dt>
          <FormattedMessage id="checkout.summary.vat" />
        </dt>
        <dd>{totals.vatFormatted}</dd>
      </div>
    </dl>
  );
}
