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

export function imageUrl(key: string, width: number): string {
  return `/uploads/${key}/${width}.webp`;
}

/** `src`, `srcSet`, width and height for an <img> of a stored image. */
export function imageAttrs(img: StoredImage, preferredWidth = 640) {
  const widths = variantWidths(img.width);
  const src = widths.find((w) => w >= preferredWidth) ?? widths[widths.length - 1]!;
  const largest = widths[widths.length - 1]!;
  return {
    src: imageUrl(img.imageKey, src),
    srcSet: widths.map((w) => `${imageUrl(img.imageKey, w)} ${w}w`).join(", "),
    width: largest,
    height: Math.round((img.height * largest) / img.width),
  };
}

export const PLACEHOLDER_IMAGE = "/placeholder.svg";
