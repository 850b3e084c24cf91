import { useId, type Ref } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import type { ProductPageQuery } from '../../graphql/generated/operations';
import { PriceTag } from '../../components/PriceTag';
import { StockStatus } from './StockStatus';

export type PageSku = NonNullable<ProductPageQuery['product']>['skus'][number];

interface SkuPickerProps {
  productId: number;
  skus: readonly PageSku[];
  chosenId: number | null;
  onChoose: (skuId: number) => void;
  /** The 'choose a size first' message, shown next to the options and announced. */
  error: string | null;
  ref?: Ref<HTMLFieldSetElement>;
}

/**
 * One radio per SKU (size, condition …) with its stock state, so a shopper sees what can be had before
 * choosing. Sold-out SKUs stay choosable: choosing one offers the back-in-stock sign-up.
 */
export function SkuPicker({ productId, skus, chosenId, onChoose, error, ref }: SkuPickerProps) {
  const errorId = useId();
  const pricesDiffer = new Set(skus.map((s) => s.price.sellingPriceIncVat)).size > 1;
  return (
    <fieldset ref={ref} className={`sku-picker ${error ? 'sku-picker--invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend className="sku-picker__legend">
        <FormattedMessage id="product.chooseVariant" />
      </legend>
      <div className="sku-picker__options">
        {skus.map((sku) => (
          <label key={sku.skuId} className={`sku-option ${sku.skuId === chosenId ? 'sku-option--chosen' : ''}`}>
            <input
              type="radio"
              className="sku-option__input"
              name={`sku-${productId}`}
              value={sku.skuId}
              checked={sku.skuId === chosenId}
              aria-invalid={error ? true : undefined}
              onChange={() => onChoose(sku.skuId)}
            />
            <span className="sku-option__name">{sku.name}</span>
            {pricesDiffer && <PriceTag price={sku.price} className="sku-option__price" />}
            <StockStatus stock={sku.stock} />
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
