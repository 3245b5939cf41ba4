/**
 * The image styles of product pictures, as Drupal's image styles: each one scales the original
 * to fit inside a square box (never cropped) and is served as WebP.
 *
 * - small_thumbnail: cart lines, order overviews, the quote dialog (shown at ~50–64 px, 2× for
 *   high-density screens).
 * - thumbnail: the product card; the assortment grid is at most ~350 px per column (3 columns in
 *   a 1140 px container, one column on a phone), so 400 covers it.
 * - large: the gallery of the product detail page (a half-width column, sharp on 2× screens).
 *
 * Rendered files are cached under DATA_DIR/image-styles/{style}/; after changing a box, delete
 * that folder (a cache can always be rebuilt) so files of the old size are not served on.
 */
export const IMAGE_STYLES = {
  small_thumbnail: { width: 100, height: 100 },
  thumbnail: { width: 400, height: 400 },
  large: { width: 900, height: 900 },
} as const;

export type ImageStyleName = keyof typeof IMAGE_STYLES;

export const IMAGE_STYLE_NAMES = Object.keys(IMAGE_STYLES) as [ImageStyleName, ...ImageStyleName[]];

/** The address of one style of a file: `{apiBase}/images/styles/{style}/{uuid}.webp`. */
export function imageStyleUri(apiBase: string, style: ImageStyleName, fileUuid: string): string {
  return `${apiBase}/images/styles/${style}/${fileUuid}.webp`;
}

/** The addresses of all three styles of a file, as `image_style_uri` of a product image. */
export function imageStyleUris(
  apiBase: string,
  fileUuid: string,
): { small_thumbnail: string; thumbnail: string; large: string } {
  return {
    small_thumbnail: imageStyleUri(apiBase, 'small_thumbnail', fileUuid),
    thumbnail: imageStyleUri(apiBase, 'thumbnail', fileUuid),
    large: imageStyleUri(apiBase, 'large', fileUuid),
  };
}
