import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useSnapshot } from 'valtio';
import { formatMoney, toMinor } from '../../../shared/money';
import { usePersisted } from '../../lib/persisted-context';
import { useLanguageId } from '../../hooks/use-language';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { visibleCampaignNames } from './campaign-names';
import { PromoCodeShippingNote } from './PromoCodeShippingNote';
import { useCartPending } from './use-cart';

type Summary = CartFieldsFragment['summary'];

/**
 * Free-shipping progress, the campaigns that lowered the cart, and the sums: goods, promo code, shipping,
 * total and VAT, with or without VAT per the shopper's toggle. For the cart panel and the checkout.
 */
export function CartTotals({ cart }: { cart: CartFieldsFragment }) {
  const { vatIncluded } = useSnapshot(usePersisted());
  const pending = useCartPending();
  // Shipping, campaigns and codes are the server's to work out: while a change waits, the shown cart's are those
  // of the cart before it (or none at all), so only the goods are told and the rest says it is pending.
  if (pending.count > 0) return <PendingTotals cart={cart} vatIncluded={vatIncluded} online={pending.online} />;
  return <ServerTotals cart={cart} vatIncluded={vatIncluded} />;
}

/** The goods as the lines now add up, and the sums that depend on the server marked as worked out later. */
function PendingTotals({ cart, vatIncluded, online }: { cart: CartFieldsFragment; vatIncluded: boolean; online: boolean }) {
  const { subTotal } = cart.summary;
  const later = (
    <span className="pending-note">
      <FormattedMessage id={online ? 'cart.sumSaving' : 'cart.sumOffline'} />
    </span>
  );
  return (
    <div className="cart-totals">
      <dl className="cart-totals__sums">
        <Row label={<FormattedMessage id="cart.subTotal" />}>
          {vatIncluded ? subTotal.sellingPriceIncVatFormatted : subTotal.sellingPriceExVatFormatted}
          {!vatIncluded && (
            <span className="price__vat">
              {' '}
              <FormattedMessage id="product.exVat" />
            </span>
          )}
        </Row>
        <Row label={<FormattedMessage id="cart.shipping" />}>{later}</Row>
        <Row className="cart-totals__total" label={<FormattedMessage id="cart.total" />}>
          {later}
        </Row>
      </dl>
    </div>
  );
}

