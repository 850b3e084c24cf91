import { preload } from 'react-dom';
import { useIntl } from '../i18n/intl';
import { Icon } from './Icon';
import { LazyImage } from './LazyImage';

/**
 * Fixed 1:1 box so nothing shifts when the picture arrives. A product without pictures gets a placeholder that
 * says so (the words hide where the box is too small for them), not an empty box. `index` picks one of several
 * pictures (the product page's gallery); lists show the first. An empty `name` marks the picture decorative.
 * Pictures that are not `eager` wait for hydration (LazyImage): only those in the first screen may share the
 * link with the page's scripts.
 */
export function ProductImage({ images, name, eager = false, size = 248, index = 0 }: { images: readonly string[] | null; name: string; eager?: boolean; size?: number; index?: number }) {
  const intl = useIntl();
  const file = images?.[index] ?? images?.[0];
  // Above-the-fold pictures are announced in <head>, so they do not queue behind the script bundle.
  if (file && eager) preload(`/images/${file}`, { as: 'image', fetchPriority: 'high' });
  return (
    <span className="product-image">
      {file ? (
        eager ? (
          <img src={`/images/${file}`} alt={name} width={size} height={size} decoding="async" fetchPriority="high" />
        ) : (
          <LazyImage src={`/images/${file}`} alt={name} width={size} height={size} />
        )
      ) : (
        <span className="product-image__placeholder" {...(name ? { role: 'img', 'aria-label': intl.formatMessage({ id: 'product.noImage' }) } : { 'aria-hidden': true })}>
          <Icon name="picture" size={40} />
          <span className="product-image__placeholder-text" aria-hidden="true">
            {intl.formatMessage({ id: 'product.noImage' })}
          </span>
        </span>
      )}
    </span>
  );
}
