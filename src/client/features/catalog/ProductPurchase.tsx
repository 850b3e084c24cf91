import { lazy, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useHydrated } from '../../hooks/use-hydrated';
import type { ProductPageQuery } from '../../graphql/generated/operations';
import { useAddToCart } from '../cart';
import { OptionalChunk } from '../../components/ChunkBoundary';
import { PriceTag } from '../../components/PriceTag';
import { SkuPicker, type PageSku } from './SkuPicker';
import { StockStatus } from './StockStatus';

type Product = NonNullable<ProductPageQuery['product']>;

/**
 * The back-in-stock sign-up (a form, its mutation and the form kit): only a sold-out choice shows it, so it is not
 * in the product page's chunk. Rendered by the server like the rest of the page; it hydrates once its code is here.
 */
const BackInStockForm = lazy(() => import('../notifications/parts').then((parts) => ({ default: parts.BackInStockForm })));

const canBuy = (sku: PageSku) => sku.stock.inStock || sku.stock.oversellable;

/**
 * Price, stock and delivery of the chosen SKU, the SKU choice and the add-to-cart button. A product with one SKU starts with it chosen; otherwise the product's lowest price shows until
 * the shopper picks one, and adding without a pick asks for it.
 */
export function ProductPurchase({ product }: { product: Product }) {
  const intl = useIntl();
  const { add, adding } = useAddToCart();
  const onlySku = product.skus.length === 1 ? product.skus[0] : undefined;
  const [chosenId, setChosenId] = useState<number | null>(onlySku?.skuId ?? null);
  const [mustChoose, setMustChoose] = useState(false);
  const picker = useRef<HTMLFieldSetElement>(null);
  const chosen = product.skus.find((s) => s.skuId === chosenId) ?? null;
  const pricesDiffer = new Set(product.skus.map((s) => s.price.sellingPriceIncVat)).size > 1;
  const price = chosen?.price ?? product.unitPrice;
  const preOrder = chosen?.stock.status === 'OVERSELLABLE';
  const soldOut = chosen !== null && !canBuy(chosen);

  const choose = (skuId: number) => {
    setChosenId(skuId);
    setMustChoose(false);
  };

  const addToCart = async () => {
    if (!chosen) {
      setMustChoose(true);
      // Focus goes to the choice that is missing; the alert beside it says what to do.
      const target = picker.current?.querySelector<HTMLInputElement>('input[type="radio"]');
      target?.focus();
      return;
    }
    // The line the cart shows until the server answers (offline, until the shopper is back online).
    const preview = { product, sku: chosen, unitPrice: chosen.price };
    await add(chosen.skuId, 1, preview);
  };

  return (
    <div className="product-purchase">
      <div className="product-purchase__offer" role="status" aria-label={intl.formatMessage({ id: 'product.priceAndStock' })}>
        <p className="product-purchase__price">
          {!chosen && pricesDiffer && (
            <span className="product-purchase__from">
              <FormattedMessage id="product.priceFrom" />{' '}
            </span>
          )}
          <PriceTag price={price} className="price--large" />
        </p>
        <StockStatus stock={chosen?.stock ?? product.stock} withDelivery={chosen !== null} />
        {preOrder && (
          <p className="product-purchase__warning">
            <FormattedMessage id="product.oversellWarning" />
          </p>
        )}
      </div>
      {product.skus.length > 1 && (
        <SkuPicker
          ref={picker}
          productId={product.productId}
          skus={product.skus}
          chosenId={chosenId}
          onChoose={choose}
          error={mustChoose ? intl.formatMessage({ id: 'product.chooseSizeFirst' }) : null}
        />
      )}
      <AddButton disabled={adding || soldOut || product.skus.length === 0} busy={adding} onClick={addToCart}>
        <FormattedMessage id={adding ? 'product.adding' : preOrder ? 'product.preOrder' : 'product.addToCart'} />
      </AddButton>
      {chosen && soldOut && (
        <OptionalChunk key={chosen.skuId}>
          <BackInStockForm skuId={chosen.skuId} skuName={chosen.name} />
        </OptionalChunk>
      )}
    </div>
  );
}

/**
 * The add-to-cart button, disabled until the page has hydrated. Its own component: the flip re-renders the button
 * alone, not the back-in-stock sign-up beside it, which may still wait for its code (an update passing a part that
 * waits for its code waits with it).
 */
function AddButton({ disabled, busy, onClick, children }: { disabled: boolean; busy: boolean; onClick: () => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="button" className="button button--primary product-purchase__add" disabled={!hydrated || disabled} aria-busy={busy || undefined} onClick={onClick}>
      {children}
    </button>
  );
}
