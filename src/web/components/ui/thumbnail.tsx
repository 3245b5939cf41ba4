import { useState } from 'react';

const fallback = `${import.meta.env.BASE_URL}images/product-placeholder.svg`;

/** A product's small picture, decorative (its name is written beside it); the default picture when it has none or it fails. */
export function Thumbnail({ src, size = 40 }: { src: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : fallback;
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="thumb-image rounded"
      onError={() => {
        if (src && url === src) setFailed(src);
      }}
    />
  );
}
