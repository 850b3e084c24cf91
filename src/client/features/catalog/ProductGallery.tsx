import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { LazyImage } from '../../components/LazyImage';
import { ProductImage } from '../../components/ProductImage';

/** The chosen picture in a fixed box, and a thumbnail button per picture when there is more than one. */
export function ProductGallery({ images, name }: { images: readonly string[] | null; name: string }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const files = images ?? [];
  return (
    <div className="product-gallery">
      <ProductImage images={images} name={name} index={index} eager size={600} />
      {files.length > 1 && (
        <ul className="product-gallery__thumbs" aria-label={intl.formatMessage({ id: 'product.images' })}>
          {files.map((file, i) => (
            <li key={file}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-label={intl.formatMessage({ id: 'product.showImage' }, { index: i + 1, count: files.length })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <LazyImage src={`/images/${file}`} alt="" width={64} height={64} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
