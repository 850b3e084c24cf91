import { FormattedMessage } from '../i18n/intl';
import { useSnapshot } from 'valtio';
import type { PriceFieldsFragment } from '../graphql/generated/operations';
import { usePersisted } from '../lib/persisted-context';

/** Selling price (with the regular one struck through when discounted), inc or ex VAT per the toggle. */
export function PriceTag({ price, className }: { price: PriceFieldsFragment; className?: string }) {
  const { vatIncluded } = useSnapshot(usePersisted());
  const selling = vatIncluded ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted;
  const regular = vatIncluded ? price.regularPriceIncVatFormatted : price.regularPriceExVatFormatted;
  return (
    <span className={`price ${price.isDiscounted ? 'price--discounted' : ''} ${className ?? ''}`}>
      <span className="price__selling">{selling}</span>
      {price.isDiscounted && <s className="price__regular">{regular}</s>}
      {!vatIncluded && (
        <span className="price__vat">
          {' '}
          <FormattedMessage id="product.exVat" />
        </span>
      )}
    </span>
  );
}
