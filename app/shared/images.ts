/** Widths (px) every uploaded image is re-encoded to, as WebP. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/** The variant widths that exist for an image whose stored (largest) width is `width`. */
export function variantWidths(width: number): number[] {
  const smaller = IMAGE_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  return [...smaller.filter((w) => w < largest), largest];
}

export type StoredImage = { imageKey: string; width: number; height: number };
/** A stored image with its alternative text, as pages show it. */
export type ImageWithAlt = StoredImage & { altText: string | null };

/**
 * The shop's own address of uploaded images: the default image base. Order lines keep their picture as a
 * path under it (`/uploads/{key}/{width}.webp`) whatever the store, so old rows stay valid.
 */
export const SHOP_IMAGE_BASE = "/uploads";

const IMAGE_KEY = /^[0-9a-f]{32}$/;
/** The only object keys the shop's /uploads route serves: `{32 hex}/{width}.webp`. */
const SERVED_IMAGE_PATH = /^[0-9a-f]{32}\/[0-9]{1,5}\.webp$/;

export function isImageKey(key: string): boolean {
  return IMAGE_KEY.test(key);
}

/** True for an object key the shop serves under /uploads (an image variant); nothing else is readable there. */
export function isServedImagePath(objectKey: string): boolean {
  return SERVED_IMAGE_PATH.test(objectKey);
}

/**
 * An image variant's URL. `base` is where the store's objects are fetched: `/uploads` (the shop itself) or
 * the bucket's public address or CDN (from the root loader: useImageBase() in components).
 */
export function imageUrl(key: string, width: number, base: string): string {
  return `${base}/${key}/${width}.webp`;
}

/** `src`, `srcSet`, width and height for an <img> of a stored image, its URLs under `base`. */
export function imageAttrs(img: StoredImage, preferredWidth: number, base: string) {
  const widths = variantWidths(img.width);
  const src = widths.find((w) => w >= preferredWidth) ?? widths[widths.length - 1]!;
  const largest = widths[widths.length - 1]!;
  return {
    src: imageUrl(img.imageKey, src, base),
    srcSet: widths.map((w) => `${imageUrl(img.imageKey, w, base)} ${w}w`).join(", "),
    width: largest,
    height: Math.round((img.height * largest) / img.width),
  };
}

/**
 * A picture path kept in a row (`/uploads/{key}/{width}.webp`, as order lines store it) at today's image
 * base; anything else (empty, another address) is returned as it is.
 */
export function storedImageUrl(stored: string | null, base: string): string | null {
  if (!stored) return null;
  const m = /^\/uploads\/([A-Za-z0-9_-]+\/[0-9]{1,5}\.webp)$/.exec(stored);
  return m ? `${base}/${m[1]}` : stored;
}

/** An absolute URL for feeds and structured data: a path is put under the shop's public origin. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${publicUrl.replace(/\/+$/, "")}${url}` : url;
}

export const PLACEHOLDER_IMAGE = "/placeholder.svg";
