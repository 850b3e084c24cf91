import { preload } from 'react-dom';
import { useIntl } from 'react-intl';

/**
 * Fixed 1:1 box so nothing shifts when the picture arrives; a placeholder when the product has none.
 * `index` picks one of several pictures (the product page's gallery); lists show the first.
 */
export function ProductImage({ images, name, eager = false, size = 248, index = 0 }: { images: readonly string[] | null; name: string; eager?: boolean; size?: number; index?: number }) {
  const intl = useIntl();
  const file = images?.[index] ?? images?.[0];
  // Above-the-fold pictures are announced in <head>, so they do not queue behind the script bundle.
  if (file && eager) preload(`/images/${file}`, { as: 'image', fetchPriority: 'high' });
  return (
    <span className="product-image">
      {file ? (
        <img src={`/images/${file}`} alt={name} width={size} height={size} loading={eager ? 'eager' : 'lazy'} decoding="async" fetchPriority={eager ? 'high' : 'auto'} />
      ) : (
        <span className="product-image__placeholder" role="img" aria-label={intl.formatMessage({ id: 'product.noImage' })} />
      )}
    </span>
  );
}