function ServerTotals({ cart, vatIncluded }: { cart: CartFieldsFragment; vatIncluded: boolean }) {
  const intl = useIntl();
  const languageId = useLanguageId();
  const { summary } = cart;
  const money = (major: number) => formatMoney(toMinor(major), languageId);
  const campaigns = visibleCampaignNames(cart.appliedCampaigns);
  const promoDiscount = vatIncluded ? summary.fixedAmountDiscountIncVat : summary.fixedAmountDiscountExVat;
  const exVat = vatIncluded ? null : (
    <span className="price__vat">
      {' '}
      <FormattedMessage id="product.exVat" />
    </span>
  );
  return (
    <div className="cart-totals">
      <FreeShippingProgress summary={summary} hasItems={cart.items.length > 0} vatIncluded={vatIncluded} />
      {campaigns.length > 0 && (
        <div className="cart-totals__campaigns">
          <h3 className="cart-totals__heading">
            <FormattedMessage id="cart.campaigns" />
          </h3>
          <ul>
            {campaigns.map((campaign) => (
              <li key={campaign} className="campaign-tag">
                {campaign}
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="cart-totals__sums">
        <Row label={<FormattedMessage id="cart.subTotal" />}>
          {vatIncluded ? summary.subTotal.sellingPriceIncVatFormatted : summary.subTotal.sellingPriceExVatFormatted}
          {exVat}
        </Row>
        {cart.promoCode && promoDiscount > 0 && (
          <Row
            className="cart-totals__discount"
            label={<FormattedMessage id="cart.promoDiscount" values={{ code: cart.promoCode }} />}
            note={
              summary.promoCodeShippingFeeIncVat > 0 && (
                <PromoCodeShippingNote
                  fee={vatIncluded ? summary.promoCodeShippingFeeIncVat : summary.promoCodeShippingFeeExVat}
                  netSaving={vatIncluded ? summary.promoCodeNetSavingIncVat : summary.promoCodeNetSavingExVat}
                  suffix={vatIncluded ? '' : ` ${intl.formatMessage({ id: 'product.exVat' })}`}
                />
              )
            }
          >
            {/* A real minus sign reads as "minus" in screen readers; a hyphen may be skipped. */}−{money(promoDiscount)}
          </Row>
        )}
        <Row label={<FormattedMessage id="cart.shipping" />}>
          {summary.shipping.feeIncVat === 0 && cart.items.length > 0
            ? intl.formatMessage({ id: 'cart.shippingFree' })
            : vatIncluded
              ? summary.shipping.feeIncVatFormatted
              : money(summary.shipping.feeExVat)}
        </Row>
        <Row className="cart-totals__total" label={<FormattedMessage id="cart.total" />}>
          {vatIncluded ? summary.total.sellingPriceIncVatFormatted : summary.total.sellingPriceExVatFormatted}
          {exVat}
        </Row>
        {cart.giftCard && summary.giftCardAmountIncVat > 0 && (
          <>
            <Row className="cart-totals__discount" label={<FormattedMessage id="cart.giftCard" values={{ code: cart.giftCard.code }} />}>
              −{summary.giftCardAmountIncVatFormatted}
            </Row>
            <Row className="cart-totals__total" label={<FormattedMessage id="cart.amountToPay" />}>
              {summary.amountToPayIncVatFormatted}
            </Row>
          </>
        )}
        {vatIncluded ? (
          <Row className="cart-totals__minor" label={<FormattedMessage id="cart.vatIncluded" />}>
            {summary.total.vatFormatted}
          </Row>
        ) : (
          <>
            <Row className="cart-totals__minor" label={<FormattedMessage id="cart.vat" />}>
              {summary.total.vatFormatted}
            </Row>
            <Row className="cart-totals__minor" label={<FormattedMessage id="cart.totalIncVat" />}>
              {summary.total.sellingPriceIncVatFormatted}
            </Row>
          </>
        )}
        {/* The saving less any shipping the promo code brought back: never more than the order really saves. */}
        {summary.total.savingIncVat > 0 && (
          <Row className="cart-totals__saving" label={<FormattedMessage id="cart.saving" />}>
            {vatIncluded ? summary.total.savingIncVatFormatted : summary.total.savingExVatFormatted}
          </Row>
        )}
      </dl>
    </div>
  );
}

/** One sum; a note says more about it on a line of its own below. */
function Row({ label, className, note, children }: { label: ReactNode; className?: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
      {note && <dd className="cart-totals__note">{note}</dd>}
    </div>
  );
}

/**
 * How far the goods (after the promo code, which is what the threshold counts) are from free shipping, with or
 * without VAT as every other sum. Nothing shows when no free-shipping campaign runs: then nothing is left and
 * shipping still costs.
 */
function FreeShippingProgress({ summary, hasItems, vatIncluded }: { summary: Summary; hasItems: boolean; vatIncluded: boolean }) {
  const intl = useIntl();
  const id = useId();
  const left = summary.shipping.amountLeftToFreeShipping;
  const free = hasItems && summary.shipping.feeIncVat === 0;
  if (!hasItems || (left <= 0 && !free)) return null;
  const goods = Math.max(0, summary.subTotal.sellingPriceIncVat - summary.fixedAmountDiscountIncVat);
  const threshold = goods + left;
  return (
    <div className={`free-shipping ${free ? 'free-shipping--reached' : ''}`}>
      <p className="free-shipping__text" id={`${id}-text`}>
        {free ? (
          <FormattedMessage id="cart.freeShipping" />
        ) : (
          <FormattedMessage
            id="cart.leftToFreeShipping"
            values={{
              amount: vatIncluded
                ? summary.shipping.amountLeftToFreeShippingFormatted
                : `${summary.shipping.amountLeftToFreeShippingExVatFormatted} ${intl.formatMessage({ id: 'product.exVat' })}`,
            }}
          />
        )}
      </p>
      <progress className="free-shipping__bar" max={free ? 1 : threshold} value={free ? 1 : goods} aria-labelledby={`${id}-text`} />
    </div>
  );
}
