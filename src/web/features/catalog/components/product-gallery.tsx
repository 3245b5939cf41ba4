import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProductImage as Image } from '../../../../shared/api/catalog';

import { ProductImage } from './product-image';

/** The product page's pictures: one large, and thumbnails that switch it (spec section 2). */
export function ProductGallery({ images, name }: { images: readonly Image[]; name: string }) {
  const { t } = useTranslation('catalog');
  const [selected, setSelected] = useState(0);
  const index = selected < images.length ? selected : 0;
  return (
    <div className="product-gallery">
      <div className="product-gallery-main">
        <ProductImage image={images[index]} style="large" alt={t('product.imageOf', { name })} width={900} height={900} loading="eager" />
      </div>
      {images.length > 1 ? (
        <ul className="product-gallery-thumbnails list-unstyled">
          {images.map((image, position) => (
            <li key={image.id}>
              <button
                type="button"
                className={`product-gallery-thumbnail${position === index ? ' is-selected' : ''}`}
                aria-label={t('product.showImage', { index: position + 1, count: images.length })}
                aria-pressed={position === index}
                onClick={() => setSelected(position)}
              >
                <ProductImage image={image} style="small_thumbnail" alt="" width={100} height={100} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
