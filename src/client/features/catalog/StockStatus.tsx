import { FormattedMessage, FormattedDate } from '../../i18n/intl';
import type { StockFieldsFragment } from '../../graphql/generated/operations';

/** Stock texts: '+5 in stock' means five or more; few left shows the number. */
export function StockStatus({ stock, withDelivery = false }: { stock: StockFieldsFragment; withDelivery?: boolean }) {
  const label = (() => {
    switch (stock.status) {
      case 'IN_STOCK':
        return <FormattedMessage id="product.inStock" />;
      case 'FEW_LEFT':
        return <FormattedMessage id="product.fewLeft" values={{ count: stock.totalStock }} />;
      case 'OVERSELLABLE':
        return <FormattedMessage id="product.oversellable" />;
      case 'STATIC':
        return <FormattedMessage id="product.static" />;
      case 'INCOMING':
        return (
          <FormattedMessage
            id="product.incoming"
            values={{ date: stock.incoming ? <FormattedDate value={stock.incoming} day="numeric" month="short" /> : '' }}
          />
        );
      default:
        return <FormattedMessage id="product.outOfStock" />;
    }
  })();
  // The one place a product's delivery time is stated (product texts make no promise of their own): the shop's
  // next-working-day promise from the shelf, longer for what has to be ordered in.
  const longer = stock.status === 'OUT_OF_STOCK' || stock.status === 'OVERSELLABLE' || stock.status === 'INCOMING';
  return (
    <span className={`stock stock--${stock.status.toLowerCase().replace(/_/g, '-')}`}>
      <span className="stock__label">{label}</span>
      {withDelivery && (
        <span className="stock__delivery">
          <FormattedMessage id={longer ? 'product.deliveryLonger' : 'product.deliveryNormal'} />
        </span>
      )}
    </span>
  );
}
