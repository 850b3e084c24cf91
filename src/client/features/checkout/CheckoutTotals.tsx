import { FormattedMessage } from '../../i18n/intl';
import type { CheckoutTotalsFieldsFragment } from '../../graphql/generated/operations';
import { PromoCodeShippingNote } from '../cart/parts';

/**
 * The sums with the chosen carrier's fee, as the order will be charged (and as an order keeps them), with what a
 * gift card and the store credit pay and what is left to pay. In the
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
  // A gift card or store credit pays a part: the total stays as it is, and what is left to pay follows.
  const prepaid = totals.giftCardIncVat > 0 || totals.storeCreditIncVat > 0;
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
          <FormattedMessage id={prepaid ? 'cart.total' : 'checkout.summary.total'} />
        </dt>
        <dd>{totals.totalIncVatFormatted}</dd>
      </div>
      {prepaid && (
        <>
          {totals.giftCardIncVat > 0 && (
            <div>
              <dt>
                <FormattedMessage id="checkout.summary.giftCard" />
              </dt>
              <dd>−{totals.giftCardIncVatFormatted}</dd>
            </div>
          )}
          {totals.storeCreditIncVat > 0 && (
            <div>
              <dt>
                <FormattedMessage id="checkout.summary.credit" />
              </dt>
              <dd>−{totals.storeCreditIncVatFormatted}</dd>
            </div>
          )}
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
