import { FormattedMessage } from '../../i18n/intl';
import type { CheckoutTotalsFieldsFragment } from '../../graphql/generated/operations';
import { PromoCodeShippingNote } from '../cart/parts';

/**
 * The sums with the chosen carrier's fee, as the order will be charged (and as an order keeps them). In the
 * checkout, `promoCode` says what the code does to the chosen carrier's fee, told under its discount.
 */
export function CheckoutTotals({
  totals,
  shippingChosen = true,
  promoCode,
}: {
  totals: CheckoutTotalsFieldsFragment;
  shippingChosen?: boolean;
  promoCode?: { shippingFeeIncVat: number; netSavingIncVat: number };
}) {
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
          {promoCode && promoCode.shippingFeeIncVat > 0 && (
            <dd className="checkout-totals__note">
              <PromoCodeShippingNote fee={promoCode.shippingFeeIncVat} netSaving={promoCode.netSavingIncVat} />
            </dd>
          )}
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
