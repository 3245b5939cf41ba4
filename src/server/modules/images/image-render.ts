import sharp from 'sharp';
import { IMAGE_STYLES, type ImageStyleName } from './image-styles';

/**
 * Originals larger than this many pixels (decoded, or an SVG at the size it declares) are
 * refused before they are decoded: 50 megapixels is a 8660 × 5770 photo, more than any product
 * shot needs, and keeps one render's memory in the low hundreds of MB.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** WebP quality of every style: smooth gradients of product shots without visible blocks. */
const WEBP_QUALITY = 82;

/** The original cannot be decoded (corrupt, truncated, not an image, or too large). */
export class UnreadableImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableImageError';
  }
}

export interface RenderedImage {
  data: Buffer;
  width: number;
  height: number;
}

const DEFAULT_DENSITY = 72;
const MAX_DENSITY = 100_000;

/**
 * Renders one style of an original: scaled to fit inside the style's box (aspect ratio kept,
 * never cropped), never enlarged beyond the original's own pixels, as WebP.
 *
 * Vector originals (SVG) have no pixels of their own: they are rasterised at the density that
 * makes them exactly fill the box, so they are sharp at every size. Transparency is kept (WebP
 * has an alpha channel; an opaque picture is written without one). EXIF orientation of photos
 * is applied and metadata is not copied to the output.
 *
 * SVG input comes from a Buffer, so librsvg refuses every external reference (file paths,
 * http URLs); only data: URIs inside the document render.
 */
export async function renderImageStyle(original: Buffer, style: ImageStyleName): Promise<RenderedImage> {
  const box = IMAGE_STYLES[style];
  try {
    // Reading the header decodes no pixels; the size check comes next, once the format is known.
    const meta = await sharp(original, { limitInputPixels: false }).metadata();
    const isSvg = meta.format === 'svg';
    let density = DEFAULT_DENSITY;
    if (isSvg && meta.width && meta.height) {
      // An SVG's declared size is nominal: rasterise it at the box size, whatever it declares.
      const scale = Math.min(box.width / meta.width, box.height / meta.height);
      density = Math.min(MAX_DENSITY, Math.max(1, DEFAULT_DENSITY * scale));
    }
    // The limit applies to what is decoded: a photo's pixels, an SVG at the density above.
    const { data, info } = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', density, autoOrient: true })
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: !isSvg })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnreadableImageError(`sharp cannot render this image: ${reason}`, { cause: error });
  }
}
