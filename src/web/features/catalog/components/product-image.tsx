import { useState } from 'react';

import type { ProductImage as Image } from '../../../../shared/api/catalog';

/** Shown when a product has no picture or its picture does not load (spec section 2). */
export const fallbackImageUrl = `${import.meta.env.BASE_URL}images/product-placeholder.svg`;

interface Props {
  image: Image | undefined;
  style: keyof Image['image_style_uri'];
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
}

/** One style of a product picture; falls back to the default picture on a load error. */
export function ProductImage({ image, style, alt, className, width, height, loading = 'lazy' }: Props) {
  const source = image?.image_style_uri[style];
  // remembers which address failed, so another picture (the gallery) is tried again
  const [failed, setFailed] = useState<string | null>(null);
  const src = source && failed !== source ? source : fallbackImageUrl;
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={() => {
        if (source && src === source) setFailed(source);
      }}
    />
  );
}
